import type { University } from "~/db/schema";
import { parseCookies } from "~/lib/cookies";
import type { Services } from "~/lib/services.server";
import { SESSION_COOKIE } from "~/features/auth/session.server";
import { type AccessState, type SessionUser, computeAccessState } from "./access-state";

export type RequestAccess = { state: AccessState; user: SessionUser | null; microsite: University | null };

/** The access state of one request; page guards and the JSON checks both come through here. */
export async function resolveAccess(
  services: Pick<Services, "sessions" | "microsites">,
  headers: { cookie?: string | null; host?: string | null },
  checkurl?: string | null,
): Promise<RequestAccess> {
  const token = parseCookies(headers.cookie)[SESSION_COOKIE];
  const [user, microsite] = await Promise.all([
    services.sessions.lookup(token),
    services.microsites.resolve(headers.host),
  ]);
  return { state: computeAccessState({ user, microsite, checkurl }), user, microsite };
}
