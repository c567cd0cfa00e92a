import { ModerationItemPage } from "~/features/ops/components/moderation-item-page";
import { loadModerationItem, moderationItemAction } from "~/features/ops/moderation.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/moderation.$kind.$id";

export const loader = ({ context, params }: Route.LoaderArgs) => loadModerationItem(context, params.kind, params.id);

export const action = ({ request, context, params }: Route.ActionArgs) =>
  moderationItemAction(request, context, params.kind, params.id);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData ? `${loaderData.kind}: ${loaderData.title}` : "Moderation") },
    { name: "robots", content: "noindex" },
  ];
}

export default function ModerationItem({ loaderData, actionData }: Route.ComponentProps) {
  return <ModerationItemPage item={loaderData} answer={actionData} />;
}
