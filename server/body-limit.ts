import type { IncomingMessage, ServerResponse } from "node:http";
import { type BodyLimit, bodyLimitFor, tooLargeMessage } from "~/lib/body-limits";
import { refused } from "~/lib/json-api.server";

/** How long a refused request's connection stays half-closed, for its client to read the answer. */
const LINGER_MS = 2_000;

/** The answer to a body over its limit. */
function tooLarge(res: ServerResponse, limit: BodyLimit, pathname: string): void {
  res.shouldKeepAlive = false;
  // The JSON endpoints (all under /api/) answer in their own shape; a page in plain text, as formOf does.
  if (pathname.startsWith("/api/")) {
    res.writeHead(413, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
    res.end(JSON.stringify(refused(413, tooLargeMessage(limit, "body")).body));
  } else {
    res.writeHead(413, { "Content-Type": "text/plain; charset=utf-8" });
    res.end(tooLargeMessage(limit, "form"));
  }
}

/**
 * Ends a refused request's connection without reading the rest of its body. Node would pull an
 * unread body off the wire to discard it once the answer is sent, unless something reads it:
 * read(0) does, and the counting push() gives nothing more and stops the socket. Closed at once,
 * the unread bytes would make the kernel reset the connection, and a client still writing could
 * lose the answer before reading it: the answer is followed by a half-close (FIN) instead, and the
 * connection ends a moment later, as Go's HTTP server does.
 */
function closeUnread(req: IncomingMessage): void {
  req.read(0);
  const socket = req.socket;
  // Node calls this once the answer (Connection: close) is written.
  socket.destroySoon = function () {
    this.end();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
}

/**
 * Refuses (413) a body larger than its address takes (app/lib/body-limits.ts) before any route reads
 * it: at once when its declared Content-Length is over the limit, else as it streams in, at the
 * chunk that passes the limit. No route is given a byte past the limit, and nothing of a refused
 * body is kept. True when it has answered.
 */
export function refuseLargeBody(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  const declared = req.headers["content-length"];
  if (declared === undefined && req.headers["transfer-encoding"] === undefined) return false;
  const limit = bodyLimitFor(pathname);
  let isRefused = false;
  const refuse = () => {
    isRefused = true;
    // A route that already answered (without reading the whole body) keeps its answer.
    if (!res.headersSent) tooLarge(res, limit, pathname);
    closeUnread(req);
  };
  // Every byte of the body comes through push() from the HTTP parser, before anyone reads it: counted
  // there, a body is stopped whether or not a route is reading it yet. After a refusal, nothing more
  // (not even the end, which would pass a cut body off as whole) reaches a reader, and the false
  // return tells the parser to stop reading the socket.
  let received = 0;
  const push = req.push;
  req.push = function (chunk: Buffer | null, encoding?: BufferEncoding) {
    if (isRefused) return false;
    if (chunk !== null && (received += chunk.length) > limit.bytes) {
      refuse();
      return false;
    }
    return push.call(this, chunk, encoding);
  };
  if (Number(declared) > limit.bytes) {
    refuse();
    return true;
  }
  return false;
}
