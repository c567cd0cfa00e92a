import { UnsubscribePage } from "~/features/jobs/components/unsubscribe-page";
import { loadUnsubscribePage, unsubscribeAction } from "~/features/jobs/unsubscribe-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/unsubscribe-job-newsletter.$email";

export const loader = ({ url, params, context }: Route.LoaderArgs) => loadUnsubscribePage(url, params.email, context);

export const action = ({ url, params, context }: Route.ActionArgs) => unsubscribeAction(url, params.email, context);

export function meta() {
  return [{ title: pageTitle("Unsubscribe from job alerts") }, { name: "robots", content: "noindex" }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function UnsubscribeJobNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { email, done, error } = actionData ?? loaderData;
  return <UnsubscribePage email={email} done={done} error={error} />;
}
