import { type RouterContextProvider, data } from "react-router";
import { dbContext } from "~/db/context";
import { requireEmployer } from "~/features/access/index.server";
import { organisationOfEmployer } from "./verification.server";

/**
 * Every employer page's first read: the signed-in employer (an active employer account, checked on the
 * server) and their organisation, with their address and name. An account without one has nothing to show.
 */
export async function ownOrganisation(context: Readonly<RouterContextProvider>) {
  const employer = requireEmployer(context);
  const mine = await organisationOfEmployer(context.get(dbContext), employer.id);
  if (!mine) throw data(null, { status: 404 });
  return { employer, ...mine };
}
