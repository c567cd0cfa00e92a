import { Form } from "react-router";
import type { loadSavedVideos } from "../pages.server";
import { VideoGrid } from "./video-card";

type SavedVideosData = Awaited<ReturnType<typeof loadSavedVideos>>;

/** /cih/saved-videos: the videos the person saved, newest first, each with its remove button. */
export function SavedVideosPage({ videos, error }: SavedVideosData & { error: string | null }) {
  return (
    <article>
      <h1 className="text-3xl font-bold">Saved videos</h1>
      {error ? (
        <p role="alert" className="mt-4 rounded border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {error}
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
