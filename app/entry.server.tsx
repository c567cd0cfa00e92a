import { Writable } from "node:stream";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { contentSecurityPolicy, createNonce } from "./lib/csp.server";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

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
        resolve(new Response(Buffer.concat(chunks), { status: responseStatusCode, headers: responseHeaders }));
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
        console.error(error);
      },
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      options,
    );
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
