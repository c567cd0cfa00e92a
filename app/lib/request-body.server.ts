import { data } from "react-router";

/** A body the endpoint cannot take: its status and a message for the person or program that sent it. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
/** PostgreSQL text cannot hold NUL, and no person types one: a value with it is refused whole. */
const hasNul = (value: string) => value.includes("\u0000");

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return hasNul(value);
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => hasNul(k) || containsNul(v));
  return false;
}

/** The bytes of a body, refusing it (413) as soon as it passes `maxBytes`. */
export async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > maxBytes) throw new BodyError(413, `The body is larger than ${Math.round(maxBytes / 1024)} KiB`);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new BodyError(413, `The body is larger than ${Math.round(maxBytes / 1024)} KiB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * A JSON body of at most `maxBytes`: 415 without the JSON content type, 413 when larger, 400 when
 * not JSON. `what` names the body in the 415 message ("the answers").
 */
export async function readJsonBody(request: Request, { maxBytes = 16 * 1024, what = "the body" } = {}): Promise<unknown> {
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
    throw new BodyError(415, `Send ${what} as JSON, with Content-Type: application/json`);
  }
  const text = new TextDecoder().decode(await readLimited(request, maxBytes));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BodyError(400, "The body is not valid JSON");
  }
  if (containsNul(body)) throw new BodyError(400, "The body holds a NUL character (\\u0000), which no value may contain");
  return body;
}

/**
 * A posted form (URL-encoded or multipart), refused with 415 when the body is something else, 413
 * past `maxBytes`, and 400 when it cannot be read or holds a NUL character.
 */
export async function readFormBody(request: Request, { maxBytes }: { maxBytes?: number } = {}): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "")) {
    throw new BodyError(415, "This page takes a form: send it from the page itself.");
  }
  // A form with a file is read whole into memory: a limit refuses a large one before that.
  const limited = maxBytes === undefined ? request : new Request(request.url, { method: "POST", headers: request.headers, body: (await readLimited(request, maxBytes)) as BodyInit });
  let form: FormData;
  try {
    form = await limited.formData();
  } catch {
    throw new BodyError(400, "The form could not be read. Reload the page and send it again.");
  }
  for (const [name, value] of form) {
    if (hasNul(name) || (typeof value === "string" && hasNul(value))) {
      throw new BodyError(400, "The form holds a character that is not allowed (NUL). Remove it and send the form again.");
    }
  }
  return form;
}

/**
 * For a page's action: the form, or an answer React Router sends as it is (thrown, so the action
 * stops there). Plain text, since a client that sent no form expects no page.
 */
export async function formOf(request: Request, options: { maxBytes?: number } = {}): Promise<FormData> {
  try {
    return await readFormBody(request, options);
  } catch (error) {
    if (error instanceof BodyError) {
      throw new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
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
