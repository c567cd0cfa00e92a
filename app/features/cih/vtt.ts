import type { VideoCue } from "~/db/schema/videos";

export class VttError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

const TIME = /^(?:(\d+):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

function seconds(stamp: string, line: number): number {
  const m = TIME.exec(stamp);
  if (!m) throw new VttError(`"${stamp}" is not a WebVTT time (hh:mm:ss.ttt or mm:ss.ttt)`, line);
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

const unescape = (text: string) =>
  text
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");

/**
 * The cues of a WebVTT file as plain text (tags dropped, entities read), in order: the video's
 * transcript. Notes, styles and regions are skipped; a malformed timing line is an error with its line.
 */
export function parseVtt(source: string): VideoCue[] {
  const lines = source
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? "")) throw new VttError("a WebVTT file starts with the line WEBVTT", 1);
  const cues: VideoCue[] = [];
  let i = 1;
  while (i < lines.length) {
    if (lines[i]!.trim() === "") {
      i++;
      continue;
    }
    // A block: NOTE/STYLE/REGION, or a cue with an optional identifier line before its timing.
    const block: { text: string; line: number }[] = [];
    while (i < lines.length && lines[i]!.trim() !== "") block.push({ text: lines[i]!, line: ++i });
    if (/^(NOTE|STYLE|REGION)\b/.test(block[0]!.text)) continue;
    const timingAt = block.findIndex((l) => l.text.includes("-->"));
    if (timingAt < 0 || timingAt > 1) throw new VttError("a cue needs a timing line: start --> end", block[0]!.line);
    const timing = block[timingAt]!;
    const [from, rest] = timing.text.split("-->").map((part) => part.trim());
    const start = seconds(from!, timing.line);
    const end = seconds(rest!.split(/\s+/)[0]!, timing.line);
    if (end <= start) throw new VttError("a cue must end after it starts", timing.line);
    const text = unescape(
      block
        .slice(timingAt + 1)
        .map((l) => l.text.trim())
        .join(" "),
    ).trim();
    if (text) cues.push({ start, end, text });
  }
  return cues;
}
