import { type MiddlewareFunction, type Params, data, matchPath, redirect } from "react-router";
import { sessionsContext } from "~/features/auth";
import { serializeCookie } from "~/lib/cookies";
import { configContext } from "~/lib/context";
import { type Config, secureCookies } from "~/lib/env.server";
import { describeError } from "~/lib/describe-error";
import { safeLocalPath } from "~/lib/safe-redirect";
import { resolveAccess } from "./access.server";
import { accessContext, micrositesContext } from "./context";
import { type GuardKind, decide, inactiveAccountDecision } from "./guard";

export const PREV_URL_COOKIE = "prev_url";

/** What the guard needs to know of a route (the route table's entries carry more). */
export type GuardedRoute = {
  guard: GuardKind;
  /** Legacy address: moved permanently, before any guard runs (a function when only some params moved). */
  movedTo?: string | ((params: Params) => string | undefined);
  /** `checkurl` sent with the redirection check for this page. */
  checkurl?: string;
  /** A JSON or text endpoint: maintenance mode leaves it alone. */
  api?: boolean;
};

export type RouteLookup = {
  /** The route of the pattern React Router matched; undefined for the not-found route. */
  routeFor(pattern: string): GuardedRoute | undefined;
  /** Patterns of pages a logged-in user is bounced from, never a place to send someone back to. */
  notADestination: readonly string[];
};

export function movedTarget(route: GuardedRoute, params: Params): string | undefined {
  return typeof route.movedTo === "function" ? route.movedTo(params) : route.movedTo;
}

export function isDestination(path: string, notADestination: readonly string[]): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return !notADestination.some((pattern) => matchPath(pattern, pathname));
}

export function prevUrlCookie(config: Config, value: string | null): string {
  return serializeCookie(PREV_URL_COOKIE, value ?? "", {
    expires: value === null ? 0 : "1d",
    domain: config.COOKIE_DOMAIN,
    httpOnly: true,
    secure: secureCookies(config),
  });
}

/** Guard C's "previous page": the same-origin Referer, unless it is itself a page to bounce from. */
export function backTarget(request: Request, notADestination: readonly string[]): string {
  const referer = request.headers.get("referer");
  if (!referer) return "/";
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return "/";
  }
  if (from.host !== new URL(request.url).host) return "/";
  const path = safeLocalPath(from.pathname + from.search);
  return path && isDestination(path, notADestination) ? path : "/";
}

/**
 * Runs before every route's loader and action, for document and client-navigation requests alike,
 * so a denied page answers with a redirect before anything renders. The guard is the one of the
 * matched route in the route table, decided by the one pure function `decide`.
 */
export function guardMiddleware(routes: RouteLookup): MiddlewareFunction<Response> {
  return async ({ request, context, pattern, params, url }, next) => {
    const config = context.get(configContext);
    const route = routes.routeFor(pattern);
    if (config.MAINTENANCE_MODE && pattern !== "/under-maintenance" && !route?.api) {
      throw redirect("/under-maintenance", 302);
    }
    const moved = route && movedTarget(route, params);
    if (moved) throw redirect(moved, 301);
    let access;
    try {
      access = await resolveAccess(
        { sessions: context.get(sessionsContext), microsites: context.get(micrositesContext) },
        { cookie: request.headers.get("cookie"), host: request.headers.get("host") },
        route?.checkurl,
      );
    } catch (error) {
      console.error("redirection check failed:", describeError(error));
      throw data({ message: "The access check failed" }, { status: 503 });
    }
    context.set(accessContext, access);
    if (!route) return next();

    const decision = inactiveAccountDecision(route.guard, pattern, access.state) ?? decide(route.guard, access.state);
    if (decision.kind === "not-found") throw data(null, { status: 404 });
    if (decision.kind === "back") throw redirect(backTarget(request, routes.notADestination), 302);
    if (decision.kind === "redirect") {
      const headers = new Headers();
      if (decision.remember && !access.state.isLoggedIn) {
        headers.append("Set-Cookie", prevUrlCookie(config, url.pathname + url.search));
      }
      throw redirect(decision.to, { status: 302, headers });
    }
    return next();
  };
}
