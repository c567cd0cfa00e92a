import { data } from "react-router";
import { type BodyLimit, FORM_BYTES, bodyLimitOf, fileTooLargeMessage, tooLargeMessage } from "./body-limits";

/**
 * A body the endpoint cannot take: its status and a message for the person or program that sent it;
 * `file` names the field whose file was larger than the page takes.
 */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
    readonly file?: string,
  ) {
    super(message);
  }
}

/** PostgreSQL text cannot hold NUL, and no person types one: a value with it is refused whole. */
const hasNul = (value: string) => value.includes("\u0000");

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return hasNul(value);
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => hasNul(k) || containsNul(v));
  return false;
}

/**
 * A body that ended before its end: the server cut it off (server/body-limit.ts answered 413 and
 * closed the connection) or the client went away. Nobody is left to read the answer; as a BodyError
 * it ends the action quietly instead of being logged as a failure.
 */
const CUT_OFF = "The body ended before it was complete. Send it again.";

/**
 * The bytes of a body, refusing it (413) as soon as it passes its address's limit (body-limits.ts).
 * The server refuses such a body before any route runs: this holds where a request did not come
 * through it.
 */
export async function readLimited(request: Request, what: "body" | "form" = "body"): Promise<Uint8Array> {
  const limit = bodyLimitOf(request);
  const tooLarge = () => new BodyError(413, tooLargeMessage(limit, what));
  if (Number(request.headers.get("content-length")) > limit.bytes) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > limit.bytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    throw error instanceof BodyError ? error : new BodyError(400, CUT_OFF);
  }
  return Buffer.concat(chunks);
}

/**
 * A JSON body, within its address's limit: 415 without the JSON content type, 413 when larger, 400
 * when not JSON. `what` names the body in the 415 message ("the answers").
 */
export async function readJsonBody(request: Request, { what = "the body" } = {}): Promise<unknown> {
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
    throw new BodyError(415, `Send ${what} as JSON, with Content-Type: application/json`);
  }
  const text = new TextDecoder().decode(await readLimited(request));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BodyError(400, "The body is not valid JSON");
  }
  if (containsNul(body))
    throw new BodyError(400, "The body holds a NUL character (\\u0000), which no value may contain");
  return body;
}

const UNREADABLE = "The form could not be read. Reload the page and send it again.";
/** The most a part's headers may hold. */
const HEADER_BYTES = 8 * 1024;
const CRLF = Buffer.from("\r\n");

type Part = { name: string; filename?: string; type: string };

/** The field a part's headers name (its file name and type too, for a file), or null when they name none. */
function partOf(headers: string): Part | null {
  let disposition = "";
  let type = "";
  for (const line of headers.split("\r\n")) {
    const colon = line.indexOf(":");
    const key = line.slice(0, colon).trim().toLowerCase();
    if (key === "content-disposition") disposition = line.slice(colon + 1).trim();
    if (key === "content-type") type = line.slice(colon + 1).trim();
  }
  if (!/^form-data\s*(;|$)/i.test(disposition)) return null;
  const param = (key: string) => {
    const m = new RegExp(`;\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, "i").exec(disposition);
    return m ? (m[1]?.replace(/\\(.)/g, "$1") ?? m[2]) : undefined;
  };
  const name = param("name");
  return name === undefined ? null : { name, filename: param("filename"), type };
}

/**
 * A multipart form read as it streams, holding no more than it keeps: files only in the fields its
 * address names (a part with a file name is a file, as browsers send every file field), each refused
 * (413, naming the field) at the chunk that passes its size; each typed field at most a form's size;
 * the whole within the address's limit.
 */
async function readMultipart(request: Request, limit: BodyLimit): Promise<FormData> {
  const boundary = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s"]{1,70}))/i.exec(request.headers.get("content-type") ?? "");
  if (!boundary || !request.body) throw new BodyError(400, UNREADABLE);
  if (Number(request.headers.get("content-length")) > limit.bytes)
    throw new BodyError(413, tooLargeMessage(limit, "form"));
  const delimiter = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`);
  const files = limit.files ?? {};
  const form = new FormData();
  const unreadable = () => new BodyError(400, UNREADABLE);

  // Read with a CRLF before it, the first boundary is found as every later one is.
  let buffer = CRLF;
  // Moved on by advance(), where the compiler does not follow it.
  let state = "preamble" as "preamble" | "boundary" | "headers" | "content" | "end";
  let part: (Part & { max: number; chunks: Buffer[]; size: number }) | null = null;

  const take = (bytes: Buffer) => {
    if (part!.size + bytes.length > part!.max) {
      throw part!.filename === undefined
        ? new BodyError(413, tooLargeMessage(limit, "form"))
        : new BodyError(413, fileTooLargeMessage(part!.max), part!.name);
    }
    part!.chunks.push(bytes);
    part!.size += bytes.length;
  };

  /** Moves on through what has come in; false when it needs more. */
  const advance = (): boolean => {
    switch (state) {
      case "preamble": {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length + 1));
          return false;
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = "boundary";
        return true;
      }
      case "boundary": {
        // After a delimiter: "--" closes the body, else (past any spaces) a line break and a part.
        if (buffer.length < 2) return false;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = "end";
          return false;
        }
        const eol = buffer.indexOf(CRLF);
        if (eol < 0 ? buffer.length > 256 : buffer.subarray(0, eol).toString("latin1").trim() !== "")
          throw unreadable();
        if (eol < 0) return false;
        buffer = buffer.subarray(eol + 2);
        state = "headers";
        return true;
      }
      case "headers": {
        // A part without headers names no field.
        if (buffer.subarray(0, 2).equals(CRLF)) throw unreadable();
        const end = buffer.indexOf("\r\n\r\n");
        if (end < 0) {
          if (buffer.length > HEADER_BYTES) throw unreadable();
          return false;
        }
        const found = partOf(buffer.subarray(0, end).toString("utf8"));
        if (!found) throw unreadable();
        const max = found.filename === undefined ? FORM_BYTES : files[found.name];
        if (max === undefined)
          throw new BodyError(400, "This page takes no file there: send the form from the page itself.");
        part = { ...found, max, chunks: [], size: 0 };
        buffer = buffer.subarray(end + 4);
        state = "content";
        return true;
      }
      case "content": {
        const at = buffer.indexOf(delimiter);
        // Short of a delimiter, all but what may be the start of one is the part's.
        const upto = at < 0 ? Math.max(0, buffer.length - delimiter.length + 1) : at;
        if (upto > 0) take(buffer.subarray(0, upto));
        buffer = buffer.subarray(upto);
        if (at < 0) return false;
        const { name, filename, type, chunks } = part!;
        if (filename === undefined) form.append(name, Buffer.concat(chunks).toString("utf8"));
        else form.append(name, new File(chunks as Uint8Array<ArrayBuffer>[], filename, { type }));
        buffer = buffer.subarray(delimiter.length);
        state = "boundary";
        return true;
      }
      case "end":
        // What follows the closing boundary is not the form's.
        buffer = Buffer.alloc(0);
        return false;
    }
  };

  let received = 0;
  try {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      if ((received += chunk.byteLength) > limit.bytes) throw new BodyError(413, tooLargeMessage(limit, "form"));
      buffer = Buffer.concat([buffer, chunk]);
      while (advance());
    }
  } catch (error) {
    throw error instanceof BodyError ? error : new BodyError(400, CUT_OFF);
  }
  if (state !== "end") throw unreadable();
  return form;
}

