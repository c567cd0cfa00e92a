import { type RouteConfig, route } from "@react-router/dev/routes";
import { CATCH_ALL, PAGE_ROUTES, routeId } from "./features/access/route-table";

// Every path lives in the route table; pages without a module of their own share the catch-all.
export default [
  ...PAGE_ROUTES.filter((r) => r.module).map((r) => route(r.path, r.module!, { id: routeId(r) })),
  route(CATCH_ALL, "routes/page.tsx", { id: "page" }),
] satisfies RouteConfig;
