import { accessContext } from "~/features/access/context";
import { pageTitle } from "~/lib/meta";
import { routeForPattern } from "~/route-table";
import type { Route } from "./+types/page";

/**
 * The frame of every page whose content arrives with its own issue (its guard has already run in
 * the middleware). Kept out of search engines until it has content.
 */
export function loader({ pattern, context }: Route.LoaderArgs) {
  const route = routeForPattern(pattern);
  const { user } = context.get(accessContext);
  const isDashboard = /dashboard$/.test(pattern);
  return { title: route?.title ?? "Career Platform", firstName: isDashboard ? (user?.name.split(" ")[0] ?? null) : null };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: pageTitle(loaderData.title) }, { name: "robots", content: "noindex" }] : [];
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { title, firstName } = loaderData;
  return (
    <article>
      <h1 className="text-3xl font-bold">{title}</h1>
      {firstName ? <p className="mt-2 text-lg">Welcome back, {firstName}.</p> : null}
      <p className="mt-4 max-w-2xl text-muted">This part of the platform is being built. Check back soon.</p>
    </article>
  );
}
