import type { RouteConfigEntry } from "@react-router/dev/routes";
import { type RouteObject, type StaticHandler, createStaticHandler } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";
import { describe, expect, it } from "vitest";
import { oneTrailingSlash } from "~/lib/route-matching.server";
import routes from "~/routes";
import { PAGE_ROUTES } from "~/route-table";

/** The app's routes as the server build nests them, under the root route. */
const toRoute = (entry: RouteConfigEntry): RouteObject =>
  ({
    id: entry.id,
    path: entry.path,
    index: entry.index,
    children: entry.children?.map(toRoute),
  }) as RouteObject;
const tree = (): RouteObject[] => [{ id: "root", path: "", children: routes.map(toRoute) }];

unstable_preloadRoutePattern();
const byDefault = createStaticHandler(tree());
const byPattern = createStaticHandler(tree(), { future: { unstable_routePatternMatching: true } });

/** The routes a handler matches for a path, with their params, as the page's data query sees them. */
async function matched(handler: StaticHandler, path: string) {
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  return { routes: context.matches.map((m) => m.route.id), params: context.matches.at(-1)?.params };
}

/** Each address a route answers, with sample values for its parameters (with and without an optional one). */
function addressesOf(pattern: string): string[] {
  let paths = [""];
  for (const segment of pattern.split("/").slice(1)) {
    const optional = segment.endsWith("?");
    const name = segment.replace(/\?$/, "");
    const value = name === "*" ? "a/b" : name.startsWith(":") ? `${name.slice(1)}-1` : name;
    paths = paths.flatMap((p) => (optional ? [`${p}/${value}`, p] : [`${p}/${value}`]));
  }
  return paths.map((p) => p || "/");
}

describe("the server's route-pattern matcher", () => {
  const addresses = PAGE_ROUTES.flatMap((r) => addressesOf(r.path));
  const variants = addresses.flatMap((a) => [
    a,
    `${a}/`,
    a.toUpperCase(),
    `${a}/extra`,
    `${a}/extra/more`,
    a.split("/").slice(0, -1).join("/") || "/",
  ]);
  const odd = [
    ...["/", "//", "///", "//student-dashboard", "/student-dashboard//", "/blog//", "/a//b", "/jobs//x", "/jobs/"],
    ...["/jobs%2Fx", "/blog/a%20b", "/%C3%A9t%C3%A9", "/./", "/a/../student-dashboard", "/nothing/here/at/all"],
  ];

  it("matches every address of the route table, and odd ones, to the routes React Router's default matcher does", async () => {
    expect(addresses.length).toBeGreaterThan(150);
    for (const path of new Set([...variants, ...odd])) {
      const url = oneTrailingSlash(`http://localhost${path}`).slice("http://localhost".length);
      expect({ path, ...(await matched(byPattern, url)) }).toEqual({ path, ...(await matched(byDefault, path)) });
    }
  });
});
