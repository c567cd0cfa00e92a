import { recordAudit } from "~/db/audit.server";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { recordEvents, type NewEvent } from "~/db/events.server";
import {
  type RosterColumn,
  type RosterMode,
  type RosterRecord,
  type University,
  rosterRecords,
  studentProfiles,
  users,
} from "~/db/schema";
import { queueInvitations, revokeOpenInvitations } from "~/features/accounts/index.server";
import { ssoRealmOfUniversity } from "~/features/sso/index.server";
import { emailDomainAllowed } from "~/lib/email-domains";
import type { Outbox } from "~/features/email/index.server";
import { type RosterError, type RosterLine, readRoster } from "./records";

/** Who syncs: an admin on the roster page, or a record system with one of the university's keys. */
/** Who syncs: an admin's upload, or the record system with one of the university's keys; `ip` for the audit log. */
export type SyncActor = ({ source: "upload"; adminId: number } | { source: "api"; keyId: number }) & {
  ip?: string | null;
};
/** What a sync works with: the database, the outbox for its invitations, the time, and the site's origin for their links. */
export type SyncDeps = { db: Db; outbox: Outbox; now: Date; origin: string };

/** One student's record that the sync makes, changes or marks as left, and the columns that change. */
export type RosterChange = {
  line: number | null;
  studentId: string;
  kind: "created" | "updated" | "left";
  fields: RosterColumn[];
};

export type SyncOutcome = {
  /** "invalid": a line is bad and nothing was applied; "preview": a dry run, nothing was applied. */
  status: "applied" | "preview" | "invalid";
  created: number;
  updated: number;
  unchanged: number;
  left: number;
  errors: RosterError[];
  changes: RosterChange[];
};

/** With the university's id, the lock a sync holds to its end, so two syncs of one university run one after the other. */
const ROSTER_LOCK = 20261128;

const COMPARED = ["email", "first_name", "last_name", "course", "level", "expected_graduation", "status"] as const;
const valueOf = (r: RosterRecord, column: (typeof COMPARED)[number]) =>
  ({
    email: r.email,
    first_name: r.firstName,
    last_name: r.lastName,
    course: r.course,
    level: r.level,
    expected_graduation: r.expectedGraduation,
    status: r.status,
  })[column];

type Account = { id: number; email: string };

/**
 * Syncs a university's student records with a file: every line checked first (nothing is applied
 * while any is bad), then the plan (created, updated, unchanged, and in a full sync the students
 * missing from the file, marked as left) computed and, unless it is a dry run, applied in one
 * transaction with its accounts, invitations and events. Only the university's own records and
 * student accounts are read or written.
 */
