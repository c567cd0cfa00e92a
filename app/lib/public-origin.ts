import type { Config } from "./env.server";

type OriginConfig = Pick<Config, "PUBLIC_URL" | "PORT">;

/** Host names a developer's own machine answers to; a browser never sends them for someone else's site. */
const LOOPBACK = /^(localhost|[a-z0-9-]+(\.[a-z0-9-]+)*\.localhost|127\.0\.0\.1|\[::1\])$/;

/** The host name of a Host header, lower-cased, without its port; "" when there is none. */
export function hostName(hostHeader: string | null | undefined): string {
  if (!hostHeader) return "";
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  return host.replace(/:\d+$/, "");
}

/**
 * The origin every absolute link is built from: emails, calendar files, e-books, sitemaps, canonical
 * tags. Only configuration and a university's registered microsite host go into it, never a Host
 * header, so a forged Host cannot put an attacker's address into a password-reset email.
 * - the main site: PUBLIC_URL, or `http://localhost:PORT` without it;
 * - a microsite: its registered host, under PUBLIC_URL's scheme and port (behind a TLS-terminating
 *   proxy requests arrive as http) or, without PUBLIC_URL, on this server's port.
 */
export function publicOrigin(config: OriginConfig, micrositeHost?: string | null): string {
  const base = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : new URL(`http://localhost:${config.PORT}`);
  if (!micrositeHost) return base.origin;
  return `${base.protocol}//${micrositeHost.toLowerCase()}${base.port ? `:${base.port}` : ""}`;
}

/**
 * Whether a request's Host names this site: PUBLIC_URL's host, a loopback name, or (asked last,
 * since it may read the database) a university's registered microsite host. Anything else is
 * refused before any page code runs (server/app.ts).
 */
export function isOwnHost(
  config: Pick<Config, "PUBLIC_URL">,
  hostHeader: string | null | undefined,
  isMicrositeHost: (name: string) => boolean | Promise<boolean>,
): boolean | Promise<boolean> {
  const name = hostName(hostHeader);
  // A Host with a path, credentials or spaces is not a host at all.
  if (!name || !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(name)) return false;
  if (LOOPBACK.test(name)) return true;
  if (config.PUBLIC_URL && new URL(config.PUBLIC_URL).hostname === name) return true;
  return isMicrositeHost(name);
}
