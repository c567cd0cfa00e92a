import type { Config } from "./env.server";

/**
 * The origin pages are published under: the request's own host (the main site or a microsite), with
 * the scheme of PUBLIC_URL when set, since behind a TLS-terminating proxy the request arrives as http.
 */
export function siteOrigin(request: Request, config: Pick<Config, "PUBLIC_URL">): string {
  const url = new URL(request.url);
  const scheme = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).protocol : url.protocol;
  return `${scheme}//${url.host}`;
}
