import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type DestinationStream, type Level, type Logger, pino } from "pino";

/** An incoming id worth keeping: short, and nothing a log reader or a header could trip on. */
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request's id: the one a proxy in front gave (X-Request-Id), so that its log and ours join up,
 * when it is a short safe token; else a new one.
 */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === "string" && SAFE_ID.test(header) ? header : randomUUID();
}

/** One answered request, as its log line and the metrics tell it. */
export type RequestRecord = {
  id: string;
  method: string;
  /** The route table's pattern, never the address: an address may carry a token or a signature. */
  route: string;
  status: number;
  ms: number;
  /** Bytes of the body sent (after compression), not counting the head. */
  bytes: number;
  /** The client went away before the whole answer was sent. */
  aborted: boolean;
};

/** The request log: JSON lines on `destination` (standard output unless given), from `level` up. */
export function createRequestLog(level: Level | "silent", destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? batchedStandardOutput(),
  );
}

/**
 * Standard output, written 4 kB at a time or a second after a line waits, whichever comes first: a
 * write for each line cost a rendered home page a tenth of its CPU. Pino writes what is left when
 * the process exits.
 */
function batchedStandardOutput(): DestinationStream {
  const out = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  let waiting: NodeJS.Timeout | null = null;
  return {
    write(line: string) {
      out.write(line);
      waiting ??= setTimeout(() => {
        waiting = null;
        out.flush();
      }, 1000).unref();
    },
  };
}

/** A request's line: probes at debug level, so that a probe every second does not fill the log. */
export function logRequest(log: Logger, record: RequestRecord): void {
  const level = record.route === "/healthz" || record.route === "/readyz" ? "debug" : "info";
  if (!log.isLevelEnabled(level)) return;
  const { aborted, ...fields } = record;
  log[level]({ ...fields, ms: Math.round(record.ms * 10) / 10, ...(aborted ? { aborted } : {}) }, "request");
}

type Chunk = string | Uint8Array | (() => void) | undefined | null;
const sizeOf = (chunk: Chunk, encoding?: unknown) =>
  typeof chunk === "string"
    ? Buffer.byteLength(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
    : chunk instanceof Uint8Array
      ? chunk.byteLength
      : 0;

/**
 * Gives the request its id (sent back as X-Request-Id) and calls `done`, unless null (nothing is
 * logged or counted), once its answer has ended, sent or cut off, with what happened. `routeOf` names
 * the path by its pattern.
 */
export function trackRequest(
  req: IncomingMessage,
  res: ServerResponse,
  routeOf: (pathname: string) => string,
  done: ((record: RequestRecord) => void) | null,
): void {
  const started = performance.now();
  const id = requestIdOf(req.headers["x-request-id"]);
  res.setHeader("X-Request-Id", id);
  if (!done) return;
  let bytes = 0;
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: Chunk, ...rest: unknown[]) {
    bytes += sizeOf(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse["write"];
  res.end = function (this: ServerResponse, chunk?: Chunk, ...rest: unknown[]) {
    bytes += sizeOf(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse["end"];
  res.once("close", () => {
    const target = req.url ?? "/";
    const q = target.search(/[?#]/);
    // A HEAD answer, a 204 and a 304 carry no body, whatever was written.
    const bodyless = req.method === "HEAD" || res.statusCode === 204 || res.statusCode === 304;
    done({
      id,
      method: req.method ?? "GET",
      route: routeOf(q < 0 ? target : target.slice(0, q)),
      status: res.statusCode,
      ms: performance.now() - started,
      bytes: bodyless ? 0 : bytes,
      aborted: !res.writableFinished,
    });
  });
}
