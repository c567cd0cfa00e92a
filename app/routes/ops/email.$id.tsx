import { EmailDetailPage } from "~/features/ops/components/email-detail-page";
import { loadEmail, outboxAction } from "~/features/ops/email.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/email.$id";

export const loader = ({ params, context }: Route.LoaderArgs) => loadEmail(params.id, context);

export const action = ({ request, context }: Route.ActionArgs) => outboxAction(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ params }: Route.MetaArgs) {
  return [{ title: pageTitle(`Email #${params.id}`) }, { name: "robots", content: "noindex" }];
}

export default function OpsEmailDetail({ loaderData }: Route.ComponentProps) {
  return <EmailDetailPage {...loaderData} />;
}
