import { type RefObject, useEffect } from "react";
import { roundPosition } from "./transcript";

/** What the server stores: seconds, to a tenth. */
export type ProgressBody = { position: number; duration: number };

export type ProgressTransport = {
  /** A PUT; resolves true when the server took it. A rejection counts as false. */
  send(body: ProgressBody): Promise<boolean>;
  /** A beacon (a POST that outlives the page); false when the browser would not queue it. */
  beacon(body: ProgressBody): boolean;
};

export type ProgressSaverOptions = ProgressTransport & {
  /** Milliseconds; injected so that tests drive the rhythm. */
  now: () => number;
  intervalMs?: number;
  /** Seconds the position must move before a periodic save. */
  minMove?: number;
  /** The position the server already holds, if known: it is not sent again. */
  saved?: number | null;
};

export type ProgressSaver = {
  /** Playback (re)started: the periodic rhythm counts from now. */
  playing(): void;
  /** A time update while playing: saves when the interval has passed and the position moved. */
  tick(position: number, duration: number): void;
  /** Pause or seek: saves now, or right after the request in flight. */
  flush(position: number, duration: number): void;
  /** The end: saves the full duration, so the server can count the video as watched. */
  ended(duration: number): void;
  /** The page is hidden, left or the player goes away: a beacon, if anything happened and is unsaved. */
  leave(position: number, duration: number): void;
};

export const SAVE_INTERVAL_MS = 5_000;

/**
 * Decides when the watch position is saved and keeps one request in flight at most: a periodic save
 * that finds one in flight is dropped (the next tick retries), a pause, seek or end waits for it.
 * Failures are silent: the position stays unsaved, so the next save carries it.
 */
export function createProgressSaver({
  send,
  beacon,
  now,
  intervalMs = SAVE_INTERVAL_MS,
  minMove = 1,
  saved = null,
}: ProgressSaverOptions): ProgressSaver {
  let lastSaved = saved === null ? null : roundPosition(saved);
  let lastSentAt = -Infinity;
  let inFlight: ProgressBody | null = null;
  let waiting: ProgressBody | null = null;
  let touched = false;

  const body = (position: number, duration: number): ProgressBody => ({
    position: roundPosition(position),
    duration: roundPosition(duration),
  });

  function dispatch(next: ProgressBody) {
    if (inFlight) {
      waiting = next;
      return;
    }
    inFlight = next;
    lastSentAt = now();
    send(next)
      .catch(() => false)
      .then((ok) => {
        if (ok) lastSaved = next.position;
        inFlight = null;
        const queued = waiting;
        waiting = null;
        if (queued && queued.position !== lastSaved) dispatch(queued);
      });
  }

  return {
    playing() {
      touched = true;
      lastSentAt = now();
    },
    tick(position, duration) {
      touched = true;
      const next = body(position, duration);
      if (inFlight || now() - lastSentAt < intervalMs) return;
      if (lastSaved !== null && Math.abs(next.position - lastSaved) < minMove) return;
      dispatch(next);
    },
    flush(position, duration) {
      touched = true;
      const next = body(position, duration);
      if (next.position === lastSaved && !inFlight) return;
      dispatch(next);
    },
    ended(duration) {
      touched = true;
      const next = body(duration, duration);
      if (next.position === lastSaved && !inFlight) return;
      dispatch(next);
    },
    leave(position, duration) {
      const next = body(position, duration);
      // Not skipped for a request in flight: a fetch dies with the page, a beacon does not.
      if (!touched || next.position === lastSaved) return;
      if (beacon(next)) {
        lastSaved = next.position;
        waiting = null;
      }
    },
  };
}

/** The browser's side: fetch for the PUT, `navigator.sendBeacon` as the page goes. */
export function httpTransport(url: string): ProgressTransport {
  return {
    send: (body) =>
      fetch(url, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify(body),
      }).then((response) => response.ok),
    beacon: (body) =>
      typeof navigator.sendBeacon === "function" &&
      navigator.sendBeacon(url, new Blob([JSON.stringify(body)], { type: "application/json" })),
  };
}

/** Saves the position of `videoRef`'s video to `url` while it is watched; nothing when `url` is null. */
export function useProgressSaving(
  videoRef: RefObject<HTMLVideoElement | null>,
  url: string | null,
  { duration, saved }: { duration: number; saved: number | null },
) {
  useEffect(() => {
    const video = videoRef.current;
    if (!url || !video) return;
    const saver = createProgressSaver({ ...httpTransport(url), now: () => performance.now(), saved });
    // The element's own duration once known; the page's figure before (and for a stream without one).
    const length = () => (Number.isFinite(video.duration) && video.duration > 0 ? video.duration : duration);
    const onPlay = () => saver.playing();
    const onTime = () => {
      if (!video.paused && !video.seeking) saver.tick(video.currentTime, length());
    };
    // Playing on to the end fires pause before ended; that pause is the end, not a stop part-way.
    const onPause = () => {
      if (!video.ended) saver.flush(video.currentTime, length());
    };
    const onSeeked = () => saver.flush(video.currentTime, length());
    const onEnded = () => saver.ended(length());
    const onLeave = () => saver.leave(video.currentTime, length());
    const onVisibility = () => {
      if (document.visibilityState === "hidden") onLeave();
    };
    const media: [string, () => void][] = [
      ["play", onPlay],
      ["timeupdate", onTime],
      ["pause", onPause],
      ["seeked", onSeeked],
      ["ended", onEnded],
    ];
    for (const [type, listener] of media) video.addEventListener(type, listener);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onLeave);
    // Played before the page's JavaScript ran: the rhythm starts now.
    if (!video.paused) onPlay();
    return () => {
      for (const [type, listener] of media) video.removeEventListener(type, listener);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onLeave);
      // Leaving for another page of the site unmounts the player without any pagehide.
      onLeave();
    };
  }, [videoRef, url, duration, saved]);
}
