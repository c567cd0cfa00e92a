import { Form } from "react-router";
import { VideoGrid } from "~/features/cih/components/video-card";
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
  const { videos } = loaderData;
  return (
    <article>
      <h1 className="text-3xl font-bold">Saved videos</h1>
      {actionData && "error" in actionData ? (
        <p role="alert" className="mt-4 rounded border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {actionData.error}
        </p>
      ) : null}
      {videos.length ? (
        <>
          <p className="mt-2">The videos you saved most recently come first.</p>
          <VideoGrid videos={videos}>
            {(v) => (
              <Form method="post" className="mt-3">
                <input type="hidden" name="slug" value={v.slug} />
                <button
                  type="submit"
                  name="intent"
                  value="unsave"
                  className="rounded border border-brand px-3 py-2 text-sm font-semibold text-brand"
                >
                  Remove <span className="sr-only">{v.title}</span> from saved videos
                </button>
              </Form>
            )}
          </VideoGrid>
        </>
      ) : (
        <p className="mt-4">
          You have not saved any videos yet. Choose “Save for later” under a video in the{" "}
          <a href="/cih/standard" className="text-brand underline">
            career videos
          </a>{" "}
          to keep it here.
        </p>
      )}
    </article>
  );
}
