import { Link } from "~/components/link";
import type { VideoLevel, VideoTopic } from "~/db/schema/video-values";
import type { VideoCard as Card } from "../pages.server";
import { LEVEL_LABELS, TOPIC_LABELS, spokenLength } from "./labels";

/** A video in a list: its poster, title, length, topic and level, and how far the person got. */
export function VideoCard({ video, children }: { video: Card; children?: React.ReactNode }) {
  const state = video.watched ? "Watched" : video.position ? `Started: ${spokenLength(video.position)} in` : null;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded border border-slate-300 bg-white">
      {video.posterUrl ? (
        <img
          src={video.posterUrl}
          alt=""
          width={960}
          height={540}
          loading="lazy"
          className="aspect-video w-full bg-slate-200 object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-4">
        <h3 className="text-lg font-semibold">
          <Link to={video.url} className="text-brand underline underline-offset-2">
            {video.title}
          </Link>
        </h3>
        <p className="mt-1 text-sm text-muted">
          {spokenLength(video.duration)} · {TOPIC_LABELS[video.topic as VideoTopic]} ·{" "}
          {LEVEL_LABELS[video.level as VideoLevel]}
          {video.locked ? " · Premium" : ""}
        </p>
        <p className="mt-2 flex-1">{video.summary}</p>
        {state ? <p className="mt-2 text-sm font-semibold">{state}</p> : null}
        {children}
      </div>
    </article>
  );
}

export function VideoGrid({ videos, children }: { videos: Card[]; children?: (video: Card) => React.ReactNode }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {videos.map((v) => (
        <li key={v.slug}>
          <VideoCard video={v}>{children?.(v)}</VideoCard>
        </li>
      ))}
    </ul>
  );
}
