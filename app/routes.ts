import { type RouteConfig, layout, route } from "@react-router/dev/routes";
import { type PageRoute, ROUTE_TREE, routeId } from "./route-table";

const toRoute = (r: PageRoute) => route(r.path, r.module, { id: routeId(r) });

// Every path lives in the route table; each area of the product is a layout route around its pages.
export default [
  ...ROUTE_TREE.map((node) =>
    "pages" in node ? layout(node.layout, { id: `area.${node.area}` }, node.pages.map(toRoute)) : toRoute(node),
  ),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
