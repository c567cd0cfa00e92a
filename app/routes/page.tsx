import { data } from "react-router";
import { routeForPattern } from "~/features/access/route-table";
import { accessContext } from "~/lib/context";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/page";

/**
 * The frame of a page whose content arrives with its own issue: its guard has already
 * run in the root middleware; here it gets its title and heading.
 */
export function loader({ pattern, context }: Route.LoaderArgs) {
  const route = routeForPattern(pattern);
  if (!route) throw data(null, { status: 404 });
  const { user } = context.get(accessContext);
  return { title: route.title, firstName: user?.name.split(" ")[0] ?? null, isDashboard: /dashboard$/.test(pattern) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title ?? "Page") }];
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { title, firstName, isDashboard } = loaderData;
  return (
    <article>
      <h1 className="text-3xl font-bold">{title}</h1>
      {isDashboard && firstName ? <p className="mt-2 text-lg">Welcome back, {firstName}.</p> : null}
      <p className="mt-4 max-w-2xl text-muted">This part of the platform is being built. Check back soon.</p>
    </article>
  );
}
