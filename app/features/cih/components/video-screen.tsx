import { Form } from "react-router";
import { Link } from "~/components/link";
import type { VideoLevel, VideoTopic } from "~/db/schema/video-values";
import { formatUkDay } from "~/lib/dates";
import { VideoPlayer } from "../player/player";
import type { PlayerVideo } from "../player/player";
import { LEVEL_LABELS, TOPIC_LABELS, spokenLength } from "./labels";

export type VideoScreenData = {
  video: PlayerVideo;
  summary: string;
  topic: string;
  level: string;
  publishedOn: string;
  revisedOn: string | null;
  bodyHtml: string;
  related: { title: string; url: string }[];
  pageUrl: string;
  startAt: number | null;
  watched: boolean;
  signedIn: boolean;
  saved: boolean;
  captionsOn: boolean;
};

const BUTTON = "rounded border border-brand px-3 py-2 text-sm font-semibold text-brand";

/** The save button of a video: a form, so that it works without JavaScript. */
function SaveVideo({ slug, saved, signedIn, back }: { slug: string; saved: boolean; signedIn: boolean; back: string }) {
  if (!signedIn)
    return (
      <p className="text-sm">
        <Link to={`/login?next=${encodeURIComponent(back)}`} className="text-brand underline">
          Log in
        </Link>{" "}
        to save videos and carry on where you stopped, on any device.
      </p>
    );
  return (
    <Form method="post">
      <input type="hidden" name="slug" value={slug} />
      <button type="submit" name="intent" value={saved ? "unsave" : "save"} className={BUTTON}>
        {saved ? "Remove from saved videos" : "Save for later"}
      </button>
    </Form>
  );
}

/** What every video screen shows: title, player, the person's state, notes and official pages. */
export function VideoScreen({
  data,
  children,
  error,
}: {
  data: VideoScreenData;
  children?: React.ReactNode;
  error?: string | null;
}) {
  const v = data.video;
  return (
    <article>
      <h1 className="text-3xl font-bold">{v.title}</h1>
      <p className="mt-2 text-muted">
        {spokenLength(v.duration)} · {TOPIC_LABELS[data.topic as VideoTopic]} · {LEVEL_LABELS[data.level as VideoLevel]}{" "}
        · Published {formatUkDay(`${data.publishedOn}T12:00:00Z`)}
        {data.revisedOn ? ` · Checked ${formatUkDay(`${data.revisedOn}T12:00:00Z`)}` : ""}
      </p>
      <p className="mt-2 max-w-3xl text-lg">{data.summary}</p>
      {error ? (
        <p role="alert" className="mt-4 rounded border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {error}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <SaveVideo slug={v.slug} saved={data.saved} signedIn={data.signedIn} back={data.pageUrl} />
        {data.watched ? <p className="font-semibold">You have watched this video.</p> : null}
      </div>
      <div className="mt-4">
        <VideoPlayer
          video={v}
          startAt={data.startAt}
          captionsOn={data.captionsOn}
          progressUrl={data.signedIn ? `/api/cih/progress/${v.slug}` : null}
          preferencesUrl={data.signedIn ? "/api/cih/preferences" : null}
          pageUrl={data.pageUrl}
        />
      </div>
      {children}
      <section aria-labelledby="notes-heading" className="mt-8 max-w-3xl">
        <h2 id="notes-heading" className="text-xl font-semibold">
          About this video
        </h2>
        {/* Rendered from our own Markdown and sanitised at sync, like the blog. */}
        <div className="prose mt-2" dangerouslySetInnerHTML={{ __html: data.bodyHtml }} />
        {data.related.length ? (
          <>
            <h3 className="mt-6 text-lg font-semibold">Official pages</h3>
            <ul className="mt-2 list-disc pl-6">
              {data.related.map((r) => (
                <li key={r.url}>
                  <a href={r.url} className="text-brand underline" rel="noopener">
                    {r.title}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </article>
  );
}
