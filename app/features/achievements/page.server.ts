import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/db/context";
import { requireUser } from "~/features/access/index.server";
import { achievementsOf } from "./queries.server";

/** /achievements: the person's own badges, earned and still to earn. */
export function loadAchievements(context: Readonly<RouterContextProvider>) {
  return achievementsOf(context.get(dbContext), requireUser(context).id);
}
