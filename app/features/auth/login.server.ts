import { sql } from "drizzle-orm";
import { z } from "zod";
import { EmailField } from "~/lib/email-field";
import { users, type University } from "~/db/schema";
import { serializeCookie } from "~/lib/cookies";
import { type Config, secureCookies } from "~/lib/env.server";
import { verifyPassword } from "~/lib/password.server";
import type { RateLimiter } from "~/db/rate-limiter.server";
import type { Limit } from "~/lib/rate-limit";
import type { Db } from "~/db/client.server";
import { type Clock, systemClock } from "~/lib/clock";
import { switchCampus } from "./campuses.server";
import type { SessionStore } from "./session.server";
import { SESSION_COOKIE, SESSION_LIFETIME, STAFF_SESSION_LIFETIME } from "./session.server";

export const LoginSchema = z.object({
  email: EmailField,
  password: z
    .string({ error: "Enter your password" })
    .min(1, "Enter your password")
    .max(1024, "Passwords are at most 1,024 characters"),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** Failed attempts allowed per account and per client address in each window. */
export const LOGIN_LIMITS: { account: Limit; ip: Limit } = {
  account: { max: 5, windowSeconds: 15 * 60 },
  ip: { max: 30, windowSeconds: 15 * 60 },
};

export const WRONG_CREDENTIALS = "The email address or password is not right. Check them and try again.";
// Not who deactivated it: the platform's team, or an employer's colleague who removed it (employers.md).
export const DEACTIVATED = "This account has been deactivated. If you think this is a mistake, contact us.";

export type LoginOutcome =
  | { ok: true; token: string; userId: number }
  /** A platform staff member's right password: no session until the second factor (app/features/staff). */
  | { ok: true; secondFactorFor: number }
  | { ok: false; status: 401 | 403; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

/**
 * Checks credentials under the rate limits and, on success, opens a new session (never reusing one).
 * On the microsite of another of the person's campuses, that campus becomes their active university.
 */
export async function attemptLogin(
  services: { db: Db; sessions: Pick<SessionStore, "create" | "forgetUser">; rateLimiter: RateLimiter; clock?: Clock },
  input: LoginInput,
  ip: string,
  microsite: University | null,
): Promise<LoginOutcome> {
  const { db, rateLimiter } = services;
  const accountKey = `login:account:${input.email.toLowerCase()}`;
  const ipKey = `login:ip:${ip}`;
  // Each attempt is counted before argon2 judges it, in one statement per key, so attempts arriving
  // together cannot all pass a check made before any of them was counted.
  const wait =
    (await rateLimiter.spend(ipKey, LOGIN_LIMITS.ip)) || (await rateLimiter.spend(accountKey, LOGIN_LIMITS.account));
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    return {
      ok: false,
      status: 429,
      retryAfterSeconds: wait,
      message: `Too many attempts to log in. For your security, wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    };
  }
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      universityId: users.universityId,
      role: users.role,
      accessStatus: users.accessStatus,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user)
    return { ok: false, status: 401, message: WRONG_CREDENTIALS };
  // The limits are of failed logins: a right password clears the account's and gives back the address's.
  await rateLimiter.reset(accountKey);
  await rateLimiter.refund(ipKey);
  // Said only to someone who knows the password, so it reveals nothing about the address.
  if (user.accessStatus === "deactivated") return { ok: false, status: 403, message: DEACTIVATED };
  if (user.role === "platform_staff") {
    // Staff log in on the main site only, where the console is.
    if (microsite) return { ok: false, status: 401, message: WRONG_CREDENTIALS };
    return { ok: true, secondFactorFor: user.id };
  }
  // The password was right, so saying which site to use reveals nothing new.
  if (microsite && user.universityId !== microsite.id) {
    // A student of several campuses who logs in on another campus's site means to use that campus;
    // switchCampus refuses anyone who does not belong to it.
    const switched = await switchCampus(db, user.id, microsite.id, (services.clock ?? systemClock)());
    if (!switched.ok) {
      return {
        ok: false,
        status: 403,
        message: `This account is not registered with ${microsite.name}. Log in on your own university's site instead.`,
      };
    }
    // The person's other sessions carry the old university's plan in this instance's cache.
    services.sessions.forgetUser(user.id);
  }
  return { ok: true, token: await services.sessions.create(user.id), userId: user.id };
}

export function sessionCookie(config: Config, token: string | null, { staff = false } = {}): string {
  return serializeCookie(SESSION_COOKIE, token ?? "", {
    expires: token ? (staff ? STAFF_SESSION_LIFETIME : SESSION_LIFETIME) : 0,
    httpOnly: true,
    secure: secureCookies(config),
    sameSite: "Lax",
  });
}
