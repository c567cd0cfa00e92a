import type { IncomingMessage, ServerResponse } from "node:http";
import { resolveAccess } from "~/features/access/access.server";
import { blogSlugType, publishedPostExists } from "~/features/blog/queries.server";
import type { Services } from "~/lib/services.server";

type Answer = { status: number; body: Record<string, unknown> };
type Endpoint = (services: Services, req: IncomingMessage, url: URL, param: string) => Promise<Answer>;

const ok = (body: Record<string, unknown>): Answer => ({ status: 200, body: { status: true, ...body } });

/**
 * The JSON calls of spec section 7. They are served ahead of React Router because the
 * access checks sit on every page view of the product and must stay cheap; they share
 * resolveAccess with the page guards, so the two can never disagree.
 */
const ENDPOINTS: { pattern: RegExp; name: string; run: Endpoint }[] = [
  {
    pattern: /^\/check-user-loggedin\/?$/,
    name: "logged-in check",
    run: async (services, req) => {
      const { state } = await resolveAccess(services, req.headers);
      return ok({ role: state.role });
    },
  },
  {
    pattern: /^\/api\/check-user-redirections\/?$/,
    name: "redirection check",
    run: async (services, req, url) => {
      const { state } = await resolveAccess(services, req.headers, url.searchParams.get("checkurl"));
      return ok({ ...state });
    },
  },
  {
    pattern: /^\/check-blog-slug\/([^/]+)\/?$/,
    name: "blog slug check",
    run: async (services, _req, _url, slug) => {
      const type = await blogSlugType(services.database.db, slug);
      const message = { "1": "A blog post has this slug", "2": "A blog category has this slug", "0": "No blog post or category has this slug" }[type];
      return ok({ type, message });
    },
  },
  {
    pattern: /^\/get-blog-detail\/([^/]+)\/?$/,
    name: "blog detail check",
    run: async (services, _req, _url, slug) => {
      const exists = await publishedPostExists(services.database.db, slug);
      return ok({ isSlugExists: exists ? "1" : "0", message: exists ? "The blog post exists" : "No blog post has this slug" });
    },
  },
];

function send(res: ServerResponse, answer: Answer, headOnly: boolean) {
  const body = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    Vary: "Cookie, Host",
  });
  res.end(headOnly ? undefined : body);
}

/** Answers the request when it is one of the JSON calls; returns false to let the pages handle it. */
export async function handleApi(services: Services, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  for (const endpoint of ENDPOINTS) {
    const match = endpoint.pattern.exec(url.pathname);
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
    try {
      send(res, await endpoint.run(services, req, url, param), req.method === "HEAD");
    } catch (error) {
      console.error(`${endpoint.name} failed:`, error);
      send(res, { status: 503, body: { status: false, message: `The ${endpoint.name} could not be made; try again shortly` } }, false);
    }
    return true;
  }
  return false;
}
