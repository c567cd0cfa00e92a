import { SavedVideosPage } from "~/features/cih/components/saved-videos-page";
import { loadSavedVideos, videoAction } from "~/features/cih/pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/saved-videos";

// Guard B has run in the root middleware: the user is logged in.
export function loader({ context }: Route.LoaderArgs) {
  return loadSavedVideos(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return videoAction(request, context, "/cih/saved-videos");
}

export function meta() {
  return [{ title: pageTitle("Saved videos") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function SavedVideos({ loaderData, actionData }: Route.ComponentProps) {
  return <SavedVideosPage videos={loaderData.videos} error={actionData?.error ?? null} />;
}
