import { type RouterContextProvider, data, redirect } from "react-router";
import { actorOf } from "~/db/audit.server";
import { dbContext } from "~/db/context";
import { requireUniversityAdmin } from "~/features/access/index.server";
import { decideAccessRequest, pendingAccessRequests } from "~/features/accounts/index.server";
import { accountsAwaitingApproval, decideAccount } from "~/features/accounts/index.server";
import { accountDeps } from "~/features/accounts/index.server";
import { type InvitationListProblem, readInvitationList } from "~/features/accounts";
import {
  inviteStudents,
  recentInvitations,
  resendInvitation,
  revokeInvitation,
} from "~/features/accounts/index.server";
import { approvePredeparture, enrolPredeparture, predepartureStudents } from "~/features/accounts/index.server";
import { readRange } from "~/features/analytics";
import { headlineFigures } from "~/features/analytics/index.server";
import { sessionsContext } from "~/features/auth";
import { premiumRequestsOf } from "~/features/cih/index.server";
import { todayInLondon } from "~/lib/dates";
import {
  STUDENT_CSV_HEADER,
  allStudents,
  filterChoices,
  listStudents,
  setStudentAccess,
  studentCsvRow,
  studentFilters,
} from "~/features/students/index.server";
import { clockContext, configContext } from "~/lib/context";
import { csvResponse } from "~/lib/csv";
import { formatUkDay } from "~/lib/dates";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { formWithFile } from "~/lib/request-body.server";

type Context = Readonly<RouterContextProvider>;

/** A list of addresses the invitation form refused: shown again as typed, with each line's problem. */
export type InviteAnswer = { text: string; problems: InvitationListProblem[] };

/** /university-dashboard: the admin's figures, students, and everything waiting for their decision. */
export async function loadUniversityDashboard(request: Request, context: Context) {
  const { admin, university } = await requireUniversityAdmin(context);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const url = new URL(request.url);
  const today = todayInLondon(now);
  const choice = readRange(url, today);
  const asked = studentFilters.safeParse(Object.fromEntries(url.searchParams));
  const filters = asked.success ? asked.data : studentFilters.parse({});
  const [figures, students, choices] = await Promise.all([
    headlineFigures(db, university.id, choice.range, choice.previous),
    listStudents(db, university.id, filters, now),
    filterChoices(db, university.id),
  ]);
  const requests = await pendingAccessRequests(db, university.id);
  const invited = await recentInvitations(db, university.id);
  const predeparture = await predepartureStudents(db, university);
  const awaiting = await accountsAwaitingApproval(db, university);
  const premiumRequests = await premiumRequestsOf(db, university.id);
  return data(
    {
      today,
      range: choice.range,
      previous: choice.previous,
      rangeInput: choice.input,
      rangeError: choice.error,
      figures,
      students: {
        rows: students.rows.map((r) => ({ ...r, registeredAt: r.registeredAt.toISOString() })),
        total: students.total,
        filters: asked.success ? filters : { page: 1 },
        problem: asked.success ? null : (asked.error.issues[0]?.message ?? "Choose from the lists"),
        choices,
      },
      premiumRequests: premiumRequests.map((r) => ({ ...r, requestedAt: r.requestedAt.toISOString() })),
      awaiting: awaiting.map((a) => ({ ...a, confirmedAt: a.confirmedAt.toISOString() })),
      predeparture,
      invitations: invited.map((i) => ({ ...i, sentAt: i.sentAt.toISOString() })),
      firstName: admin.name.split(" ")[0] ?? admin.name,
      universitySlug: university.slug,
      universityName: university.name,
      requests: requests.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        studentNumber: r.studentNumber,
        course: r.course,
        createdAt: r.createdAt.toISOString(),
      })),
    },
    { status: choice.error || !asked.success ? 400 : 200 },
  );
}
export type UniversityDashboardData = Awaited<ReturnType<typeof loadUniversityDashboard>>["data"];

/** The change was made, or the page answers why not (404: not this university's; 409: already decided). */
function refuseUnless<T>(outcome: ({ ok: true } & T) | { ok: false; status: number; message: string }): T {
  if (!outcome.ok) throw data(outcome.message, { status: outcome.status });
  return outcome;
}

