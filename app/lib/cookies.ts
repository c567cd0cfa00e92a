/** Cookie helper of spec section 9: durations in y, m, d, h, min, s; default expiry 30d. */
export type Duration = `${number}${"y" | "m" | "d" | "h" | "min" | "s"}`;

export const DEFAULT_COOKIE_EXPIRY: Duration = "30d";

const UNIT_SECONDS = { y: 365 * 86400, m: 30 * 86400, d: 86400, h: 3600, min: 60, s: 1 } as const;

/** "1d" gives 86400; "m" is months, "min" minutes. Throws on anything else. */
export function durationToSeconds(duration: Duration | string): number {
  const match = /^(\d+(?:\.\d+)?)(y|m|d|h|min|s)$/.exec(duration.trim());
  if (!match) throw new Error(`Invalid cookie duration "${duration}": use a number followed by y, m, d, h, min or s`);
  return Math.round(Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS]);
}

export type CookieOptions = {
  /** Lifetime; 0 deletes the cookie. Defaults to 30d. */
  expires?: Duration | 0;
  path?: string;
  domain?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Lax" | "Strict" | "None";
};

export function serializeCookie(name: string, value: string, opts: CookieOptions = {}): string {
  const maxAge = opts.expires === 0 ? 0 : durationToSeconds(opts.expires ?? DEFAULT_COOKIE_EXPIRY);
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${maxAge}`, `Path=${opts.path ?? "/"}`];
  if (maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (opts.domain) parts.push(`Domain=${opts.domain}`);
  if (opts.httpOnly) parts.push("HttpOnly");
  if (opts.secure) parts.push("Secure");
  parts.push(`SameSite=${opts.sameSite ?? "Lax"}`);
  return parts.join("; ");
}

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}
