/** Pure helpers of the video player: times, cues, chapters, search, keyboard, scrolling. */

export type Cue = { start: number; end: number; text: string };
export type Chapter = { start: number; title: string };

/** The speeds offered, slowest first. */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** A resume point closer than this to the end starts the video from the beginning instead. */
export const RESUME_END_MARGIN = 5;

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** 83 -> "1:23", 3723 -> "1:02:03"; anything not a non-negative number reads "0:00". */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * A time from the address: "83", "83.5", "1:23", "1:02:03", "1m23s", "2h", "45s". Null when it
 * is none of those, so the page can ignore a broken `?t=`.
 */
export function parseTimeParam(value: string | null | undefined): number | null {
  const text = value?.trim() ?? "";
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  if (/^\d+(:\d{1,2}){1,2}$/.test(text)) return text.split(":").reduce((sum, part) => sum * 60 + Number(part), 0);
  const units = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
  if (text && units) return Number(units[1] ?? 0) * 3600 + Number(units[2] ?? 0) * 60 + Number(units[3] ?? 0);
  return null;
}

/** Where playback resumes: `startAt` when it leaves more than a few seconds to watch, else null. */
export function resumePoint(startAt: number | null, duration: number): number | null {
  if (startAt === null || !Number.isFinite(startAt) || startAt <= 0) return null;
  return startAt <= duration - RESUME_END_MARGIN ? startAt : null;
}

/** Saved positions are kept to a tenth of a second. */
export function roundPosition(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}

/** The index of the cue spoken at `time` (cues sorted by start), or -1 in a silence. */
export function cueIndexAt(cues: readonly Cue[], time: number): number {
  let lo = 0;
  let hi = cues.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cues[mid]!.start <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && time < cues[found]!.end ? found : -1;
}

/** The index of the chapter playing at `time` (chapters sorted by start), or -1 before the first. */
export function chapterIndexAt(chapters: readonly Chapter[], time: number): number {
  let found = -1;
  chapters.forEach((chapter, i) => {
    if (chapter.start <= time) found = i;
  });
  return found;
}

/** The no-JavaScript link to a moment: `${pageUrl}?t=<whole seconds>#player`, keeping any other query. */
export function seekHref(pageUrl: string, seconds: number): string {
  const [path = "", query = ""] = pageUrl.split("#")[0]!.split("?");
  const params = new URLSearchParams(query);
  params.delete("t");
  params.append("t", String(Math.floor(Math.max(0, seconds))));
  return `${path}?${params.toString()}#player`;
}

/** A media fragment (`url#t=83`) so that the browser starts there without the page's JavaScript. */
export function mediaUrlAt(url: string, start: number | null): string {
  if (start === null || start <= 0) return url;
  return `${url.split("#")[0]}#t=${roundPosition(start)}`;
}

/** Lower case without accents, one entry per character of the original so that matches map back. */
function fold(text: string): { folded: string; origin: number[] } {
  let folded = "";
  const origin: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const piece = text[i]!.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    folded += piece;
    for (let k = 0; k < piece.length; k++) origin.push(i);
  }
  origin.push(text.length);
  return { folded, origin };
}

/** Where `query` occurs in `text` ([start, end) pairs), ignoring case and accents. */
export function matchRanges(text: string, query: string): [number, number][] {
  const needle = fold(query.trim()).folded;
  if (!needle) return [];
  const { folded, origin } = fold(text);
  const ranges: [number, number][] = [];
  for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + needle.length)) {
    ranges.push([origin[at]!, origin[at + needle.length - 1]! + 1]);
  }
  return ranges;
}

/** The text cut into pieces, the matching ones flagged, for `<mark>`. */
export function highlight(text: string, query: string): { text: string; match: boolean }[] {
  const pieces: { text: string; match: boolean }[] = [];
  let from = 0;
  for (const [start, end] of matchRanges(text, query)) {
    if (start > from) pieces.push({ text: text.slice(from, start), match: false });
    pieces.push({ text: text.slice(start, end), match: true });
    from = end;
  }
  if (from < text.length || pieces.length === 0) pieces.push({ text: text.slice(from), match: false });
  return pieces;
}

/** The indices of the cues to list for a search: all of them for an empty one. */
export function searchCues(cues: readonly Cue[], query: string): number[] {
  const all = cues.map((_, i) => i);
  return query.trim() ? all.filter((i) => matchRanges(cues[i]!.text, query).length > 0) : all;
}

/** The status line under the search box. */
export function searchSummary(query: string, count: number): string {
  if (!query.trim()) return "";
  if (count === 0) return `No lines match “${query.trim()}”`;
  return `${count} ${count === 1 ? "line matches" : "lines match"} “${query.trim()}”`;
}

/** The next speed up (+1) or down (-1) the list, from any current speed; the end of the list stays put. */
export function stepRate(current: number, direction: 1 | -1): number {
  const rates: readonly number[] = PLAYBACK_RATES;
  if (direction > 0) return rates.find((r) => r > current + 1e-9) ?? rates[rates.length - 1]!;
  return [...rates].reverse().find((r) => r < current - 1e-9) ?? rates[0]!;
}

export type ShortcutAction =
  | { type: "toggle-play" }
  | { type: "seek-by"; seconds: number }
  | { type: "toggle-captions" }
  | { type: "rate"; direction: 1 | -1 };

/** The player's own shortcut for a key, or null to leave the key to the browser. */
export function shortcutFor(event: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  switch (event.key) {
    case "k":
    case "K":
    case " ":
      return { type: "toggle-play" };
    case "j":
    case "J":
      return { type: "seek-by", seconds: -10 };
    case "l":
    case "L":
      return { type: "seek-by", seconds: 10 };
    case "ArrowLeft":
      return { type: "seek-by", seconds: -5 };
    case "ArrowRight":
      return { type: "seek-by", seconds: 5 };
    case "c":
    case "C":
      return { type: "toggle-captions" };
    case ">":
      return { type: "rate", direction: 1 };
    case "<":
      return { type: "rate", direction: -1 };
    default:
      return null;
  }
}

/**
 * The scrollTop that brings a line into a scroll box, a third of the way down, or null when it is
 * already in full view (the box does not move under a reader for nothing). Tops are measured from
 * the top of the box's content.
 */
export function scrollTopToReveal(
  box: { scrollTop: number; height: number; scrollHeight: number },
  line: { top: number; height: number },
): number | null {
  if (line.top >= box.scrollTop && line.top + line.height <= box.scrollTop + box.height) return null;
  return Math.round(clamp(line.top - box.height / 3, 0, Math.max(0, box.scrollHeight - box.height)));
}
