/* eslint-disable no-restricted-syntax -- React Router's own, wrapped here (and compared with them in the test). */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
} from "react-router";
import { describe, expect, it } from "vitest";
import { Link, NavLink } from "./link";

/** The markup `element` renders on the server at `here`, as a page's render does. */
async function rendered(here: string, element: ReactNode): Promise<string> {
  const handler = createStaticHandler([{ path: "*", Component: () => element }]);
  const context = await handler.query(new Request(`http://localhost${here}`));
  if (context instanceof Response) throw new Error("no page");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const LINKS: Parameters<typeof Link>[0][] = [
  { to: "/jobs", children: "Jobs" },
  { to: "/", children: "Home" },
  { to: "/country-guide/uk/", children: "UK" },
  { to: "/jobs?q=data%20analyst&page=2#results", className: "underline", children: "Search" },
  { to: "/blog/a-story's-end", target: "_blank", rel: "noopener", children: "Story" },
  { to: "/door", reloadDocument: true, replace: true, state: { from: "x" }, children: "Door" },
  { to: "/jobs", discover: "none", children: "Not discovered" },
  // Through React Router: relative, to resolve, repeated slashes, an empty query, a character to encode.
  { to: "saved", children: "Relative" },
  { to: "/jobs/../blog", children: "Up" },
  { to: "/jobs//x", children: "Doubled" },
  { to: "/jobs?", children: "Empty query" },
  { to: "/a b", children: "Space" },
  { to: { pathname: "/jobs", search: "?q=x" }, children: "Object" },
];

describe("Link on the server", () => {
  it.each(LINKS)("writes what React Router's writes: %o", async (props) => {
    const here = "/student-dashboard";
    expect(await rendered(here, <Link {...props} />)).toBe(await rendered(here, <RouterLink {...props} />));
  });

  it("takes the short way for a plain address of the site only", () => {
    const way = (props: Parameters<typeof Link>[0]) => (Link(props).type === "a" ? "anchor" : "React Router");
    expect(LINKS.slice(0, 6).map(way)).toEqual(Array(6).fill("anchor"));
    expect(LINKS.slice(6).map(way)).toEqual(Array(LINKS.length - 6).fill("React Router"));
  });
});

const NAV_LINKS: Parameters<typeof NavLink>[0][] = [
  { to: "/jobs", children: "Jobs" },
  { to: "/jobs", end: true, children: "Jobs, end" },
  { to: "/JOBS", children: "Capitals" },
  { to: "/JOBS", caseSensitive: true, children: "Capitals, case-sensitive" },
  { to: "/jobs/", className: "nav", children: "Trailing slash" },
  { to: "/job", children: "A prefix that is not a segment" },
  { to: "/", children: "Home" },
  { to: "/jobs", "aria-current": "step", className: "nav", style: { color: "red" }, children: "Step" },
  {
    to: "/jobs?q=x",
    className: ({ isActive, isPending }) => `link ${isActive ? "on" : "off"} ${isPending ? "pending" : ""}`,
    style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }),
    children: ({ isActive }) => (isActive ? "Here" : "There"),
  },
  { to: "saved", children: "Relative" },
];

describe("NavLink on the server", () => {
  for (const here of ["/jobs", "/jobs/123", "/Jobs/", "/", "/jobseekers"])
    it.each(NAV_LINKS)(`at ${here}, writes what React Router's writes: %o`, async (props) => {
      expect(await rendered(here, <NavLink {...props} />)).toBe(await rendered(here, <RouterNavLink {...props} />));
    });
});
