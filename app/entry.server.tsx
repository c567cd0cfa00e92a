import { Writable } from "node:stream";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { contentSecurityPolicy, createNonce } from "./lib/csp.server";
import { describeError } from "./lib/describe-error";
import { NonceProvider } from "./lib/nonce";
import { forBrowser } from "./lib/route-matching.server";

export const streamTimeout = 5_000;

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" ');
const LOW_PRIORITY_MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" fetchPriority="low" ');

/**
 * React Router preloads every module of the page from <head> at high priority, so on a slow phone
 * network a dozen scripts share the first round trips with the stylesheet, and Chrome counts them as
 * holding the first paint. The page reads and works as links and forms without them (they hydrate it),
 * so they are asked for at low priority: the stylesheet and the images come first.
 */
function lowPriorityModulePreloads(html: Buffer): Buffer {
  // On the bytes: decoding a page to a string and encoding it back cost more than the search.
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(MODULE_PRELOAD); at >= 0; at = html.indexOf(MODULE_PRELOAD, from)) {
    parts.push(html.subarray(from, at), LOW_PRIORITY_MODULE_PRELOAD);
    from = at + MODULE_PRELOAD.length;
  }
  if (!parts.length) return html;
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}

/**
 * ServerRouter builds a route object for every route of the app on each page it renders, a cost
 * that grows with every page added. The HTML needs only the matched routes (their modules and
 * styles); the browser asks for the routes behind the page's links as they appear (React Router's
 * lazy route discovery), as it does for every route beyond the page's own path.
 */
function matchedRoutesOnly(context: EntryContext): EntryContext {
  const routes: EntryContext["manifest"]["routes"] = {};
  for (const { route } of context.staticHandlerContext.matches) routes[route.id] = context.manifest.routes[route.id];
  return { ...context, manifest: { ...context.manifest, routes } };
}

/**
 * Pages here defer no data, so the whole document is rendered first and sent as one buffer:
 * cheaper than React Router's default stream-to-web-stream piping, and bots get full pages too.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // Every HTML answer passes here (pages, error pages, 404s, 503s), so one header covers them all.
  const nonce = createNonce();
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, { dev: import.meta.env.DEV }));
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        callback();
      },
      final(callback) {
        clearTimeout(timer);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        // Compressed (and perhaps kept) by the server: see server/page-cache.ts.
        const html = lowPriorityModulePreloads(Buffer.concat(chunks));
        resolve(
          new Response(html as Uint8Array<ArrayBuffer>, { status: responseStatusCode, headers: responseHeaders }),
        );
        callback();
      },
    });
    const options: RenderToPipeableStreamOptions = {
      nonce,
      onAllReady() {
        pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        responseStatusCode = 500;
        console.error(describeError(error));
      },
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <ServerRouter context={forBrowser(matchedRoutesOnly(routerContext))} url={request.url} nonce={nonce} />
      </NonceProvider>,
      options,
    );
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
