import { ModerationPage } from "~/features/ops/components/moderation-page";
import { loadModerationQueue } from "~/features/ops/moderation.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/moderation";

export const loader = ({ request, context }: Route.LoaderArgs) => loadModerationQueue(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Moderation") }, { name: "robots", content: "noindex" }];
}

export default function Moderation({ loaderData }: Route.ComponentProps) {
  return <ModerationPage {...loaderData} />;
}
