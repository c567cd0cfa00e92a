import { createHmac, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { invitations, sessions, universities, userCampuses, users } from "~/db/schema";
import type { SessionUser } from "./session-user";
import { type Clock, systemClock } from "~/lib/clock";
import { durationToSeconds } from "~/lib/cookies";

/**
 * What may vouch for an account besides its address (`vouchedFor`): an invitation of its
 * university made it, or an admin approved it. Read with the account wherever the rule is applied.
 */
export const vouchingColumns = {
  invited: sql<boolean>`exists (select 1 from ${invitations} where ${invitations.userId} = ${users.id} and ${invitations.revokedAt} is null)`,
  approved: sql<boolean>`${users.accessDecidedAt} is not null`,
};

export const SESSION_COOKIE = "sid";
export const SESSION_LIFETIME = "30d";
/** Platform staff hold the keys to every university's data: their sessions end after 8 hours in all, and after 30 minutes idle. */
export const STAFF_SESSION_LIFETIME = "8h";
export const STAFF_IDLE_SECONDS = 30 * 60;
/** How stale a staff session's last use may be before a request records it again (a write per minute, not per request). */
const SEEN_EVERY_MS = 60_000;

type CacheEntry = { user: SessionUser | null; loadedAt: number };

/**
 * Sessions live in the database (any instance can serve any request). Each instance keeps a
 * short-lived cache of look-ups, because a database read per access check caps throughput:
 * a logout or role change made here takes effect on the next request (the entry is dropped),
 * and on other instances once their entry is older than `ttlMs` (well under 10 s).
 * The cache is keyed by the token itself, so a hit costs no HMAC.
 */
export class SessionStore {
  private cache = new Map<string, CacheEntry>();
  private inFlight = new Map<string, Promise<SessionUser | null>>();

  constructor(
    private db: Db,
    private secret: string,
    private ttlMs = 5_000,
    private maxEntries = 50_000,
    private clock: Clock = systemClock,
  ) {}

  hash(token: string): string {
    return createHmac("sha256", this.secret).update(token).digest("base64url");
  }

  /** A new session; `staff`: a platform staff member's, short and ended by idleness. */
  async create(userId: number, { staff = false } = {}): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    const now = this.clock();
    const lifetime = durationToSeconds(staff ? STAFF_SESSION_LIFETIME : SESSION_LIFETIME);
    const expiresAt = new Date(now.getTime() + lifetime * 1000);
    await this.db
      .insert(sessions)
      .values({ tokenHash: this.hash(token), userId, expiresAt, lastSeenAt: staff ? now : null });
    return token;
  }

  async revoke(token: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock() })
      .where(eq(sessions.tokenHash, this.hash(token)));
    this.cache.delete(token);
  }

  /**
   * Ends every session of a user but `keepToken`'s (a password changed or reset), in the caller's
   * transaction. Other instances stop accepting them within the cache's TTL, as after a logout.
   */
  async revokeAllOf(tx: Pick<Db, "update">, userId: number, keepToken?: string): Promise<void> {
    const open = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
    await tx
      .update(sessions)
      .set({ revokedAt: this.clock() })
      .where(keepToken ? and(open, ne(sessions.tokenHash, this.hash(keepToken))) : open);
    this.forgetUser(userId);
  }

  /** Drops this instance's cached look-ups of a user; whatever changes a role or flags calls it. */
  forgetUser(userId: number): void {
    for (const [token, entry] of this.cache) if (entry.user?.id === userId) this.cache.delete(token);
  }

  /** Synchronous on a cache hit (the access checks sit on every page view), a promise otherwise. */
  lookup(token: string | undefined): SessionUser | null | Promise<SessionUser | null> {
    if (!token || token.length > 200) return null;
    const hit = this.cache.get(token);
    if (hit && this.clock().getTime() - hit.loadedAt < this.ttlMs) return hit.user;
    let pending = this.inFlight.get(token);
    if (!pending) {
      pending = this.load(token).finally(() => this.inFlight.delete(token));
      this.inFlight.set(token, pending);
    }
    return pending;
  }

  private async load(token: string): Promise<SessionUser | null> {
    const key = this.hash(token);
    const now = this.clock();
    const loadedAt = now.getTime();
    const [row] = await this.db
      .select({
        id: users.id,
        lastSeenAt: sessions.lastSeenAt,
        name: users.name,
        email: users.email,
        role: users.role,
        accessStatus: users.accessStatus,
        accessExpiresAt: users.accessExpiresAt,
        universityId: users.universityId,
        // The active university is one of the rows, so a second row is another campus.
        hasOtherCampuses: sql<boolean>`(select count(*) > 1 from ${userCampuses} where ${userCampuses.userId} = ${users.id})`,
        countryGuideAccess: users.countryGuideAccess,
        cihPremiumAccess: users.cihPremiumAccess,
        planCareerHub: universities.planCareerHub,
        planCihPremium: universities.planCihPremium,
        planCountryGuides: universities.planCountryGuides,
        universityDomains: universities.emailDomains,
        ...vouchingColumns,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(universities, eq(universities.id, users.universityId))
      .where(and(eq(sessions.tokenHash, key), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    const live = row && (row.role !== "platform_staff" || (await this.stillActive(key, row.lastSeenAt, now)));
    const user: SessionUser | null = live
      ? {
          id: row.id,
          name: row.name,
          email: row.email,
          role: row.role,
          // An entry lives a few seconds, so access that ends is seen within them.
          accessStatus:
            row.accessStatus === "active" && row.accessExpiresAt && row.accessExpiresAt <= now
              ? "expired"
              : row.accessStatus,
          universityId: row.universityId,
          hasOtherCampuses: row.hasOtherCampuses,
          countryGuideAccess: row.countryGuideAccess,
          cihPremiumAccess: row.cihPremiumAccess,
          universityPlan:
            row.universityId === null
              ? null
              : {
                  planCareerHub: row.planCareerHub ?? false,
                  planCihPremium: row.planCihPremium ?? false,
                  planCountryGuides: row.planCountryGuides ?? false,
                },
          membership: { universityDomains: row.universityDomains ?? [], invited: row.invited, approved: row.approved },
        }
      : null;
    if (this.cache.size >= this.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(token, { user, loadedAt });
    return user;
  }

  /**
   * A staff session used within the idle limit is kept alive: its last use is recorded, at most once a
   * minute (on a GET too: the one write besides a rate limit's count that a GET makes, app/db/reads.server.ts).
   */
  private async stillActive(key: string, lastSeenAt: Date | null, now: Date): Promise<boolean> {
    if (!lastSeenAt || now.getTime() - lastSeenAt.getTime() >= STAFF_IDLE_SECONDS * 1000) return false;
    if (now.getTime() - lastSeenAt.getTime() >= SEEN_EVERY_MS)
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, key));
    return true;
  }
}
