import { data } from "react-router";
import { NotFound } from "~/components/status-pages";
import { matchGenericPage } from "~/features/access/route-table";
import { accessContext } from "~/lib/context";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/page";

/**
 * The catch-all route: the frame of every page whose content arrives with its own issue (its
 * guard has already run in the root middleware), and the 404 page for paths the product lacks.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const match = matchGenericPage(url.pathname);
  if (!match) return data({ page: null }, { status: 404 });
  const { user } = context.get(accessContext);
  const isDashboard = /dashboard$/.test(match.route.path);
  return { page: { title: match.route.title, firstName: isDashboard ? (user?.name.split(" ")[0] ?? null) : null } };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData?.page ? [{ title: pageTitle(loaderData.page.title) }] : [];
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  if (!page) return <NotFound />;
  return (
    <article>
      <h1 className="text-3xl font-bold">{page.title}</h1>
      {page.firstName ? <p className="mt-2 text-lg">Welcome back, {page.firstName}.</p> : null}
      <p className="mt-4 max-w-2xl text-muted">This part of the platform is being built. Check back soon.</p>
    </article>
  );
}
