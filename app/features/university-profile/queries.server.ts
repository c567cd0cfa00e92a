import { and, asc, eq } from "drizzle-orm";
import { data } from "react-router";
import { type AuditActor, changesBetween, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { universities, users } from "~/db/schema";

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

export type UniversitySettings = {
  name: string;
  email_domains: string[];
  careers_email: string | null;
  careers_url: string | null;
};

/**
 * The university's name, self-registration domains and careers contact, all or nothing, with an
 * audit entry of what changed in the same transaction.
 */
export async function saveUniversitySettings(
  db: Db,
  actor: AuditActor,
  universityId: number,
  settings: UniversitySettings,
  now: Date,
): Promise<void> {
  const after = {
    name: settings.name,
    emailDomains: settings.email_domains,
    careersEmail: settings.careers_email,
    careersUrl: settings.careers_url,
  };
  await changeUniversity(db, actor, universityId, "university.updated", after, now);
}

export async function saveBrandColour(
  db: Db,
  actor: AuditActor,
  universityId: number,
  colour: string,
  now: Date,
): Promise<void> {
  await changeUniversity(db, actor, universityId, "university.branding_updated", { brandColour: colour }, now);
}

/** Sets some of a university's columns, recording in the audit log those whose value changed. */
async function changeUniversity(
  db: Db,
  actor: AuditActor,
  universityId: number,
  action: string,
  after: Partial<typeof universities.$inferInsert>,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
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
