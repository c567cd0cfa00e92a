import type { University } from "~/db/schema";
import { parseCookies } from "~/lib/cookies";
import type { Services } from "~/lib/services.server";
import { SESSION_COOKIE } from "~/features/auth/session.server";
import { type AccessState, type SessionUser, computeAccessState } from "./access-state";

export type RequestAccess = { state: AccessState; user: SessionUser | null; microsite: University | null };

/**
 * The access state of one request; page guards and the JSON checks both come through here.
 * It answers synchronously when both caches are fresh, which is almost always.
 */
export function resolveAccess(
  services: Pick<Services, "sessions" | "microsites">,
  headers: { cookie?: string | null; host?: string | null },
  checkurl?: string | null,
): RequestAccess | Promise<RequestAccess> {
  const token = parseCookies(headers.cookie)[SESSION_COOKIE];
  const user = services.sessions.lookup(token);
  const microsite = services.microsites.resolve(headers.host);
  const build = (u: SessionUser | null, m: University | null): RequestAccess => ({
    state: computeAccessState({ user: u, microsite: m, checkurl }),
    user: u,
    microsite: m,
  });
  if (user instanceof Promise || microsite instanceof Promise) {
    return Promise.all([user, microsite]).then(([u, m]) => build(u, m));
  }
  return build(user, microsite);
}
