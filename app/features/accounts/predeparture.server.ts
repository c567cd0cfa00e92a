import { type AuditActor, recordAudit } from "~/db/audit.server";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type University, studentProfiles, users } from "~/db/schema";
import { vouchedFor } from "~/features/access";
import { type SessionStore, vouchingColumns } from "~/features/auth/index.server";
import { composeEmail, greetingFor } from "~/features/email";
import type { Outbox } from "~/features/email/index.server";
import { brandOf } from "./university.server";

export type PredepartureStudent = {
  id: number;
  name: string;
  email: string;
  course: string | null;
  courseStartDate: string | null;
  /** Reads the university's own content (its career manual, its workshops): by the access state's rule, `vouchedFor`. */
  universityContent: boolean;
};

/** A university's pre-departure students who have set up their account, soonest start first. */
export async function predepartureStudents(db: Db, university: University): Promise<PredepartureStudent[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      course: studentProfiles.course,
      courseStartDate: studentProfiles.courseStartDate,
      ...vouchingColumns,
    })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(
      and(eq(users.universityId, university.id), eq(users.role, "predeparture_student"), isNotNull(users.passwordHash)),
    )
    .orderBy(asc(studentProfiles.courseStartDate), asc(users.name));
  return rows.map(({ invited, approved, ...r }) => ({
    ...r,
    universityContent: vouchedFor(r.email, { universityDomains: university.emailDomains, invited, approved }),
  }));
}

type ChangeDeps = { db: Db; outbox: Outbox; sessions: SessionStore; origin: string };
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Changed = { ok: true; name: string };
type Refused = { ok: false; status: 404 | 409; message: string };
type Notice = { kind: string; subject: string; paragraph: string; action: { label: string; url: string } };

/**
 * A change an admin makes to one of their pre-departure students, in one transaction with the email
 * that tells the person (so a failed change sends nothing); then this instance's cached sessions of
 * the account see it at once, and the email leaves.
 */
async function changeAndTell(
  deps: ChangeDeps,
  university: University,
  userId: number,
  change: (tx: Tx) => Promise<{ person: { name: string; email: string }; notice: Notice } | Refused>,
): Promise<Changed | Refused> {
  const outcome = await deps.db.transaction(async (tx): Promise<Changed | Refused> => {
    const changed = await change(tx);
    if ("ok" in changed) return changed;
    const { person, notice } = changed;
    const brand = brandOf(university);
    await deps.outbox.queue(tx, {
      kind: notice.kind,
      to: person.email,
      universityId: university.id,
      email: composeEmail(
        {
          subject: notice.subject,
          greeting: greetingFor(person.name),
          paragraphs: [notice.paragraph],
          action: notice.action,
        },
        brand,
      ),
    });
    return { ok: true, name: person.name };
  });
  if (outcome.ok) {
    deps.sessions.forgetUser(userId);
    deps.outbox.flush();
  }
  return outcome;
}

const NOT_YOURS: Refused = {
  ok: false,
  status: 404,
  message: "No pre-departure student of your university has this number.",
};

/**
 * An admin opens the university's own content (its career manual, its workshops and their joining
 * links) to a pre-departure account nothing else vouches for: anyone may open one with any address,
 * so it reads only the public pre-departure pages until then. Recorded as the account's approval
 * (`access_decided_by`/`_at`); the person is told by email. 404 for anyone else's account, 409 once approved.
 */
export function approvePredeparture(
  deps: ChangeDeps & { now: Date },
  approver: AuditActor & { id: number },
  university: University,
  userId: number,
): Promise<Changed | Refused> {
  return changeAndTell(deps, university, userId, async (tx) => {
    const [account] = await tx
      .select({ name: users.name, email: users.email, approvedAt: users.accessDecidedAt })
      .from(users)
      .where(
        and(
          eq(users.id, userId),
          eq(users.universityId, university.id),
          eq(users.role, "predeparture_student"),
          isNotNull(users.passwordHash),
        ),
      )
      .for("update");
    if (!account) return NOT_YOURS;
    if (account.approvedAt)
      return { ok: false, status: 409, message: `${account.name} was already approved.` } satisfies Refused;
    await tx
      .update(users)
      .set({ accessDecidedBy: approver.id, accessDecidedAt: deps.now, updatedAt: deps.now })
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      actor: approver,
      action: "predeparture.approved",
      universityId: university.id,
      target: { type: "user", id: userId },
      before: { accessDecidedAt: null },
      after: { accessDecidedAt: deps.now },
      at: deps.now,
    });
    const { name } = brandOf(university);
    return {
      person: account,
      notice: {
        kind: "predeparture-approved",
        subject: `${name} has opened its own pages to you`,
        paragraph: `${name} has confirmed your place. Its career manual and its own workshops are now open to you, beside the pre-departure area.`,
        action: { label: "Read the career manual", url: `${deps.origin}/career-manual/${university.slug}` },
      },
    };
  });
}

/**
 * A pre-departure student has enrolled: the account becomes a student account, keeping everything
 * it holds. Only the admin's own university's pre-departure students can be changed (else 404).
 */
export function enrolPredeparture(
  deps: ChangeDeps & { now: Date },
  actor: AuditActor,
  university: University,
  userId: number,
): Promise<Changed | Refused> {
  return changeAndTell(deps, university, userId, async (tx) => {
    const [person] = await tx
      .update(users)
      .set({ role: "student", updatedAt: deps.now })
      .where(and(eq(users.id, userId), eq(users.universityId, university.id), eq(users.role, "predeparture_student")))
      .returning({ name: users.name, email: users.email });
    if (!person) return NOT_YOURS;
    await recordAudit(tx, {
      actor,
      action: "predeparture.enrolled",
      universityId: university.id,
      target: { type: "user", id: userId },
      before: { role: "predeparture_student" },
      after: { role: "student" },
      at: deps.now,
    });
    const { name } = brandOf(university);
    return {
      person,
      notice: {
        kind: "predeparture-enrolled",
        subject: `Welcome to ${name}: your student account is ready`,
        paragraph: `${name} has confirmed that you are enrolled. Your pre-departure account is now a student account, with everything you saved in it.`,
        action: { label: "Open your dashboard", url: `${deps.origin}/student-dashboard` },
      },
    };
  });
}
