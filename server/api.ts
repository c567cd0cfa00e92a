import type { IncomingMessage, ServerResponse } from "node:http";
import { resolveAccess } from "~/features/access/access.server";
import { pointsApiAnswer } from "~/features/au-points/api";
import { todayInAustralia } from "~/features/au-points/today";
import { blogSlugType, publishedPostExists } from "~/features/blog/queries.server";
import { ipCountryAnswer } from "~/features/phone/ip-country-answer.server";
import { sponsorSearchAnswer } from "~/features/sponsors/api.server";
import type { Services } from "~/lib/services.server";
import { clientIp } from "./client-ip";

/** A JSON object, or plain text for the IP look-up (whose format the spec fixes). */
type Answer = { status: number; body: Record<string, unknown> | string };
type Endpoint = (services: Services, req: IncomingMessage, query: URLSearchParams, param: string) => Answer | Promise<Answer>;

const ok = (body: Record<string, unknown>): Answer => ({ status: 200, body: { status: true, ...body } });
const then = <T, R>(value: T | Promise<T>, f: (v: T) => R): R | Promise<R> => (value instanceof Promise ? value.then(f) : f(value));

/**
 * The JSON calls of spec section 7. They are served ahead of React Router because the
 * access checks sit on every page view of the product and must stay cheap (a warm check
 * answers without a single await); they share resolveAccess with the page guards, so the
 * two can never disagree.
 */
const ENDPOINTS: { pattern: RegExp; name: string; run: Endpoint }[] = [
  {
    pattern: /^\/check-user-loggedin\/?$/,
    name: "logged-in check",
    run: (services, req) => then(resolveAccess(services, req.headers), ({ state }) => ok({ role: state.role })),
  },
  {
    pattern: /^\/api\/check-user-redirections\/?$/,
    name: "redirection check",
    run: (services, req, query) =>
      then(resolveAccess(services, req.headers, query.get("checkurl")), ({ state }) => ok({ ...state })),
  },
  {
    pattern: /^\/check-blog-slug\/([^/]+)\/?$/,
    name: "blog slug check",
    run: async (services, _req, _query, slug) => {
      const type = await blogSlugType(services.database.db, slug);
      const message = { "1": "A blog post has this slug", "2": "A blog category has this slug", "0": "No blog post or category has this slug" }[type];
      return ok({ type, message });
    },
  },
  {
    pattern: /^\/get-blog-detail\/([^/]+)\/?$/,
    name: "blog detail check",
    run: async (services, _req, _query, slug) => {
      const exists = await publishedPostExists(services.database.db, slug);
      return ok({ isSlugExists: exists ? "1" : "0", message: exists ? "The blog post exists" : "No blog post has this slug" });
    },
  },
  {
    pattern: /^\/api\/ip-country\/?$/,
    name: "country look-up",
    run: (services, req) => {
      const { config } = services;
      const header = config.IP_COUNTRY_HEADER ? req.headers[config.IP_COUNTRY_HEADER] : undefined;
      const forwarded = req.headers["x-forwarded-for"];
      const ip = clientIp(typeof forwarded === "string" ? forwarded : null, req.socket.remoteAddress, config);
      return { status: 200, body: ipCountryAnswer({ trustedHeader: typeof header === "string" ? header : undefined, ip }) };
    },
  },
  {
    pattern: /^\/api\/sponsors\/?$/,
    name: "sponsor search",
    run: (services, _req, query) => sponsorSearchAnswer(services.database.db, services.sponsorRegister.loading, query),
  },
  {
    pattern: /^\/api\/sponsors\/suggest\/?$/,
    name: "sponsor suggestions",
    run: (services, _req, query) => sponsorSearchAnswer(services.database.db, services.sponsorRegister.loading, query, true),
  },
];

/** JSON calls that take a JSON body by POST: pure computations, so they need no services. */
const POST_ENDPOINTS: { pattern: RegExp; name: string; run: (body: unknown) => Answer }[] = [
  { pattern: /^\/api\/au-points\/?$/, name: "points calculation", run: (body) => pointsApiAnswer(body, todayInAustralia()) },
];
const MAX_JSON_BYTES = 16 * 1024;

const refused = (status: number, reason: string): Answer => ({
  status,
  body: { status: false, message: reason, errors: [{ field: null, reason }] },
});

/** Reads a JSON body of at most MAX_JSON_BYTES, answering the request itself when it cannot. */
function readJson(req: IncomingMessage, res: ServerResponse, then: (body: unknown) => void) {
  const type = req.headers["content-type"] ?? "";
  if (!/^application\/json\b/i.test(type)) {
    send(res, refused(415, "Send the answers as JSON, with Content-Type: application/json"), false);
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_JSON_BYTES && !done) {
      done = true;
      res.setHeader("Connection", "close");
      send(res, refused(413, `The body is larger than ${MAX_JSON_BYTES / 1024} KiB`), false);
      req.resume();
      return;
    }
    if (!done) chunks.push(chunk);
  });
  req.on("end", () => {
    if (done) return;
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      send(res, refused(400, "The body is not valid JSON"), false);
      return;
    }
    then(body);
  });
}

function handlePost(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  const endpoint = POST_ENDPOINTS.find((e) => e.pattern.test(pathname));
  if (!endpoint) return false;
  if (req.method !== "POST") {
    res.setHeader("Allow", "POST");
    send(res, { status: 405, body: { status: false, message: "Use POST with a JSON body for this endpoint" } }, false);
    return true;
  }
  readJson(req, res, (body) => {
    try {
      send(res, endpoint.run(body), false);
    } catch (error) {
      fail(res, endpoint.name, error);
    }
  });
  return true;
}

function send(res: ServerResponse, answer: Answer, headOnly: boolean) {
  const text = typeof answer.body === "string";
  const body = text ? (answer.body as string) : JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    "Content-Type": text ? "text/plain; charset=utf-8" : "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    Vary: text ? "X-Forwarded-For" : "Cookie, Host",
  });
  res.end(headOnly ? undefined : body);
}

function fail(res: ServerResponse, name: string, error: unknown) {
  console.error(`${name} failed:`, error);
  send(res, { status: 503, body: { status: false, message: `The ${name} could not be made; try again shortly` } }, false);
}

/** Answers the request when it is one of the JSON calls; returns false to let the pages handle it. */
export function handleApi(services: Services, req: IncomingMessage, res: ServerResponse, pathname: string, search: string): boolean {
  if (handlePost(req, res, pathname)) return true;
  for (const endpoint of ENDPOINTS) {
    const match = endpoint.pattern.exec(pathname);
    if (!match) continue;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      send(res, { status: 405, body: { status: false, message: "Use GET for this endpoint" } }, false);
      return true;
    }
    let param = match[1] ?? "";
    try {
      param = decodeURIComponent(param);
    } catch {
      send(res, { status: 400, body: { status: false, message: "The slug is not valid URL encoding" } }, false);
      return true;
    }
    const headOnly = req.method === "HEAD";
    try {
      const answer = endpoint.run(services, req, new URLSearchParams(search), param);
      if (answer instanceof Promise) answer.then((a) => send(res, a, headOnly), (error) => fail(res, endpoint.name, error));
      else send(res, answer, headOnly);
    } catch (error) {
      fail(res, endpoint.name, error);
    }
    return true;
  }
  return false;
}
