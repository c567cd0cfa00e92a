import { and, asc, eq, ne, sql } from "drizzle-orm";
import { data } from "react-router";
import { type AuditActor, changesBetween, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { universities, users } from "~/db/schema";
import { domainsOverlap } from "~/lib/email-domains";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The admin's own name, address and job title, as stored (the session's copy may be a few seconds old). */
export async function accountOf(db: Db, userId: number) {
  const [row] = await db
    .select({ name: users.name, email: users.email, jobTitle: users.jobTitle })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw data(null, { status: 404 });
  return row;
}

export async function saveAccount(
  db: Db,
  userId: number,
  account: { name: string; job_title: string | null },
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ name: account.name, jobTitle: account.job_title, updatedAt: now })
    .where(eq(users.id, userId));
}

/**
 * Waits for any other change of what a university holds alone (its slug, microsite host and email
 * domains) to commit. Without it, two saving the same one at once on a PostgreSQL server each find
 * it free. Such changes are rare, so one lock for all of them costs nothing.
 */
export const holdUniversityClaims = (tx: Pick<Tx, "execute">) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('university-names'))`);

/**
 * Why one of `domains` cannot be this university's (null when none): another university has it, or
 * one above or under it. An address belongs to one university: its registration, its single sign-on
 * (found by the address's domain) and its admins' view of the student. A domain the university has
 * already stays its own (one held twice from before this rule is the platform's team's to settle),
 * so such a university still saves its other details. Call it holding the claims.
 */
export async function domainsHeldElsewhere(
  tx: Pick<Tx, "select">,
  domains: readonly string[],
  universityId: number | null,
): Promise<string | null> {
  const [own] =
    universityId === null
      ? []
      : await tx
          .select({ domains: universities.emailDomains })
          .from(universities)
          .where(eq(universities.id, universityId));
  const kept = new Set(own?.domains.map((d) => d.toLowerCase()));
  const added = domains.filter((d) => !kept.has(d.toLowerCase()));
  if (added.length === 0) return null;
  const others = await tx
    .select({ name: universities.name, domains: universities.emailDomains })
    .from(universities)
    .where(
      and(
        universityId === null ? undefined : ne(universities.id, universityId),
        sql`cardinality(${universities.emailDomains}) > 0`,
      ),
    )
    .orderBy(asc(universities.name));
  for (const domain of added)
    for (const other of others) {
      const held = other.domains.find((d) => domainsOverlap(domain, d));
      if (held === undefined) continue;
      const what = held.toLowerCase() === domain ? `“${domain}” is` : `“${domain}” shares addresses with “${held}”,`;
      return `${what} ${other.name}'s: an email domain belongs to one university. If its addresses are your students', ask the platform's team.`;
    }
  return null;
}

export type UniversitySettings = {
  name: string;
  email_domains: string[];
  careers_email: string | null;
  careers_url: string | null;
};

/**
 * The university's name, self-registration domains and careers contact, all or nothing, with an
 * audit entry of what changed in the same transaction; refused (with why) for a domain another
 * university holds.
 */
export async function saveUniversitySettings(
  db: Db,
  actor: AuditActor,
  universityId: number,
  settings: UniversitySettings,
  now: Date,
): Promise<{ ok: true } | { ok: false; emailDomains: string }> {
  const after = {
    name: settings.name,
    emailDomains: settings.email_domains,
    careersEmail: settings.careers_email,
    careersUrl: settings.careers_url,
  };
  return db.transaction(async (tx) => {
    await holdUniversityClaims(tx);
    const held = await domainsHeldElsewhere(tx, settings.email_domains, universityId);
    if (held) return { ok: false, emailDomains: held };
    await changeUniversity(tx, actor, universityId, "university.updated", after, now);
    return { ok: true };
  });
}

export async function saveBrandColour(
  db: Db,
  actor: AuditActor,
  universityId: number,
  colour: string,
  now: Date,
): Promise<void> {
  await db.transaction((tx) =>
    changeUniversity(tx, actor, universityId, "university.branding_updated", { brandColour: colour }, now),
  );
}

/** Sets some of a university's columns, recording in the audit log those whose value changed (in the caller's transaction). */
async function changeUniversity(
  tx: Tx,
  actor: AuditActor,
  universityId: number,
  action: string,
  after: Partial<typeof universities.$inferInsert>,
  now: Date,
): Promise<void> {
  const [before] = await tx.select().from(universities).where(eq(universities.id, universityId)).for("update");
  if (!before) return;
  await tx.update(universities).set(after).where(eq(universities.id, universityId));
  const fields = Object.keys(after) as (keyof typeof after)[];
  const was = Object.fromEntries(fields.map((f) => [f, before[f as keyof typeof before]]));
  if (Object.keys(changesBetween(was, after)).length)
    await recordAudit(tx, {
      actor,
      action,
      universityId,
      target: { type: "university", id: universityId },
      before: was,
      after,
      at: now,
    });
}

export type TeamMember = { id: number; name: string; email: string; jobTitle: string | null; since: Date };

/**
 * The university's administrators whose accounts are open (one waiting for approval, or refused, is
 * not one yet: the dashboard lists those waiting), by name. "Since" is when their account was
 * approved, or made when nobody had to approve it.
 */
export async function teamOf(db: Db, universityId: number): Promise<TeamMember[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      jobTitle: users.jobTitle,
      createdAt: users.createdAt,
      decidedAt: users.accessDecidedAt,
    })
    .from(users)
    .where(
      and(eq(users.universityId, universityId), eq(users.role, "university_admin"), eq(users.accessStatus, "active")),
    )
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    jobTitle: r.jobTitle,
    since: r.decidedAt ?? r.createdAt,
  }));
}