export async function syncRoster(
  deps: SyncDeps,
  university: University,
  actor: SyncActor,
  body: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: {
    mode: RosterMode;
    dryRun: boolean;
    /** The number of students the admin confirmed would be marked as left: another number stops at a preview. */
    expectLeft?: number;
  },
): Promise<SyncOutcome> {
  const { rows, errors } = await readRoster(body);
  if (errors.length) return refused(errors);
  // An empty export (a record system's failed run) would mark every student as left.
  if (options.mode === "full" && rows.length === 0)
    return refused([{ line: 1, field: "file", reason: EMPTY_FULL_LIST }]);
  const outcome = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROSTER_LOCK}, ${university.id})`);
    const plan = await planSync(tx, university.id, rows, options.mode);
    if (plan.errors.length) return refused(plan.errors);
    const counts = {
      created: plan.created.length,
      updated: plan.updated.length,
      unchanged: plan.unchanged,
      left: plan.left.length,
      errors: [],
      changes: plan.changes,
    };
    if (options.dryRun || (options.expectLeft !== undefined && options.expectLeft !== plan.left.length))
      return { status: "preview" as const, ...counts };
    await applyPlan({ ...deps, tx }, university, actor, plan);
    // One entry for the sync (it may touch thousands of records): who, and how many of each change.
    if (counts.created + counts.updated + counts.left)
      await recordAudit(tx, {
        actor:
          actor.source === "upload"
            ? { id: actor.adminId, role: "university_admin", ip: actor.ip }
            : { id: null, role: "roster_api_key", ip: actor.ip },
        action: "roster.synced",
        universityId: university.id,
        target:
          actor.source === "upload"
            ? { type: "university", id: university.id }
            : { type: "roster_api_key", id: actor.keyId },
        after: { mode: options.mode, created: counts.created, updated: counts.updated, left: counts.left },
        at: deps.now,
      });
    return { status: "applied" as const, ...counts };
  });
  if (outcome.status === "applied" && outcome.created + outcome.updated + outcome.left) deps.outbox.flush();
  return outcome;
}

const EMPTY_FULL_LIST =
  "The file has no students: as the whole list, it would mark every student as left. Send the list, or a partial sync.";

const refused = (errors: RosterError[]): SyncOutcome => ({
  status: "invalid",
  created: 0,
  updated: 0,
  unchanged: 0,
  left: 0,
  errors: errors.sort((a, b) => a.line - b.line),
  changes: [],
});

type Planned = { row: RosterLine; before: RosterRecord | null; account: Account | null; fields: RosterColumn[] };
type Plan = {
  created: Planned[];
  updated: Planned[];
  unchanged: number;
  left: { before: RosterRecord; account: Account | null }[];
  errors: RosterError[];
  changes: RosterChange[];
};

async function planSync(tx: Db, universityId: number, rows: RosterLine[], mode: RosterMode): Promise<Plan> {
  const records = await tx
    .select()
    .from(rosterRecords)
    .where(eq(rosterRecords.universityId, universityId))
    .orderBy(rosterRecords.studentId);
  const byStudent = new Map(records.map((r) => [r.studentId, r]));
  // The university's student accounts: a record's own (its id), or, before it has one, one with its address.
  const accounts = await tx
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(and(eq(users.universityId, universityId), eq(users.role, "student")));
  const accountById = new Map(accounts.map((a) => [a.id, a]));
  const accountByEmail = new Map(accounts.map((a) => [a.email, a]));
  const accountOf = (r: { userId: number | null; email: string }) =>
    (r.userId !== null ? accountById.get(r.userId) : undefined) ?? accountByEmail.get(r.email.toLowerCase()) ?? null;

  const plan: Plan = { created: [], updated: [], unchanged: 0, left: [], errors: [], changes: [] };
  const inFile = new Set(rows.map((r) => r.student_id));
  // Addresses kept by students the file does not name: a line may not take one.
  const keptAddress = new Map<string, string>();
  for (const r of records) if (!inFile.has(r.studentId)) keptAddress.set(r.email.toLowerCase(), r.studentId);

  for (const row of rows) {
    const holder = keptAddress.get(row.email);
    if (holder !== undefined) {
      plan.errors.push({
        line: row.line,
        field: "email",
        reason: `Student ${holder} has this address in your records`,
      });
      continue;
    }
    const before = byStudent.get(row.student_id) ?? null;
    if (!before) {
      plan.created.push({ row, before, account: accountByEmail.get(row.email) ?? null, fields: [...COMPARED] });
      continue;
    }
    const fields = COMPARED.filter((c) => valueOf(before, c) !== row[c]);
    if (fields.length) plan.updated.push({ row, before, account: accountOf(before), fields });
    else plan.unchanged++;
  }
  if (mode === "full")
    for (const r of records)
      if (!inFile.has(r.studentId) && r.status !== "left") plan.left.push({ before: r, account: accountOf(r) });

  // A linked account's new address must not be another account's, at any university.
  const moving = plan.updated.filter((p) => p.account && p.account.email !== p.row.email);
  for (let i = 0; i < moving.length; i += 1_000) {
    const chunk = moving.slice(i, i + 1_000);
    const owners = await tx
      .select({ id: users.id, email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(
        inArray(
          sql`lower(${users.email})`,
          chunk.map((p) => p.row.email),
        ),
      );
    const ownerOf = new Map(owners.map((o) => [o.email, o.id]));
    for (const p of chunk) {
      const owner = ownerOf.get(p.row.email);
      if (owner !== undefined && owner !== p.account!.id)
        plan.errors.push({ line: p.row.line, field: "email", reason: "Another account uses this address" });
    }
  }

  plan.changes = [
    ...[...plan.created, ...plan.updated].map((p) => ({
      line: p.row.line,
      studentId: p.row.student_id,
      kind: p.before ? ("updated" as const) : ("created" as const),
      fields: p.fields,
    })),
    ...plan.left.map((l) => ({
      line: null,
      studentId: l.before.studentId,
      kind: "left" as const,
      fields: ["status" as const],
    })),
  ];
  return plan;
}

async function applyPlan(
  { tx, outbox, now, origin }: Omit<SyncDeps, "db"> & { tx: Db },
  university: University,
  actor: SyncActor,
  plan: Plan,
): Promise<void> {
  const written = [...plan.created, ...plan.updated];
  // With single sign-on on, an active student in the university's own domains needs no invitation:
  // the account is made now, without a password, and their university's login opens it (the login
  // links an account of its address). An address elsewhere still gets an invitation.
  const withdrawn: string[] = [];
  if (await ssoRealmOfUniversity(tx, university.slug)) {
    const direct = written.filter(
      (p) => !p.account && p.row.status === "active" && emailDomainAllowed(p.row.email, university.emailDomains),
    );
    for (const p of direct) withdrawn.push(p.row.email, ...(p.before ? [p.before.email] : []));
    for (let i = 0; i < direct.length; i += 1_000) {
      const chunk = direct.slice(i, i + 1_000);
      // An address another university's account holds is left to an invitation, which says so.
      const made = await tx
        .insert(users)
        .values(
          chunk.map(({ row }) => ({
            email: row.email,
            name: `${row.first_name} ${row.last_name}`,
            role: "student" as const,
            accessStatus: "active" as const,
            universityId: university.id,
            passwordHash: null,
            emailVerifiedAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: users.id, email: users.email });
      const madeId = new Map(made.map((m) => [m.email.toLowerCase(), m.id]));
      for (const p of chunk) {
        const id = madeId.get(p.row.email.toLowerCase());
        if (id !== undefined) p.account = { id, email: p.row.email };
      }
    }
  }
  const userIdOf = new Map<string, number | null>(written.map((p) => [p.row.student_id, p.account?.id ?? null]));

  // Invitations: withdrawn from an address a student no longer has, or from a student no longer active;
  // sent to an active student without an account whose record is new, has a new address or is active again.
  const invite: Planned[] = [];
  for (const p of written) {
    if (p.account) continue;
    const moved = p.before && p.before.email !== p.row.email;
    if (p.before && (moved || p.row.status !== "active")) withdrawn.push(p.before.email);
    if (p.row.status === "active" && (!p.before || moved || p.before.status !== "active")) invite.push(p);
  }
  for (const l of plan.left) if (!l.account) withdrawn.push(l.before.email);
  await revokeOpenInvitations(tx, university.id, withdrawn, now);
  const { invited } = await queueInvitations(
    { tx, outbox, now, origin },
    actor.source === "upload" ? actor.adminId : null,
    university,
    invite.map((p) => p.row.email),
  );
  const invitedId = new Map(invited.map((i) => [i.email, i.userId]));
  for (const p of invite) userIdOf.set(p.row.student_id, invitedId.get(p.row.email) ?? null);

  for (let i = 0; i < written.length; i += 1_000) {
    const values = written.slice(i, i + 1_000).map(({ row, before }) => ({
      universityId: university.id,
      studentId: row.student_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      course: row.course,
      level: row.level,
      expectedGraduation: row.expected_graduation,
      status: row.status,
      userId: userIdOf.get(row.student_id) ?? before?.userId ?? null,
      createdAt: now,
      updatedAt: now,
    }));
    await tx
      .insert(rosterRecords)
      .values(values)
      .onConflictDoUpdate({
        target: [rosterRecords.universityId, rosterRecords.studentId],
        set: {
          email: sql`excluded.email`,
          firstName: sql`excluded.first_name`,
          lastName: sql`excluded.last_name`,
          course: sql`excluded.course`,
          level: sql`excluded.level`,
          expectedGraduation: sql`excluded.expected_graduation`,
          status: sql`excluded.status`,
          userId: sql`excluded.user_id`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
  for (let i = 0; i < plan.left.length; i += 1_000)
    await tx
      .update(rosterRecords)
      .set({ status: "left", updatedAt: now })
      .where(
        and(
          eq(rosterRecords.universityId, university.id),
          inArray(
            rosterRecords.studentId,
            plan.left.slice(i, i + 1_000).map((l) => l.before.studentId),
          ),
        ),
      );

  await updateAccounts(tx, university.id, plan, now);

  const by = actor.source === "upload" ? { by: actor.adminId } : { key: actor.keyId };
  // The account goes in the data, not user_id: a sync is the university's doing, not the student's, so
  // the analytics (which count a student's events by user_id) and the student's own events leave it out.
  const event = (kind: NewEvent["kind"], studentId: string, account: Account | null, fields: RosterColumn[]) => ({
    kind,
    at: now,
    universityId: university.id,
    data: { student_id: studentId, account: account?.id ?? null, source: actor.source, ...by, fields },
  });
  await recordEvents(tx, [
    ...plan.created.map((p) => event("roster.created", p.row.student_id, p.account, p.fields)),
    ...plan.updated.map((p) => event("roster.updated", p.row.student_id, p.account, p.fields)),
    ...plan.left.map((l) => event("roster.left", l.before.studentId, l.account, ["status"])),
  ]);
}

/**
 * What a record says reaches its account: the address, the name, the profile's course, level and
 * graduation (a blank in the file keeps what the student gave), and the status. A student who is
 * suspended or has left keeps the account, but its access ends from the sync on (it holds no powers,
 * like any ended account); active again, it opens again.
 */
async function updateAccounts(tx: Db, universityId: number, plan: Plan, now: Date): Promise<void> {
  type Change = { id: number; email: string; name: string; access: "end" | "open" | "keep" };
  const changes: Change[] = [];
  const profiles: (typeof studentProfiles.$inferInsert)[] = [];
  for (const { row, before, account } of [...plan.created, ...plan.updated]) {
    if (!account) continue;
    const statusChanged = !before || before.status !== row.status;
    changes.push({
      id: account.id,
      email: row.email,
      name: `${row.first_name} ${row.last_name}`,
      access: !statusChanged ? "keep" : row.status === "active" ? (before ? "open" : "keep") : "end",
    });
    profiles.push({
      userId: account.id,
      course: row.course,
      studyLevel: row.level,
      graduationDate: row.expected_graduation && `${row.expected_graduation}-01`,
      updatedAt: now,
    });
  }
  for (const { before, account } of plan.left)
    if (account && before.status === "active")
      changes.push({
        id: account.id,
        email: before.email,
        name: `${before.firstName} ${before.lastName}`,
        access: "end",
      });

  for (let i = 0; i < changes.length; i += 1_000) {
    const values = sql.join(
      changes.slice(i, i + 1_000).map((c) => sql`(${c.id}::int, ${c.email}, ${c.name}, ${c.access})`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${users} set
        email = v.email,
        name = v.name,
        access_expires_at = case v.access when 'end' then ${now.toISOString()}::timestamptz when 'open' then null else ${users.accessExpiresAt} end,
        updated_at = ${now.toISOString()}
      from (values ${values}) as v(id, email, name, access)
      where ${users.id} = v.id and ${users.universityId} = ${universityId} and ${users.role} = 'student'`);
  }
  for (let i = 0; i < profiles.length; i += 1_000)
    await tx
      .insert(studentProfiles)
      .values(profiles.slice(i, i + 1_000))
      .onConflictDoUpdate({
        target: studentProfiles.userId,
        set: {
          course: sql`coalesce(excluded.course, ${studentProfiles.course})`,
          studyLevel: sql`coalesce(excluded.study_level, ${studentProfiles.studyLevel})`,
          graduationDate: sql`coalesce(excluded.graduation_date, ${studentProfiles.graduationDate})`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
}