/** The dashboard's buttons, by intent: each changes one thing of the admin's own university and says what it did. */
export async function universityDashboardAction(request: Request, context: Context) {
  const { admin, university } = await requireUniversityAdmin(context);
  // An uploaded list is refused as it streams in, past 1 MB (5,000 addresses with names and courses beside them fit).
  const form = await formWithFile(request);
  if (form === "file-too-large")
    return data<{ invite: InviteAnswer }>(
      {
        invite: {
          text: "",
          problems: [{ line: 0, message: "The file is larger than 1 MB: upload a list of email addresses only" }],
        },
      },
      { status: 413 },
    );
  const deps = accountDeps(request, context);
  const done = (message: string) =>
    redirect("/university-dashboard", {
      status: 303,
      headers: { "Set-Cookie": flashCookie(context.get(configContext), message) },
    });
  const id = Number(form.get("id"));
  const target = () => {
    if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
    return id;
  };

  const decide = async (decision: "approve" | "refuse") => {
    const { name } = refuseUnless(
      await decideAccessRequest(deps, actorOf(admin, context), university, target(), decision),
    );
    return done(
      decision === "approve"
        ? `${name} is approved and has been emailed a link to choose a password.`
        : `${name}'s request is refused; they have been told by email.`,
    );
  };

  const decideOnAccount = async (decision: "approve" | "refuse") => {
    const { userId, name, expiresAt } = refuseUnless(
      await decideAccount(deps, actorOf(admin, context), university, target(), decision),
    );
    context.get(sessionsContext).forgetUser(userId);
    if (decision === "refuse") return done(`${name}'s account is refused; they have been told by email.`);
    return done(
      `${name}'s account is approved${expiresAt ? `, until ${formatUkDay(expiresAt)}` : ""}; they have been told by email.`,
    );
  };

  const invite = async () => {
    const pasted = form.get("emails");
    const file = form.get("file");
    const text = typeof pasted === "string" ? pasted : "";
    const uploaded = file instanceof File && file.size > 0 ? await file.text() : "";
    const list = readInvitationList(uploaded.trim() ? uploaded : text);
    if (!list.ok) return data<{ invite: InviteAnswer }>({ invite: { text, problems: list.problems } }, { status: 400 });
    const outcome = await inviteStudents(deps, actorOf(admin, context), university, list.emails);
    const skipped = outcome.skipped.length
      ? ` Skipped ${outcome.skipped.length}, which already have an account or an invitation: ${outcome.skipped
          .slice(0, 5)
          .map((s) => s.email)
          .join(", ")}${outcome.skipped.length > 5 ? " and others" : ""}.`
      : "";
    return done(`Invited ${outcome.invited} ${outcome.invited === 1 ? "student" : "students"}.${skipped}`);
  };

  return dispatchIntent(
    form,
    {
      approve: () => decide("approve"),
      refuse: () => decide("refuse"),
      "approve-account": () => decideOnAccount("approve"),
      "refuse-account": () => decideOnAccount("refuse"),
      invite,
      resend: async () =>
        done(
          `The invitation of ${refuseUnless(await resendInvitation(deps, actorOf(admin, context), university, target())).email} was sent again with a new link.`,
        ),
      revoke: async () =>
        done(
          `The invitation of ${refuseUnless(await revokeInvitation(deps.db, actorOf(admin, context), university, target(), deps.now)).email} is revoked.`,
        ),
      deactivate: async () => {
        const { name } = refuseUnless(
          await setStudentAccess(deps.db, actorOf(admin, context), university.id, target(), false, deps.now),
        );
        context.get(sessionsContext).forgetUser(id);
        return done(`${name}'s access has ended. They can no longer use the platform until you reactivate them.`);
      },
      reactivate: async () => {
        const { name } = refuseUnless(
          await setStudentAccess(deps.db, actorOf(admin, context), university.id, target(), true, deps.now),
        );
        context.get(sessionsContext).forgetUser(id);
        return done(`${name} can use the platform again.`);
      },
      "approve-predeparture": async () =>
        done(
          `${refuseUnless(await approvePredeparture({ ...deps, sessions: context.get(sessionsContext) }, actorOf(admin, context), university, target())).name} can now read your career manual and see your workshops; they have been told by email.`,
        ),
      enrol: async () =>
        done(
          `${refuseUnless(await enrolPredeparture({ ...deps, sessions: context.get(sessionsContext) }, actorOf(admin, context), university, target())).name} is now a student, with everything their account held.`,
        ),
    },
    () => {
      throw data("This button does nothing here. Reload the page and try again.", { status: 400 });
    },
  );
}

/** The dashboard's student list as CSV: every student matching its filters, the columns it shows. */
export async function studentListCsv(request: Request, context: Context) {
  const { university } = await requireUniversityAdmin(context);
  const asked = studentFilters.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!asked.success)
    return new Response(asked.error.issues[0]?.message ?? "Choose from the lists", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const now = context.get(clockContext)();
  const rows = await allStudents(context.get(dbContext), university.id, asked.data, now);
  return csvResponse(`students-${now.toISOString().slice(0, 10)}.csv`, [
    STUDENT_CSV_HEADER,
    ...rows.map(studentCsvRow),
  ]);
}
