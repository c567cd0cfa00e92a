import { ShareStoryPage } from "~/features/blog/components/share-story";
import { loadStoryPage, storyPageAction } from "~/features/blog/story-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/share-your-success-story";

export const loader = ({ url, context }: Route.LoaderArgs) => loadStoryPage(url, context);

export const action = ({ request, context }: Route.ActionArgs) => storyPageAction(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.sent ? "Story received" : "Share your success story") }];
}

export default function ShareYourSuccessStory({ loaderData, actionData }: Route.ComponentProps) {
  return <ShareStoryPage data={loaderData} form={actionData} />;
}
