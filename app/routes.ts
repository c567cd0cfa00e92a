import { type RouteConfig, route } from "@react-router/dev/routes";
import { PAGE_ROUTES, routeId } from "./features/access/route-table";

export default [
  ...PAGE_ROUTES.map((r) => route(r.path, r.module ?? "routes/page.tsx", { id: routeId(r) })),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
