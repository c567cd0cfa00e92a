import { PageFrame, pageFrameMeta } from "~/components/page-frame";
import { accessContext } from "~/features/access/context";
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
  return loaderData ? pageFrameMeta(loaderData.title) : [];
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PageFrame title={loaderData.title} firstName={loaderData.firstName} />;
}
