import type { Config } from "~/lib/env.server";

/** Behind a trusted proxy the client is the last address it appended to X-Forwarded-For. */
export function clientIp(forwardedFor: string | null, remoteAddress: string | undefined, config: Config): string {
  if (config.TRUST_PROXY) {
    const forwarded = forwardedFor?.split(",").pop()?.trim();
    if (forwarded) return forwarded;
  }
  return remoteAddress ?? "unknown";
}
