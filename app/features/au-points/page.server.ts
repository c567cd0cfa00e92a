import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/db/context";
import { accessContext } from "~/features/access";
import { pointsHref } from "./paths";
import { listResults } from "./queries.server";
import type { Answers } from "./schema";
import { todayInAustralia } from "./today";

const SAVED_ON = new Intl.DateTimeFormat("en-AU", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Australia/Sydney",
});

/** The calculator's page: today in Australia (the default invitation date), and a member's saved results. */
export async function loadPointsPage(context: Readonly<RouterContextProvider>) {
  const { user } = context.get(accessContext);
  const db = context.get(dbContext);
  const saved = user ? await listResults(db, user.id) : [];
  return {
    // The analytics count the members who used the calculator, as their browser reports it.
    view: user ? ({ page: "au-points" } as const) : null,
    today: todayInAustralia(),
    saved: saved.map((r) => ({
      id: r.id,
      total: r.total,
      savedOn: SAVED_ON.format(r.createdAt),
      href: pointsHref(r.answers as Answers),
    })),
  };
}

export type PointsPageData = Awaited<ReturnType<typeof loadPointsPage>>;
