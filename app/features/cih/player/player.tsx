import { type JSX, type KeyboardEvent, type MouseEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { useProgressSaving } from "./progress";
import {
  PLAYBACK_RATES,
  chapterIndexAt,
  clamp,
  cueIndexAt,
  formatTime,
  highlight,
  mediaUrlAt,
  resumePoint,
  scrollTopToReveal,
  searchCues,
  searchSummary,
  seekHref,
  shortcutFor,
  stepRate,
} from "./transcript";

export type PlayerCue = { start: number; end: number; text: string }; // seconds
export type PlayerChapter = { start: number; title: string };
export type PlayerVideo = {
  slug: string;
  title: string;
  /** null when the viewer may not play it (never happens for pages that render a player, but type it). */
  media: { url: string; type: string } | null; // type: "video/mp4" or "application/vnd.apple.mpegurl"
  posterUrl: string | null;
  captions: { url: string; language: string; label: string } | null; // WebVTT
  duration: number; // seconds
  chapters: PlayerChapter[];
  transcript: PlayerCue[];
};
export type PlayerProps = {
  video: PlayerVideo;
  /** Where to start: the saved position (resume on any device), or a `?t=` from the address. */
  startAt: number | null;
  /** The viewer's preference: captions showing when the video loads. */
  captionsOn: boolean;
  /** PUT/POST here to save the position ({ position, duration } JSON, seconds); null for a visitor (nothing saved). */
  progressUrl: string | null;
  /** PUT { captions: boolean } here when the viewer changes "Always show captions"; null for a visitor (the checkbox is not shown). */
  preferencesUrl: string | null;
  /** The page's own address, for no-JavaScript links: a transcript line or chapter links to `${pageUrl}?t=<seconds>#player`. */
  pageUrl: string;
};

const HLS_TYPES = new Set(["application/vnd.apple.mpegurl", "application/x-mpegurl"]);
const BUTTON = "min-h-8 rounded border border-slate-500 bg-white px-3 py-1 text-sm hover:bg-slate-100";
const LINE = "flex min-h-8 gap-3 border-l-4 px-2 py-1 text-left hover:bg-slate-100";
const SHORTCUTS: [string, string][] = [
  ["K or Space", "Play or pause"],
  ["J / L", "Back / forward 10 seconds"],
  ["← / →", "Back / forward 5 seconds"],
  ["C", "Captions on or off"],
  ["< / >", "Slower / faster"],
];

/** A new video is a new player: the element, its source and every state start afresh. */
export function VideoPlayer(props: PlayerProps): JSX.Element {
  return <Player key={props.video.slug} {...props} />;
}

function Player({ video, startAt, captionsOn, progressUrl, preferencesUrl, pageUrl }: PlayerProps): JSX.Element {
  const { media, captions, chapters, transcript } = video;
  const hydrated = useHydrated();
  const id = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const trackRef = useRef<HTMLTrackElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  /** The pointer is over the transcript or focus is in it: it does not scroll under the reader. */
  const browsing = useRef({ pointer: false, focus: false });
  const prefRequest = useRef(0);

  const resume = resumePoint(startAt, video.duration);
  const [cueIndex, setCueIndex] = useState(() => cueIndexAt(transcript, resume ?? 0));
  const [chapterIndex, setChapterIndex] = useState(() => chapterIndexAt(chapters, resume ?? 0));
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const [rate, setRate] = useState(1);
  const [alwaysCaptions, setAlwaysCaptions] = useState(captionsOn);
  const [prefError, setPrefError] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const [canPlay, setCanPlay] = useState(true);
  const [query, setQuery] = useState("");
  const shown = useMemo(() => searchCues(transcript, query), [transcript, query]);

  useProgressSaving(videoRef, progressUrl, { duration: video.duration, saved: resume });

  // Metadata may have loaded before hydration, so the listener alone could miss it.
  useEffect(() => {
    const el = videoRef.current;
    if (!el || resume === null) return;
    let done = false;
    const onMetadata = () => {
      const length = Number.isFinite(el.duration) ? el.duration : video.duration;
      if (done || resumePoint(resume, length) === null) return;
      done = true;
      // The media fragment (#t=) may already have started it there.
      if (Math.abs(el.currentTime - resume) > 0.5) el.currentTime = resume;
      setResumedAt(resume);
    };
    if (el.readyState >= HTMLMediaElement.HAVE_METADATA) onMetadata();
    el.addEventListener("loadedmetadata", onMetadata);
    return () => el.removeEventListener("loadedmetadata", onMetadata);
  }, [resume, video.duration]);

  useEffect(() => {
    const el = videoRef.current;
    if (!el) return;
    const onTime = () => {
      setCueIndex(cueIndexAt(transcript, el.currentTime));
      setChapterIndex(chapterIndexAt(chapters, el.currentTime));
    };
    const onRate = () => setRate(el.playbackRate);
    el.addEventListener("timeupdate", onTime);
    el.addEventListener("seeked", onTime);
    el.addEventListener("ratechange", onRate);
    return () => {
      el.removeEventListener("timeupdate", onTime);
      el.removeEventListener("seeked", onTime);
      el.removeEventListener("ratechange", onRate);
    };
  }, [transcript, chapters]);

  // Safari plays HLS itself; other browsers may not, and then the viewer gets a link instead.
  useEffect(() => {
    if (media && videoRef.current) setCanPlay(videoRef.current.canPlayType(media.type) !== "");
  }, [media]);

  // The spoken line stays in sight within the transcript box; the page itself never scrolls.
  useEffect(() => {
    const box = boxRef.current;
    const line = box?.querySelector<HTMLElement>(`[data-cue="${cueIndex}"]`);
    if (!box || !line || browsing.current.pointer || browsing.current.focus) return;
    const top = line.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop + box.scrollTop;
    const next = scrollTopToReveal(
      { scrollTop: box.scrollTop, height: box.clientHeight, scrollHeight: box.scrollHeight },
      { top, height: line.offsetHeight },
    );
    if (next !== null) box.scrollTop = next;
  }, [cueIndex, shown]);

  function seekTo(seconds: number) {
    const el = videoRef.current;
    if (!el) return;
    el.currentTime = clamp(seconds, 0, Number.isFinite(el.duration) ? el.duration : video.duration);
    setCueIndex(cueIndexAt(transcript, seconds));
    setChapterIndex(chapterIndexAt(chapters, seconds));
  }

  /** With JavaScript a time link seeks in place; a modified click still opens the link. */
  function onTimeLink(event: MouseEvent<HTMLAnchorElement>, seconds: number) {
    if (!media || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    seekTo(seconds);
  }

  function setCaptionsShowing(on: boolean) {
    const track = trackRef.current?.track;
    if (track) track.mode = on ? "showing" : "hidden";
  }

  async function changeCaptionsPreference(on: boolean) {
    setAlwaysCaptions(on);
    setCaptionsShowing(on);
    setPrefError("");
    if (!preferencesUrl) return;
    const request = ++prefRequest.current;
    const ok = await fetch(preferencesUrl, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ captions: on }),
    }).then(
      (response) => response.ok,
      () => false,
    );
    if (!ok && request === prefRequest.current)
      setPrefError("Your captions choice could not be saved. Please try again.");
  }

  // Only on the video or the wrapper itself: keys typed in the search box, the speed list or a link are theirs.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const el = videoRef.current;
    if (!el || (event.target !== event.currentTarget && event.target !== el)) return;
    const action = shortcutFor(event);
    if (!action) return;
    event.preventDefault();
    if (action.type === "toggle-play") {
      if (el.paused) el.play().catch(() => {});
      else el.pause();
    } else if (action.type === "seek-by") {
      seekTo(el.currentTime + action.seconds);
    } else if (action.type === "rate") {
      el.playbackRate = stepRate(el.playbackRate, action.direction);
      setAnnouncement(`Speed ${el.playbackRate}×`);
    } else {
      const track = trackRef.current?.track;
      if (!track) return setAnnouncement("This video has no captions");
      setCaptionsShowing(track.mode !== "showing");
      setAnnouncement(track.mode === "showing" ? "Captions on" : "Captions off");
    }
  }

  const rates: number[] = (PLAYBACK_RATES as readonly number[]).includes(rate)
    ? [...PLAYBACK_RATES]
    : [...PLAYBACK_RATES, rate].sort((a, b) => a - b);
  const start = resume;
  const isHls = media ? HLS_TYPES.has(media.type.toLowerCase()) : false;
  const streamNote = media ? (
    <>
      Your browser may not play this stream here.{" "}
      <a className="text-blue-700 underline" href={media.url}>
        Open the video stream
      </a>{" "}
      in an app that plays HLS (such as VLC or Safari).
    </>
  ) : null;

  return (
    <div className={transcript.length ? "grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" : ""}>
      {/* The wrapper takes focus (tabIndex -1) so that the shortcuts work after a click beside the video. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the keys come from the video and the wrapper; see onKeyDown */}
      <div id="player" tabIndex={-1} onKeyDown={onKeyDown} className="min-w-0 scroll-mt-4 space-y-3">
        {media ? (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- the track is there whenever the video has captions to offer
          <video
            ref={videoRef}
            className="aspect-video w-full rounded bg-black"
            controls
            preload="metadata"
            playsInline
            poster={video.posterUrl ?? undefined}
            aria-label={video.title}
          >
            <source src={mediaUrlAt(media.url, start)} type={media.type} />
            {captions ? (
              <track
                ref={trackRef}
                kind="captions"
                src={captions.url}
                srcLang={captions.language}
                label={captions.label}
                default={captionsOn}
              />
            ) : null}
            <a href={media.url}>Download “{video.title}”</a>
          </video>
        ) : (
          <p className="rounded border border-slate-400 bg-white p-4">This video is not available to you.</p>
        )}
        {isHls && !canPlay ? <p className="text-sm">{streamNote}</p> : null}
        {isHls ? (
          <noscript>
            <p className="text-sm">{streamNote}</p>
          </noscript>
        ) : null}

        <div className="flex flex-wrap items-center gap-3">
          <p role="status" aria-live="polite" className="text-sm">
            {resumedAt !== null ? `Resumed at ${formatTime(resumedAt)}` : ""}
          </p>
          {resumedAt !== null ? (
            <button
              type="button"
              className={BUTTON}
              onClick={() => {
                seekTo(0);
                setResumedAt(null);
                // The button goes away: keep the keyboard user on the video rather than the page's start.
                videoRef.current?.focus();
              }}
            >
              Start from the beginning
            </button>
          ) : null}
        </div>

        {media ? (
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
            <div className="flex items-center gap-2">
              <label htmlFor={`${id}-rate`}>Playback speed</label>
              <select
                id={`${id}-rate`}
                className="min-h-8 rounded border border-slate-500 bg-white px-2"
                value={rate}
                disabled={!hydrated}
                onChange={(event) => {
                  if (videoRef.current) videoRef.current.playbackRate = Number(event.target.value);
                }}
              >
                {rates.map((r) => (
                  <option key={r} value={r}>
                    {r === 1 ? "Normal (1×)" : `${r}×`}
                  </option>
                ))}
              </select>
            </div>
            {preferencesUrl && captions ? (
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={alwaysCaptions}
                  disabled={!hydrated}
                  onChange={(event) => void changeCaptionsPreference(event.target.checked)}
                />
                Always show captions
              </label>
            ) : null}
            {prefError ? (
              <p role="alert" className="font-medium text-red-800">
                {prefError}
              </p>
            ) : null}
          </div>
        ) : null}

        {media ? (
          <details className="text-sm">
            <summary className="min-h-6 cursor-pointer">Keyboard shortcuts</summary>
            <p className="mt-2">When the video or the area around it has focus:</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              {SHORTCUTS.map(([keys, what]) => (
                <div key={keys} className="contents">
                  <dt className="font-semibold">{keys}</dt>
                  <dd>{what}</dd>
                </div>
              ))}
            </dl>
          </details>
        ) : null}
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>

        {chapters.length ? (
          <section>
            <h2 className="text-lg font-semibold">Chapters</h2>
            <ol className="mt-2 space-y-1">
              {chapters.map((chapter, i) => (
                <li key={`${chapter.start}-${i}`}>
                  <a
                    href={seekHref(pageUrl, chapter.start)}
                    onClick={(event) => onTimeLink(event, chapter.start)}
                    aria-current={i === chapterIndex ? "true" : undefined}
                    className={`${LINE} ${i === chapterIndex ? "border-blue-700 bg-blue-50 font-semibold" : "border-transparent"}`}
                  >
                    <span className="shrink-0 text-blue-700 tabular-nums underline">{formatTime(chapter.start)}</span>
                    <span>{chapter.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </div>

      {transcript.length ? (
        <section
          className="min-w-0"
          onPointerEnter={() => (browsing.current.pointer = true)}
          onPointerLeave={() => (browsing.current.pointer = false)}
          onFocus={() => (browsing.current.focus = true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) browsing.current.focus = false;
          }}
        >
          <h2 className="text-lg font-semibold">Transcript</h2>
          <label htmlFor={`${id}-search`} className="mt-2 block text-sm font-medium">
            Search the transcript
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className="mt-1 min-h-8 w-full rounded border border-slate-500 bg-white px-2"
            value={query}
            disabled={!hydrated}
            onChange={(event) => setQuery(event.target.value)}
          />
          <p role="status" aria-live="polite" className="mt-1 min-h-5 text-sm">
            {searchSummary(query, shown.length)}
          </p>
          {/* Focusable so that keyboard users can scroll it; a region so that they know what they scroll. */}
          <div
            ref={boxRef}
            role="region"
            aria-label="Transcript"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
            tabIndex={0}
            className="mt-2 h-80 overflow-y-auto rounded border border-slate-400 bg-white lg:h-[28rem]"
          >
            <ol>
              {shown.map((i) => {
                const cue = transcript[i]!;
                const current = i === cueIndex;
                return (
                  <li key={i} data-cue={i}>
                    <a
                      href={seekHref(pageUrl, cue.start)}
                      onClick={(event) => onTimeLink(event, cue.start)}
                      aria-current={current ? "true" : undefined}
                      className={`${LINE} ${current ? "border-blue-700 bg-blue-50 font-semibold" : "border-transparent"}`}
                    >
                      <span className="shrink-0 text-sm text-blue-700 tabular-nums underline">
                        {formatTime(cue.start)}
                      </span>
                      <span>
                        {highlight(cue.text, query).map((piece, k) =>
                          piece.match ? (
                            <mark key={k} className="bg-yellow-200 text-inherit">
                              {piece.text}
                            </mark>
                          ) : (
                            piece.text
                          ),
                        )}
                      </span>
                    </a>
                  </li>
                );
              })}
            </ol>
          </div>
        </section>
      ) : null}
    </div>
  );
}
