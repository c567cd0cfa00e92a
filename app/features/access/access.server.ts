import type { University } from "~/db/schema";
import { SESSION_COOKIE, type SessionStore } from "~/features/auth/index.server";
import type { SessionUser } from "~/features/auth";
import { parseCookies } from "~/lib/cookies";
import { type AccessState, computeAccessState } from "./access-state";
import type { MicrositeDirectory } from "./microsites.server";

export type RequestAccess = { state: AccessState; user: SessionUser | null; microsite: University | null };

/**
 * A session counts only where its user may log in: on a microsite, only a member of that
 * university (the login form refuses everyone else there, so a session brought from another
 * host must not open what the form would not).
 */
function sessionUserHere(user: SessionUser | null, microsite: University | null): SessionUser | null {
  return user && microsite && user.universityId !== microsite.id ? null : user;
}

/**
 * The access state of one request; page guards and the JSON checks both come through here.
 * It answers synchronously when both caches are fresh, which is almost always.
 */
export function resolveAccess(
  services: { sessions: Pick<SessionStore, "lookup">; microsites: Pick<MicrositeDirectory, "resolve"> },
  headers: { cookie?: string | null; host?: string | null },
  checkurl?: string | null,
): RequestAccess | Promise<RequestAccess> {
  const token = parseCookies(headers.cookie)[SESSION_COOKIE];
  const user = services.sessions.lookup(token);
  const microsite = services.microsites.resolve(headers.host);
  const build = (u: SessionUser | null, m: University | null): RequestAccess => {
    const here = sessionUserHere(u, m);
    return { state: computeAccessState({ user: here, microsite: m, checkurl }), user: here, microsite: m };
  };
  if (user instanceof Promise || microsite instanceof Promise) {
    return Promise.all([user, microsite]).then(([u, m]) => build(u, m));
  }
  return build(user, microsite);
}
