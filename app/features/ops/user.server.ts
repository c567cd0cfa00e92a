import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { type RouterContextProvider, data, redirect } from "react-router";
import { z } from "zod";
import { actorOf } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { events, jobPostings, sessions, universities, users } from "~/db/schema";
import { requireStaff, siteOrigin } from "~/features/access/index.server";
import { sessionsContext } from "~/features/auth";
import { outboxContext } from "~/features/email";
import { employerOrganisationOf, withdrawVerification } from "~/features/employers/index.server";
import { freshCodeProblem } from "~/features/staff/index.server";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { formOf } from "~/lib/request-body.server";
import { validate } from "~/lib/validation";
import { PERSON_ACTIONS, type PersonAction, SENSITIVE, WITHDRAWAL_REASON_MAX, refusalOf } from "./people";
import {
  type ChangeDeps,
  type ChangeOutcome,
  deactivatePerson,
  endPersonSessions,
  reactivatePerson,
  resendConfirmation,
  setPersonAccess,
} from "./person-changes.server";
import { effectiveStatus } from "./users.server";

type Context = Readonly<RouterContextProvider>;

/** Open sessions and events a person's page lists at most, newest first. */
export const SESSIONS_SHOWN = 50;
export const EVENTS_SHOWN = 20;

/** The account the address names, or 404 for an id that is not one. */
function userIdOf(param: string | undefined): number {
  const id = Number(param);
  if (!/^\d{1,9}$/.test(param ?? "") || !Number.isSafeInteger(id)) throw data(null, { status: 404 });
  return id;
}

/** Everything /ops/users/:id shows of a person: never a password, a token or a session's hash. */
export async function personView(db: Db, userId: number, now: Date) {
  const [person] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      accessStatus: users.accessStatus,
      accessExpiresAt: users.accessExpiresAt,
      emailVerifiedAt: users.emailVerifiedAt,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      cihPremiumAccess: users.cihPremiumAccess,
      countryGuideAccess: users.countryGuideAccess,
      createdAt: users.createdAt,
      university: universities.name,
    })
    .from(users)
    .leftJoin(universities, eq(universities.id, users.universityId))
    .where(eq(users.id, userId));
  if (!person) return null;
  const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));
  const [counted] = await db.select({ n: count() }).from(sessions).where(live);
  const open = await db
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(live)
    .orderBy(desc(sessions.createdAt))
    .limit(SESSIONS_SHOWN);
  const recent = await db
    .select({ id: events.id, kind: events.kind, occurredAt: events.occurredAt, job: jobPostings.title })
    .from(events)
    .leftJoin(jobPostings, eq(jobPostings.id, events.jobPostingId))
    .where(eq(events.userId, userId))
    .orderBy(desc(events.occurredAt), desc(events.id))
    .limit(EVENTS_SHOWN);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    ...person,
    status: effectiveStatus(person.accessStatus, person.accessExpiresAt, now),
    accessExpiresAt: iso(person.accessExpiresAt),
    emailVerifiedAt: iso(person.emailVerifiedAt),
    createdAt: person.createdAt.toISOString(),
    openSessions: counted?.n ?? 0,
    sessions: open.map((s) => ({
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: iso(s.lastSeenAt),
      expiresAt: s.expiresAt.toISOString(),
    })),
    events: recent.map((e) => ({ ...e, occurredAt: e.occurredAt.toISOString() })),
    organisation: person.role === "employer" ? await employerOrganisationOf(db, userId) : null,
  };
}

/** /ops/users/:id: the person, and the changes the member of staff asking may make to their account. */
export async function loadPerson(id: string | undefined, context: Context) {
  const staff = requireStaff(context);
  const person = await personView(context.get(dbContext), userIdOf(id), context.get(clockContext)());
  if (!person) throw data(null, { status: 404 });
  const allowed = PERSON_ACTIONS.filter((action) => refusalOf(action, staff.id, person) === null);
  return { person, allowed, yourOwn: person.id === staff.id };
}
export type PersonPageData = Awaited<ReturnType<typeof loadPerson>>;

/** What a refused post shows: beside which form, and why (with the reason typed, for the withdrawal's). */
export type PersonAnswer = {
  form: PersonAction | null;
  codeError: string | null;
  formError: string | null;
  reasonError?: string;
  reason?: string;
};

