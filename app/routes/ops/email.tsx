import { EmailPage } from "~/features/ops/components/email-page";
import { loadOutbox, outboxAction } from "~/features/ops/email.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/email";

export const loader = ({ request, context }: Route.LoaderArgs) => loadOutbox(new URL(request.url), context);

export const action = ({ request, context }: Route.ActionArgs) => outboxAction(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Email outbox") }, { name: "robots", content: "noindex" }];
}

export default function OpsEmail({ loaderData }: Route.ComponentProps) {
  return <EmailPage {...loaderData} />;
}
