import { type EntryContext, type RequestHandler, type ServerBuild, createRequestHandler } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";

/**
 * React Router's default matcher tries a page's address against the app's routes one by one, in
 * rank order (some 230 with the layouts, about 0.1 ms a time), and the server matches each page
 * three times: the request handler, the data query, and the routes handed to the browser. Its
 * route-pattern matcher (`future.unstable_routePatternMatching`, which `@react-router/dev` does not
 * offer in framework mode) looks the address up in a tree of the patterns instead, about 0.01 ms.
 * The server uses it; the browser keeps the default matcher, which needs no extra module in the
 * first load. Both give the same routes for every address (route-matching.server.test.ts), once
 * repeated slashes at the end of an address are made one, which the default matcher ignores and
 * the route-pattern one does not.
 */
const FLAG = "unstable_routePatternMatching";

function withRoutePatternMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern();
  const future: Record<string, unknown> = { ...build.future, [FLAG]: true };
  return { ...build, future: future as ServerBuild["future"] };
}

/** Slashes repeated at the end of a path, or before a client navigation's `.data`. */
const TRAILING_SLASHES = /\/{2,}(?=(?:_?\.data)?$)/;

/** The address with one slash where it ends in several ("/blog//" is "/blog/"); any other as it is. */
export function oneTrailingSlash(url: string): string {
  // Past "http://": most addresses have no "//" at all, and need no parsing.
  if (url.indexOf("//", 8) < 0) return url;
  const parsed = new URL(url);
  if (!TRAILING_SLASHES.test(parsed.pathname)) return url;
  parsed.pathname = parsed.pathname.replace(TRAILING_SLASHES, "/");
  return parsed.href;
}

/** React Router's request handler for `build` (a function in dev, rebuilt per request), matching with route patterns. */
export function routePatternRequestHandler(
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: string,
): RequestHandler {
  const handle = createRequestHandler(
    typeof build === "function" ? () => build().then(withRoutePatternMatching) : withRoutePatternMatching(build),
    mode,
  );
  return (request, context) => {
    const url = oneTrailingSlash(request.url);
    if (url === request.url) return handle(request, context);
    const { method, headers, body, signal } = request;
    return handle(new Request(url, { method, headers, body, signal, duplex: "half" } as RequestInit), context);
  };
}

/**
 * What the page tells the browser, as if the server had matched with the default matcher: the
 * browser's router would otherwise refuse to start without the route-pattern module.
 */
export function forBrowser(context: EntryContext): EntryContext {
  if (!(context.future as Record<string, unknown>)[FLAG]) return context;
  const future: Record<string, unknown> = { ...context.future, [FLAG]: false };
  return {
    ...context,
    future: future as EntryContext["future"],
    serverHandoffString: context.serverHandoffString?.replace(`"${FLAG}":true`, `"${FLAG}":false`),
  };
}