const AccessSchema = z.object({
  access: z.array(z.enum(["cih_premium", "country_guide"], { error: "Choose from the access listed" })),
});

const WithdrawalSchema = z.object({
  reason: z
    .string({ error: "Give the reason: it is emailed to the employer and kept in the audit log" })
    .trim()
    .min(1, "Give the reason: it is emailed to the employer and kept in the audit log")
    .max(WITHDRAWAL_REASON_MAX, `The reason is at most ${WITHDRAWAL_REASON_MAX.toLocaleString("en-GB")} characters`),
});

/** What the console says after a withdrawal: the organisation, its jobs and who was emailed. */
function withdrawnMessage({ organisation, jobs, told }: { organisation: string; jobs: number; told: number }) {
  const waiting =
    jobs === 0
      ? "It had no open jobs."
      : jobs === 1
        ? "Its open job waits for review."
        : `Its ${jobs} open jobs wait for review.`;
  const emailed =
    told === 0
      ? "Nobody has joined it, so nobody is emailed."
      : told === 1
        ? "Its person is told by email."
        : `Its ${told} people are told by email.`;
  return `${organisation} is no longer verified and is back in the moderation queue. ${waiting} ${emailed}`;
}

/** The page's buttons, by `intent`; the sensitive ones ask for a fresh authentication code first. */
export async function personAction(request: Request, id: string | undefined, context: Context) {
  const staff = requireStaff(context);
  const userId = userIdOf(id);
  const form = await formOf(request);
  const deps: ChangeDeps = {
    db: context.get(dbContext),
    sessions: context.get(sessionsContext),
    outbox: context.get(outboxContext),
    now: context.get(clockContext)(),
    origin: siteOrigin(context),
  };
  const actor = actorOf(staff, context);
  const refuse = (status: number, answer: Partial<PersonAnswer>) =>
    data<PersonAnswer>({ form: null, codeError: null, formError: null, ...answer }, { status });
  const run = (intent: PersonAction, change: () => Promise<ChangeOutcome>) => async () => {
    if (SENSITIVE.has(intent)) {
      const problem = await freshCodeProblem(context, staff, form);
      if (problem) return refuse(401, { form: intent, codeError: problem });
    }
    const outcome = await change();
    if (!outcome.ok) {
      if (outcome.status === 404) throw data(null, { status: 404 });
      return refuse(outcome.status, { form: intent, formError: outcome.message });
    }
    return redirect(`/ops/users/${userId}`, {
      status: 303,
      headers: { "Set-Cookie": flashCookie(context.get(configContext), outcome.message) },
    });
  };
  return dispatchIntent(
    form,
    {
      deactivate: run("deactivate", () => deactivatePerson(deps, actor, userId)),
      reactivate: run("reactivate", () => reactivatePerson(deps, actor, userId)),
      "end-sessions": run("end-sessions", () => endPersonSessions(deps, actor, userId)),
      "resend-confirmation": run("resend-confirmation", () => resendConfirmation(deps, actor, userId)),
      access: async () => {
        const parsed = validate(AccessSchema, { access: form.getAll("access") });
        if (!parsed.success) return refuse(400, { form: "access", formError: parsed.fieldErrors.access ?? null });
        const chosen = new Set(parsed.data.access);
        const flags = { cihPremiumAccess: chosen.has("cih_premium"), countryGuideAccess: chosen.has("country_guide") };
        return run("access", () => setPersonAccess(deps, actor, userId, flags))();
      },
      "withdraw-verification": async () => {
        const typed = String(form.get("reason") ?? "");
        const parsed = validate(WithdrawalSchema, { reason: typed });
        if (!parsed.success)
          return refuse(400, { form: "withdraw-verification", reasonError: parsed.fieldErrors.reason, reason: typed });
        // Only an employer account has an organisation: any other answers 404, staff's own included.
        return run("withdraw-verification", async () => {
          const done = await withdrawVerification(deps, actor, userId, parsed.data.reason);
          if (!done.ok) return done;
          return { ok: true, message: withdrawnMessage(done) };
        })();
      },
    },
    async () => refuse(400, { formError: "Choose one of the page's buttons." }),
  );
}
