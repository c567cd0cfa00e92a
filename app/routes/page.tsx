import { data } from "react-router";
import { PageFrame, pageFrameMeta } from "~/components/page-frame";
import { NotFound } from "~/components/status-pages";
import { matchGenericPage } from "~/features/access/route-table";
import { accessContext } from "~/lib/context";
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
  return loaderData?.page ? pageFrameMeta(loaderData.page.title) : [];
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  if (!page) return <NotFound />;
  return <PageFrame title={page.title} firstName={page.firstName} />;
}
