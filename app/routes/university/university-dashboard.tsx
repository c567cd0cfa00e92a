import { Form, Link, data, redirect } from "react-router";
import { dbContext } from "~/db/context";
import { requireUniversityAdmin } from "~/features/access/require-user.server";
import { decideAccessRequest, pendingAccessRequests } from "~/features/accounts/access-requests.server";
import { premiumRequestsOf } from "~/features/cih/queries.server";
import { accountsAwaitingApproval, decideAccount } from "~/features/accounts/approvals.server";
import { readInvitationList } from "~/features/accounts/invitation-list";
import {
  inviteStudents,
  recentInvitations,
  resendInvitation,
  revokeInvitation,
} from "~/features/accounts/invitations.server";
import { approvePredeparture, enrolPredeparture, predepartureStudents } from "~/features/accounts/predeparture.server";
import { sessionsContext } from "~/features/auth/context";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { configContext } from "~/lib/context";
import { formatDate, formatUkDay, todayInLondon } from "~/lib/dates";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { pageTitle } from "~/lib/meta";
import { formWithFile } from "~/lib/request-body.server";
import { accountDeps } from "~/features/accounts/deps.server";
import { RangeForm } from "~/features/analytics/components/report-page";
import { readRange } from "~/features/analytics/range";
import { headlineFigures } from "~/features/analytics/reports.server";
import { StudentList } from "~/features/students/components/student-list";
import { filterChoices, listStudents, setStudentAccess, studentFilters } from "~/features/students/list.server";
import { clockContext } from "~/lib/context";
import type { Route } from "./+types/university-dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
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

/** The change was made, or the page answers why not (404: not this university's; 409: already decided). */
function refuseUnless<T>(outcome: ({ ok: true } & T) | { ok: false; status: number; message: string }): T {
  if (!outcome.ok) throw data(outcome.message, { status: outcome.status });
  return outcome;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, university } = await requireUniversityAdmin(context);
  // An uploaded list is refused as it streams in, past 1 MB (5,000 addresses with names and courses beside them fit).
  const form = await formWithFile(request);
  if (form === "file-too-large")
    return data(
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
    const { name } = refuseUnless(await decideAccessRequest(deps, admin.id, university, target(), decision));
    return done(
      decision === "approve"
        ? `${name} is approved and has been emailed a link to choose a password.`
        : `${name}'s request is refused; they have been told by email.`,
    );
  };

  const decideOnAccount = async (decision: "approve" | "refuse") => {
    const { userId, name, expiresAt } = refuseUnless(
      await decideAccount(deps, admin.id, university, target(), decision),
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
    if (!list.ok) return data({ invite: { text, problems: list.problems } }, { status: 400 });
    const outcome = await inviteStudents(deps, admin.id, university, list.emails);
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
          `The invitation of ${refuseUnless(await resendInvitation(deps, university, target())).email} was sent again with a new link.`,
        ),
      revoke: async () =>
        done(
          `The invitation of ${refuseUnless(await revokeInvitation(deps.db, university, target(), deps.now)).email} is revoked.`,
        ),
      deactivate: async () => {
        const { name } = refuseUnless(await setStudentAccess(deps.db, university.id, target(), false, deps.now));
        context.get(sessionsContext).forgetUser(id);
        return done(`${name}'s access has ended. They can no longer use the platform until you reactivate them.`);
      },
      reactivate: async () => {
        const { name } = refuseUnless(await setStudentAccess(deps.db, university.id, target(), true, deps.now));
        context.get(sessionsContext).forgetUser(id);
        return done(`${name} can use the platform again.`);
      },
      "approve-predeparture": async () =>
        done(
          `${refuseUnless(await approvePredeparture({ ...deps, sessions: context.get(sessionsContext) }, admin.id, university, target())).name} can now read your career manual and see your workshops; they have been told by email.`,
        ),
      enrol: async () =>
        done(
          `${refuseUnless(await enrolPredeparture({ ...deps, sessions: context.get(sessionsContext) }, university, target())).name} is now a student, with everything their account held.`,
        ),
    },
    () => {
      throw data("This button does nothing here. Reload the page and try again.", { status: 400 });
    },
  );
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("University dashboard") }, { name: "robots", content: "noindex" }];
}

// A calendar date (no time zone shifts it): read at noon UTC and shown in UTC.
const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Europe/London",
});

const STATUS_LABEL = { pending: "Waiting", accepted: "Accepted", revoked: "Revoked" } as const;

