import type { RouterContextProvider } from "react-router";
import { configContext } from "~/lib/context";
import { accessContext } from "./context";

/**
 * The origin pages are published under, for canonical addresses, feeds and the sitemap. On the
 * main site that is PUBLIC_URL when set (never a Host header a client made up); on a microsite
 * the microsite's own host, which the request named and the directory recognised, with the
 * scheme of PUBLIC_URL, since behind a TLS-terminating proxy requests arrive as http.
 */
export function siteOrigin(request: Request, context: Readonly<RouterContextProvider>): string {
  const { PUBLIC_URL } = context.get(configContext);
  const url = new URL(request.url);
  if (!PUBLIC_URL) return url.origin;
  const publicUrl = new URL(PUBLIC_URL);
  return context.get(accessContext).microsite ? `${publicUrl.protocol}//${url.host}` : publicUrl.origin;
}
