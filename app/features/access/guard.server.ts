import { type MiddlewareFunction, data, matchPath, redirect } from "react-router";
import { serializeCookie } from "~/lib/cookies";
import { accessContext, servicesContext } from "~/lib/context";
import { safeLocalPath } from "~/lib/safe-redirect";
import { type Config, secureCookies } from "~/lib/env.server";
import { resolveAccess } from "./access.server";
import { decide } from "./guard";
import { NOT_A_DESTINATION, movedTarget, resolveRoute } from "./route-table";

export const PREV_URL_COOKIE = "prev_url";

export function isDestination(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return !NOT_A_DESTINATION.some((pattern) => matchPath(pattern, pathname));
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
export function backTarget(request: Request): string {
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
  return path && isDestination(path) ? path : "/";
}

/**
 * Runs before every page's loader, for document and client-navigation requests alike,
 * so a denied page answers with a redirect before anything renders.
 */
export const guardMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern, params, url }, next) => {
  const services = context.get(servicesContext);
  if (services.config.MAINTENANCE_MODE && pattern !== "/under-maintenance") {
    throw redirect("/under-maintenance", 302);
  }
  const { route, params: routeParams } = resolveRoute(pattern, url.pathname, params) ?? {};
  const moved = route && routeParams && movedTarget(route, routeParams);
  if (moved) throw redirect(moved, 301);
  let access;
  try {
    access = await resolveAccess(
      services,
      { cookie: request.headers.get("cookie"), host: request.headers.get("host") },
      route?.checkurl,
    );
  } catch (error) {
    console.error("redirection check failed:", error);
    throw data({ message: "The access check failed" }, { status: 503 });
  }
  context.set(accessContext, access);
  if (!route) return next();

  const decision = decide(route.guard, access.state);
  if (decision.kind === "back") throw redirect(backTarget(request), 302);
  if (decision.kind === "redirect") {
    const headers = new Headers();
    if (decision.remember && !access.state.isLoggedIn) {
      headers.append("Set-Cookie", prevUrlCookie(services.config, url.pathname + url.search));
    }
    throw redirect(decision.to, { status: 302, headers });
  }
  return next();
};
