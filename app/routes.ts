import { type RouteConfig, layout, route } from "@react-router/dev/routes";
import { AREAS, type PageRoute, routeId } from "./route-table";

const toRoute = (r: PageRoute) => route(r.path, r.module, { id: routeId(r) });

// Every path lives in the route table; an area with navigation of its own is a layout route around its pages.
export default [
  ...AREAS.flatMap((a) =>
    a.layout ? [layout(a.layout, { id: `area.${a.area}` }, a.pages.map(toRoute))] : a.pages.map(toRoute),
  ),
  route("*", "routes/public/$.tsx", { id: "not-found" }),
] satisfies RouteConfig;
