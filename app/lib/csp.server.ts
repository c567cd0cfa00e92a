import { randomFillSync } from "node:crypto";

/** Random bytes drawn 256 nonces at a time: drawing 16 bytes for each page cost a few microseconds. */
const pool = Buffer.alloc(16 * 256);
let taken = pool.length;

/** 128 random bits, fresh for every response and never handed out twice, as CSP Level 3 asks of a nonce. */
export function createNonce(): string {
  if (taken === pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  taken += 16;
  return pool.toString("base64", taken - 16, taken);
}

/**
 * The Content-Security-Policy of every HTML page. Scripts run only from this origin or with the
 * response's nonce (React Router's hydration scripts, ScrollRestoration, the chunk-reload handler);
 * styles likewise, so a style attribute in server-rendered HTML is refused: styling goes through
 * classes, and per-microsite values through the root's nonced `<style>`.
 *
 * `dev` (Vite's dev server) needs two things production must not allow: Vite injects each CSS module
 * as a `<style>` without a nonce, and its hot-reload socket listens on its own port.
 */
export function contentSecurityPolicy(nonce: string, { dev = false }: { dev?: boolean } = {}): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", `'nonce-${nonce}'`],
    ["style-src", "'self'", ...(dev ? ["'unsafe-inline'"] : [`'nonce-${nonce}'`])],
    ["img-src", "'self'", "data:"],
    // A career video may be streamed from a CDN (content/README.md, `external`); media run no code.
    ["media-src", "'self'", "https:"],
    ["connect-src", "'self'", ...(dev ? ["ws:", "wss:"] : [])],
    ["frame-ancestors", "'self'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["object-src", "'none'"],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}
