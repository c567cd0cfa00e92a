import { redirect } from "react-router";
import { movedTarget, routeForPattern } from "~/features/access/route-table";
import type { Route } from "./+types/legacy-redirect";

/** Old addresses move permanently; the root middleware answers first, this loader backs it up. */
export function loader({ pattern, params }: Route.LoaderArgs) {
  const route = routeForPattern(pattern);
  return redirect((route && movedTarget(route, params)) ?? "/", 301);
}
