import { SESSION_COOKIE } from "~/features/auth/session.server";
import { parseCookies } from "~/lib/cookies";

export const PERSONAL = "private, no-store";

/**
 * The Cache-Control an answer needs because it is personal, or null. An answer to a request that
 * carries a session, or one that sets a cookie, may hold someone's name, data or a new session: no
 * browser history, shared computer's cache or proxy may keep it. A route that chose its own
 * Cache-Control (a public logo, a premium video that is the same for everyone) keeps its choice.
 */
export function personalCacheControl(
  cookieHeader: string | null | undefined,
  headers: Pick<Headers, "has">,
): string | null {
  if (headers.has("cache-control")) return null;
  if (headers.has("set-cookie") || parseCookies(cookieHeader)[SESSION_COOKIE] !== undefined) return PERSONAL;
  return null;
}