/**
 * A posted form (URL-encoded or multipart) within its address's limit (body-limits.ts), refused with
 * 415 when the body is something else, 413 when larger (a file larger than its field takes names the
 * field: `BodyError.file`), and 400 when it cannot be read or holds a NUL character.
 */
export async function readFormBody(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  let form: FormData;
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) {
    form = new FormData();
    for (const [name, value] of new URLSearchParams(new TextDecoder().decode(await readLimited(request, "form"))))
      form.append(name, value);
  } else if (/^multipart\/form-data\b/i.test(type)) {
    form = await readMultipart(request, bodyLimitOf(request));
  } else {
    throw new BodyError(415, "This page takes a form: send it from the page itself.");
  }
  for (const [name, value] of form) {
    if (hasNul(name) || (typeof value === "string" && hasNul(value))) {
      throw new BodyError(
        400,
        "The form holds a character that is not allowed (NUL). Remove it and send the form again.",
      );
    }
  }
  return form;
}

const plainAnswer = (error: BodyError) =>
  new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * For a page's action: the form, or an answer React Router sends as it is (thrown, so the action
 * stops there). Plain text, since a client that sent no form expects no page.
 */
export async function formOf(request: Request): Promise<FormData> {
  try {
    return await readFormBody(request);
  } catch (error) {
    if (error instanceof BodyError) throw plainAnswer(error);
    throw error;
  }
}

/**
 * For a page whose form carries a file: the form, or "file-too-large" when its file is larger than
 * the page takes, for the page to say so beside the field. Anything else as `formOf` answers it.
 */
export async function formWithFile(request: Request): Promise<FormData | "file-too-large"> {
  try {
    return await readFormBody(request);
  } catch (error) {
    if (error instanceof BodyError && error.file) return "file-too-large";
    if (error instanceof BodyError) throw plainAnswer(error);
    throw error;
  }
}

/** What the sender typed, sent back with the errors so nothing has to be typed again. */
export function keptValues<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value.slice(0, 10_000) : "";
  }
  return values;
}

/** What a page's form gets back when it is refused: what was typed, each field's error, a message for the whole form. */
export type FormState<V> = { values: V; fieldErrors: Partial<Record<string, string>>; formError: string | null };

/** A wait in words: minutes within two hours, then hours. */
function waitWords(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** The 429 answer of a form sent too often: the typed values kept, the wait in words and in Retry-After. */
export function tooManyRequests<V>(values: V, seconds: number, what: string, windowSeconds = 3600) {
  const window = windowSeconds <= 3600 ? "in the last hour" : windowSeconds <= 86_400 ? "in the last day" : "recently";
  return data<FormState<V>>(
    {
      values,
      fieldErrors: {},
      formError: `Too many ${what} have been sent ${window}. Wait ${waitWords(seconds)} and try again.`,
    },
    { status: 429, headers: { "Retry-After": String(seconds) } },
  );
}
