import type { IncomingMessage, ServerResponse } from "node:http";
import { resolveAccess } from "~/features/access/access.server";
import { redirectionCheckAnswer } from "~/features/access/access-state";
import { describeError } from "~/lib/describe-error";
import type { Services } from "./services.server";

type Answer = { status: number; body: Record<string, unknown> };

const then = <T, R>(value: T | Promise<T>, f: (v: T) => R): R | Promise<R> =>
  value instanceof Promise ? value.then(f) : f(value);

/**
 * The two access checks of spec section 7, answered ahead of React Router: they sit on every page
 * view of the product and must stay cheap (a warm check answers without a single await; through
 * React Router a JSON answer costs several times more, see docs/performance.md). They share
 * resolveAccess with the page guards, so the two can never disagree. Every other endpoint is a
 * resource route beside the pages.
 */
const CHECKS: Record<
  string,
  { name: string; run: (services: Services, req: IncomingMessage, query: URLSearchParams) => Answer | Promise<Answer> }
> = {
  "/check-user-loggedin": {
    name: "logged-in check",
    run: (services, req) =>
      then(resolveAccess(services, req.headers), ({ state }) => ({
        status: 200,
        body: { status: true, role: state.role },
      })),
  },
  "/api/check-user-redirections": {
    name: "redirection check",
    run: (services, req, query) =>
      then(resolveAccess(services, req.headers, query.get("checkurl")), ({ state }) => ({
        status: 200,
        body: { status: true, ...redirectionCheckAnswer(state) },
      })),
  },
};

function send(res: ServerResponse, answer: Answer, headOnly: boolean) {
  const body = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "private, no-store",
    Vary: "Cookie, Host",
  });
  res.end(headOnly ? undefined : body);
}

/** Answers the request when it is one of the access checks; returns false to let React Router handle it. */
export function handleAccessCheck(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  search: string,
): boolean {
  const check = CHECKS[pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname];
  if (!check) return false;
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    send(res, { status: 405, body: { status: false, message: "Use GET for this endpoint" } }, false);
    return true;
  }
  const fail = (error: unknown) => {
    console.error(`${check.name} failed:`, describeError(error));
    send(
      res,
      { status: 503, body: { status: false, message: `The ${check.name} could not be made; try again shortly` } },
      false,
    );
  };
  try {
    const answer = check.run(services, req, new URLSearchParams(search));
    if (answer instanceof Promise) answer.then((a) => send(res, a, req.method === "HEAD"), fail);
    else send(res, answer, req.method === "HEAD");
  } catch (error) {
    fail(error);
  }
  return true;
}
