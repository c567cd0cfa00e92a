import type { RouterContextProvider } from "react-router";
import { requireStaff } from "~/features/access/index.server";

type Context = Readonly<RouterContextProvider>;

/** /ops: who is signed in; the sections are the console's navigation. */
export function loadOverview(context: Context) {
  const staff = requireStaff(context);
  return { name: staff.name };
}
