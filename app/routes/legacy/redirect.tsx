import { redirect } from "react-router";
import { movedTarget } from "~/features/access/guard.server";
import { routeForPattern } from "~/route-table";
import type { Route } from "./+types/redirect";

/** Old addresses move permanently; the root middleware answers first, this loader backs it up. */
export function loader({ pattern, params }: Route.LoaderArgs) {
  const route = routeForPattern(pattern);
  return redirect((route && movedTarget(route, params)) ?? "/", 301);
}
