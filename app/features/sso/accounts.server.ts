import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type University, ssoIdentities, users } from "~/db/schema";
import { DEACTIVATED } from "~/features/auth/index.server";
import { emailDomainAllowed } from "~/lib/email-domains";
import type { MappedPerson } from "./mapping";

/** Why a login through the IdP makes or opens no account: the page's heading and its words. */
export type Refusal = { title: string; message: string };

export type SsoAccount = { ok: true; userId: number; made: boolean; linked: boolean } | { ok: false; refusal: Refusal };

const refuse = (title: string, message: string): SsoAccount => ({ ok: false, refusal: { title, message } });

const deactivated = refuse("This account has been deactivated", DEACTIVATED);

/** The name as the IdP gives it, within what an account holds. */
const nameOf = (person: MappedPerson) =>
  [person.givenName, person.familyName].filter(Boolean).join(" ").trim().slice(0, 100) || null;

/**
 * The account a person the university's IdP vouched for logs into, made just in time:
 * - the IdP's subject already linked: that account;
 * - else an account with the address, of this university: linked (never a second one);
 * - else a new one: an active student for a student affiliation, an account awaiting the
 *   university's approval for staff (an admin account once an admin approves it, never before) and
 *   graduates.
 * Only an address in the university's own email domains is linked or made: a university's IdP logs
 * people into that university and no other. Every login takes the name the IdP sends. An account the
 * platform's team deactivated is not opened, as with a password.
 */
export async function accountForLogin(
  db: Db,
  university: University,
  subject: string,
  person: MappedPerson,
  now: Date,
): Promise<SsoAccount> {
  const name = nameOf(person);
  return db.transaction(async (tx) => {
    const [identity] = await tx
      .select({ userId: ssoIdentities.userId, accessStatus: users.accessStatus })
      .from(ssoIdentities)
      .innerJoin(users, eq(users.id, ssoIdentities.userId))
      .where(and(eq(ssoIdentities.universityId, university.id), eq(ssoIdentities.subject, subject)));
    // As a right password is told: the platform's team switched the account off, whoever vouches for it.
    if (identity?.accessStatus === "deactivated") return deactivated;
    if (identity) {
      await tx
        .update(ssoIdentities)
        .set({ lastLoginAt: now })
        .where(and(eq(ssoIdentities.universityId, university.id), eq(ssoIdentities.subject, subject)));
      if (name) await tx.update(users).set({ name, updatedAt: now }).where(eq(users.id, identity.userId));
      return { ok: true, userId: identity.userId, made: false, linked: false };
    }
    const email = person.email;
    if (!email)
      return refuse(
        "Your email address did not arrive",
        `${university.name}'s login did not send your email address. Ask your university's IT service desk to release it to this platform.`,
      );
    if (!emailDomainAllowed(email, university.emailDomains))
      return refuse(
        "This address is not one of your university's",
        `${university.name}'s login gave the address ${email}, which is not in its email domains. Log in with your ${university.name} account, or ask your careers service for help.`,
      );
    const [existing] = await tx
      .select({ id: users.id, universityId: users.universityId, accessStatus: users.accessStatus })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .for("update");
    if (existing && existing.universityId !== university.id)
      return refuse(
        "This address has an account with another university",
        `The account of ${email} belongs to another university, so ${university.name}'s login cannot open it. Log in with that university, or with your password.`,
      );
    if (existing?.accessStatus === "deactivated") return deactivated;
    let userId = existing?.id;
    if (userId === undefined) {
      if (!person.affiliation)
        return refuse(
          "Your university did not say who you are",
          `${university.name}'s login did not say whether you are a student, a member of staff or a graduate. Ask your careers service to check how single sign-on is set up.`,
        );
      const [made] = await tx
        .insert(users)
        .values({
          email,
          name: name ?? email,
          role: person.affiliation === "staff" ? "university_admin" : "student",
          accessStatus: person.affiliation === "student" ? "active" : "awaiting_approval",
          universityId: university.id,
          passwordHash: null,
          emailVerifiedAt: now,
        })
        .returning({ id: users.id });
      userId = made!.id;
    } else {
      // The IdP vouches for the address: an unfinished registration of it is confirmed by this login.
      await tx
        .update(users)
        .set({
          ...(name ? { name } : {}),
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
    }
    await tx
      .insert(ssoIdentities)
      .values({ universityId: university.id, subject, userId, linkedAt: now, lastLoginAt: now });
    return { ok: true, userId, made: !existing, linked: Boolean(existing) };
  });
}
