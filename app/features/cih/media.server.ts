import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/db/context";
import { accessContext } from "~/features/access";
import { contentDirContext } from "~/lib/context";
import { MEDIA_FOLDER, MEDIA_TYPES, parseMediaName } from "./media";
import { videoContent, viewerOf } from "./policy";
import { videoBySlug } from "./queries.server";
import { byteRange } from "./range";

const YEAR = 365 * 24 * 3600;
const text = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

/**
 * GET /media/videos/<slug>.<hash>.<mp4|jpg|vtt>: a video's file, by byte range when asked (206,
 * Content-Range; 416 past the end), cached for a year (the name changes with the content). Only
 * the name the video holds now is served; a premium video's files answer 403 to anyone without
 * premium access, and are cached by the browser only.
 */
export async function serveVideoFile(
  request: Request,
  name: string,
  context: Readonly<RouterContextProvider>,
): Promise<Response> {
  const parsed = parseMediaName(name);
  const video = parsed ? await videoBySlug(context.get(dbContext), parsed.slug) : null;
  const served = `/media/videos/${name}`;
  if (!parsed || !video || ![video.mediaUrl, video.posterUrl, video.captionsUrl].includes(served))
    return text(404, "There is no such file");
  const content = videoContent(viewerOf(context.get(accessContext)), video);
  if (!content || ![content.mediaUrl, content.posterUrl, content.captionsUrl].includes(served))
    return text(403, "This video is part of the premium courses, which your university's plan does not include");
  const file = path.join(context.get(contentDirContext), MEDIA_FOLDER, `${parsed.slug}.${parsed.ext}`);
  const size = (await fs.promises.stat(file).catch(() => null))?.size;
  if (size === undefined) return text(404, "There is no such file");
  const etag = `"${name.split(".")[1]}"`;
  const headers: Record<string, string> = {
    "Content-Type": MEDIA_TYPES[parsed.ext],
    "Accept-Ranges": "bytes",
    "Cache-Control": `${video.collection === "premium" ? "private" : "public"}, max-age=${YEAR}, immutable`,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  // If-Range names another version: the whole (current) file.
  const ifRange = request.headers.get("if-range");
  const range = ifRange && ifRange !== etag ? null : byteRange(request.headers.get("range"), size);
  if (range === "unsatisfiable")
    return text(416, "The range asked for is past the end of the file", {
      "Content-Range": `bytes */${size}`,
      "Accept-Ranges": "bytes",
    });
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const length = size === 0 ? 0 : end - start + 1;
  const body =
    request.method === "HEAD" || length === 0
      ? null
      : (Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream<Uint8Array>);
  return new Response(body, {
    status: range ? 206 : 200,
    headers: {
      ...headers,
      "Content-Length": String(length),
      ...(range ? { "Content-Range": `bytes ${start}-${end}/${size}` } : {}),
    },
  });
}