const NUMBER = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });
type Unit = "percent" | "hours" | undefined;
const figureText = (value: number | null, unit: Unit) =>
  value === null
    ? "fewer than 5"
    : unit === "percent"
      ? `${NUMBER.format(value)}%`
      : unit === "hours"
        ? `${NUMBER.format(value)} hours`
        : NUMBER.format(value);

/** The change against the period before, or why there is none to give. */
function changeText(now: number | null, before: number | null, unit: Unit): string {
  if (now === null || before === null) return "No change to show";
  const difference = Math.round((now - before) * 10) / 10;
  if (difference === 0) return "No change on the period before";
  const amount =
    unit === "percent" ? `${NUMBER.format(Math.abs(difference))} points` : NUMBER.format(Math.abs(difference));
  const relative =
    unit !== "percent" && before > 0
      ? ` (${difference > 0 ? "+" : "−"}${NUMBER.format(Math.round((Math.abs(difference) / before) * 100))}%)`
      : "";
  return `${difference > 0 ? "Up" : "Down"} ${amount}${relative} on the period before`;
}

export default function UniversityDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const {
    firstName,
    universityName,
    universitySlug,
    requests,
    awaiting,
    invitations,
    predeparture,
    premiumRequests,
    figures,
    range,
    previous,
    rangeInput,
    rangeError,
    today,
    students,
  } = loaderData;
  const invite = actionData && "invite" in actionData ? actionData.invite : null;
  const problems = invite?.problems ?? [];
  return (
    <article>
      <h1 className="text-3xl font-bold">University dashboard</h1>
      <p className="mt-2 text-lg">{`Welcome back, ${firstName}.`}</p>
      <section aria-labelledby="figures-heading" className="mt-8">
        <h2 id="figures-heading" className="text-2xl font-semibold">
          Your students at a glance
        </h2>
        <RangeForm path="/university-dashboard" input={rangeInput} error={rangeError} today={today} />
        <p className="mt-4 text-sm text-muted">{`${formatDate(range.from)} to ${formatDate(range.to)}, against ${formatDate(previous.from)} to ${formatDate(previous.to)}. Figures about fewer than 5 students show as "fewer than 5".`}</p>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {figures.map((f) => (
            <div key={f.label} className="rounded border border-slate-300 bg-white p-4">
              <dt className="text-sm text-muted">{f.label}</dt>
              <dd className="text-2xl font-bold">{figureText(f.now, f.unit)}</dd>
              <dd className="text-sm">{changeText(f.now, f.before, f.unit)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="requests-heading" className="mt-8">
        <h2 id="requests-heading" className="text-2xl font-semibold">
          Access requests
        </h2>
        {requests.length === 0 ? (
          <p className="mt-2 text-muted">{`No requests are waiting. Students whose address is not a ${universityName} one ask for access here.`}</p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Requests for access waiting for your decision, oldest first</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-3">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Email
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Student number
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Course
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Asked on
                  </th>
                  <th scope="col" className="py-2">
                    Decision
                  </th>
                </tr>
              </thead>
              <tbody>
                {requests.map((r) => (
                  <tr key={r.id} className="border-b border-slate-200 align-top">
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {r.name}
                    </th>
                    <td className="py-2 pr-3 break-all">{r.email}</td>
                    <td className="py-2 pr-3">{r.studentNumber}</td>
                    <td className="py-2 pr-3">{r.course}</td>
                    <td className="py-2 pr-3">{dateFormat.format(new Date(r.createdAt))}</td>
                    <td className="py-2">
                      <Form method="post" className="flex gap-2">
                        <input type="hidden" name="id" value={r.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="approve"
                          aria-label={`Approve ${r.name}`}
                          className="rounded bg-brand px-3 py-1.5 font-semibold text-white"
                        >
                          Approve
                        </button>
                        <button
                          type="submit"
                          name="intent"
                          value="refuse"
                          aria-label={`Refuse ${r.name}`}
                          className="rounded border border-slate-500 px-3 py-1.5 font-semibold"
                        >
                          Refuse
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="awaiting-heading" className="mt-10">
        <h2 id="awaiting-heading" className="text-2xl font-semibold">
          Accounts waiting for approval
        </h2>
        {awaiting.length === 0 ? (
          <p className="mt-2 text-muted">
            No account is waiting. Graduates and staff who register appear here once they confirm their address.
          </p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Graduates and staff waiting for your approval, oldest first</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-3">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Email
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Asked for
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Confirmed on
                  </th>
                  <th scope="col" className="py-2">
                    Decision
                  </th>
                </tr>
              </thead>
              <tbody>
                {awaiting.map((a) => (
                  <tr key={a.id} className="border-b border-slate-200 align-top">
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {a.name}
                    </th>
                    <td className="py-2 pr-3 break-all">
                      {a.email}
                      {a.universityAddress ? null : (
                        <span className="block text-muted">{`Not a ${universityName} address`}</span>
                      )}
                    </td>
                    <td className="py-2 pr-3">{a.askedFor}</td>
                    <td className="py-2 pr-3">{dateFormat.format(new Date(a.confirmedAt))}</td>
                    <td className="py-2">
                      <Form method="post" className="flex gap-2">
                        <input type="hidden" name="id" value={a.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="approve-account"
                          aria-label={`Approve ${a.name}'s account`}
                          className="rounded bg-brand px-3 py-1.5 font-semibold text-white"
                        >
                          Approve
                        </button>
                        <button
                          type="submit"
                          name="intent"
                          value="refuse-account"
                          aria-label={`Refuse ${a.name}'s account`}
                          className="rounded border border-slate-500 px-3 py-1.5 font-semibold"
                        >
                          Refuse
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="invite-heading" className="mt-10 max-w-2xl">
        <h2 id="invite-heading" className="text-2xl font-semibold">
          Invite students
        </h2>
        <p className="mt-2 text-muted">
          Each address gets an email with a link that works once, for 14 days. Up to 5,000 at a time.
        </p>
        <ErrorSummary
          formError={
            problems.length
              ? `The list has ${problems.length} ${problems.length === 1 ? "problem" : "problems"}; nobody has been invited. Correct the list and send it again.`
              : null
          }
          fields={[]}
          answer={invite}
        />
        {problems.length ? (
          <ul aria-label="Problems in the list" className="mt-3 list-disc pl-5 text-sm text-red-900">
            {problems.slice(0, 50).map((p) => (
              <li key={`${p.line}-${p.message}`}>{p.line ? `Line ${p.line}: ${p.message}` : p.message}</li>
            ))}
            {problems.length > 50 ? <li>{`and ${problems.length - 50} more`}</li> : null}
          </ul>
        ) : null}
        <Form method="post" encType="multipart/form-data" className="mt-4 space-y-5" noValidate>
          <TextField
            name="emails"
            label="Email addresses"
            hint="One per line. Or upload a file below."
            multiline
            rows={6}
            spellCheck={false}
            defaultValue={invite?.text ?? ""}
          />
          <div>
            <label htmlFor="file" className="block font-medium">
              Or upload a CSV file
            </label>
            <p id="file-hint" className="text-sm text-muted">
              A spreadsheet saved as CSV with an Email column, or one address per line.
            </p>
            <input
              id="file"
              name="file"
              type="file"
              accept=".csv,text/csv,text/plain"
              aria-describedby="file-hint"
              className="mt-1 block"
            />
          </div>
          <input type="hidden" name="intent" value="invite" />
          <SubmitButton>Send invitations</SubmitButton>
        </Form>
        {invitations.length ? (
          <div className="mt-6 overflow-x-auto">
            <table className="w-full min-w-[32rem] text-left text-sm">
              <caption className="mb-2 text-left font-semibold">Invitations, newest first</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-3">
                    Email
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Sent on
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Status
                  </th>
                  <th scope="col" className="py-2">
                    Change
                  </th>
                </tr>
              </thead>
              <tbody>
                {invitations.map((i) => (
                  <tr key={i.id} className="border-b border-slate-200 align-top">
                    <th scope="row" className="py-2 pr-3 font-medium break-all">
                      {i.email}
                    </th>
                    <td className="py-2 pr-3">{dateFormat.format(new Date(i.sentAt))}</td>
                    <td className="py-2 pr-3">{STATUS_LABEL[i.status]}</td>
                    <td className="py-2">
                      {i.status === "pending" ? (
                        <Form method="post" className="flex gap-2">
                          <input type="hidden" name="id" value={i.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="resend"
                            aria-label={`Resend to ${i.email}`}
                            className="rounded border border-slate-500 px-3 py-1.5 font-semibold"
                          >
                            Resend
                          </button>
                          <button
                            type="submit"
                            name="intent"
                            value="revoke"
                            aria-label={`Revoke ${i.email}`}
                            className="rounded border border-slate-500 px-3 py-1.5 font-semibold"
                          >
                            Revoke
                          </button>
                        </Form>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <section aria-labelledby="predeparture-heading" className="mt-10">
        <h2 id="predeparture-heading" className="text-2xl font-semibold">
          Pre-departure students
        </h2>
        {predeparture.length === 0 ? (
          <p className="mt-2 text-muted">Nobody holding an offer has registered for the pre-departure area yet.</p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">
                Pre-departure students, soonest start first; approve one whose address is not your university&apos;s to
                open your own pages to them; make one a student when they enrol
              </caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-3">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Email
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Course
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Starts
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Your own pages
                  </th>
                  <th scope="col" className="py-2">
                    Enrolled?
                  </th>
                </tr>
              </thead>
              <tbody>
                {predeparture.map((p) => (
                  <tr key={p.id} className="border-b border-slate-200 align-top">
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {p.name}
                    </th>
                    <td className="py-2 pr-3 break-all">{p.email}</td>
                    <td className="py-2 pr-3">{p.course ?? ""}</td>
                    <td className="py-2 pr-3">
                      {p.courseStartDate ? dayFormat.format(new Date(`${p.courseStartDate}T12:00:00Z`)) : ""}
                    </td>
                    <td className="py-2 pr-3">
                      {p.universityContent ? (
                        "Open"
                      ) : (
                        <Form method="post">
                          <span className="block text-xs text-muted">{`Not a ${universityName} address`}</span>
                          <input type="hidden" name="id" value={p.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="approve-predeparture"
                            aria-label={`Approve ${p.name} for your own pages`}
                            className="mt-1 rounded bg-brand px-3 py-1.5 font-semibold text-white"
                          >
                            Approve
                          </button>
                        </Form>
                      )}
                    </td>
                    <td className="py-2">
                      <Form method="post">
                        <input type="hidden" name="id" value={p.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="enrol"
                          aria-label={`Make ${p.name} a student`}
                          className="rounded border border-slate-500 px-3 py-1.5 font-semibold"
                        >
                          Make a student
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="premium-heading" className="mt-10">
        <h2 id="premium-heading" className="text-2xl font-semibold">
          Requests for the premium video courses
        </h2>
        {premiumRequests.length === 0 ? (
          <p className="mt-2 text-muted">
            No student has asked for the premium courses of the career ignition hub. A student without them can ask from
            the hub.
          </p>
        ) : (
          <>
            <p className="mt-2 max-w-2xl">
              These students asked for the premium courses of the career ignition hub, which your plan does not include.
              To add them, contact us.
            </p>
            <div className="mt-4 overflow-x-auto">
              <table className="w-full min-w-[28rem] text-left text-sm">
                <caption className="sr-only">Students asking for the premium video courses, most recent first</caption>
                <thead>
                  <tr className="border-b border-slate-300">
                    <th scope="col" className="py-2 pr-3">
                      Name
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Email
                    </th>
                    <th scope="col" className="py-2">
                      Asked on
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {premiumRequests.map((r) => (
                    <tr key={r.email} className="border-b border-slate-200">
                      <th scope="row" className="py-2 pr-3 font-medium">
                        {r.name}
                      </th>
                      <td className="py-2 pr-3 break-all">{r.email}</td>
                      <td className="py-2">{dayFormat.format(new Date(r.requestedAt))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
      <section aria-labelledby="manual-heading" className="mt-10">
        <h2 id="manual-heading" className="text-2xl font-semibold">
          Career manual
        </h2>
        <p className="mt-2 max-w-2xl">
          {
            "Pages you write for your students: what to do in their first term, who to talk to, how to book an appointment. "
          }
          <Link to={`/career-manual/${universitySlug}`} className="font-semibold text-brand underline">
            Write and edit your career manual
          </Link>
        </p>
      </section>
      <StudentList {...students} />
      <section aria-labelledby="analytics-heading" className="mt-10">
        <h2 id="analytics-heading" className="text-2xl font-semibold">
          Analytics
        </h2>
        <ul className="mt-2 max-w-2xl list-disc space-y-1 pl-5">
          <li>
            <Link to="/visa-job-analytics" className="font-semibold text-brand underline">
              Visa and jobs
            </Link>
            : the jobs your students look at and apply to, by sponsorship status, occupation and salary.
          </li>
          <li>
            <Link to="/home-country-job-analytics" className="font-semibold text-brand underline">
              Home countries
            </Link>
            : where your students come from and the jobs each group pursues.
          </li>
          <li>
            <Link to="/student-circus-analytics" className="font-semibold text-brand underline">
              Engagement
            </Link>
            : weekly active students, feature use, the way to a first application, cohorts.
          </li>
        </ul>
      </section>
    </article>
  );
}
