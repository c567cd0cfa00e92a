import { QueuePage } from "~/features/ops/components/queue-page";
import { loadQueue, queueAction } from "~/features/ops/queue.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/queue";

export const loader = ({ request, context }: Route.LoaderArgs) => loadQueue(new URL(request.url), context);

export const action = ({ request, context }: Route.ActionArgs) => queueAction(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Job queue") }, { name: "robots", content: "noindex" }];
}

export default function OpsQueue({ loaderData }: Route.ComponentProps) {
  return <QueuePage {...loaderData} />;
}
