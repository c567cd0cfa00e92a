import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { RangeForm } from "~/features/analytics";
import { StudentList } from "~/features/students";
import { formatDate } from "~/lib/dates";
import type { InviteAnswer, UniversityDashboardData } from "../university.server";
import {
  AccessRequestsTable,
  AwaitingAccountsTable,
  InvitationsTable,
  PredepartureTable,
  PremiumRequestsTable,
} from "./university-tables";

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

function Figures({ figures, range, previous, rangeInput, rangeError, today }: UniversityDashboardData) {
  return (
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
  );
}

function InviteStudents({
  invite,
  invitations,
}: {
  invite: InviteAnswer | null;
  invitations: UniversityDashboardData["invitations"];
}) {
  const problems = invite?.problems ?? [];
  return (
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
      {invitations.length ? <InvitationsTable invitations={invitations} /> : null}
    </section>
  );
}

const ANALYTICS = [
  {
    to: "/visa-job-analytics",
    label: "Visa and jobs",
    about: "the jobs your students look at and apply to, by sponsorship status, occupation and salary.",
  },
  {
    to: "/home-country-job-analytics",
    label: "Home countries",
    about: "where your students come from and the jobs each group pursues.",
  },
  {
    to: "/student-circus-analytics",
    label: "Engagement",
    about: "weekly active students, feature use, the way to a first application, cohorts.",
  },
  {
    to: "/graduate-outcomes-analytics",
    label: "Graduate outcomes",
    about: "what your graduates do 6 and 15 months on, staying or working elsewhere, sponsored or not.",
  },
];

/** /university-dashboard: `invite` is the invitation list the last post refused, if it did. */
export function UniversityDashboardPage({
  data,
  invite,
}: {
  data: UniversityDashboardData;
  invite: InviteAnswer | null;
}) {
  const { firstName, universityName, universitySlug, requests, awaiting, predeparture, premiumRequests, students } =
    data;
  return (
    <article>
      <h1 className="text-3xl font-bold">University dashboard</h1>
      <p className="mt-2 text-lg">{`Welcome back, ${firstName}.`}</p>
      <Figures {...data} />
      <section aria-labelledby="requests-heading" className="mt-8">
        <h2 id="requests-heading" className="text-2xl font-semibold">
          Access requests
        </h2>
        {requests.length === 0 ? (
          <p className="mt-2 text-muted">{`No requests are waiting. Students whose address is not a ${universityName} one ask for access here.`}</p>
        ) : (
          <AccessRequestsTable requests={requests} />
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
          <AwaitingAccountsTable awaiting={awaiting} universityName={universityName} />
        )}
      </section>
      <InviteStudents invite={invite} invitations={data.invitations} />
      <section aria-labelledby="predeparture-heading" className="mt-10">
        <h2 id="predeparture-heading" className="text-2xl font-semibold">
          Pre-departure students
        </h2>
        {predeparture.length === 0 ? (
          <p className="mt-2 text-muted">Nobody holding an offer has registered for the pre-departure area yet.</p>
        ) : (
          <PredepartureTable predeparture={predeparture} universityName={universityName} />
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
            <PremiumRequestsTable premiumRequests={premiumRequests} />
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
      <section aria-labelledby="appointments-heading" className="mt-10">
        <h2 id="appointments-heading" className="text-2xl font-semibold">
          Appointments with advisers
        </h2>
        <p className="mt-2 max-w-2xl">
          {"Who is coming to see your advisers each day, with their notes and CVs, and your notes after meeting them. "}
          <Link to="/university-dashboard/appointments" className="font-semibold text-brand underline">
            See the appointments
          </Link>
          {" or "}
          <Link to="/university-dashboard/appointments/settings" className="font-semibold text-brand underline">
            set advisers&apos; hours and the kinds of appointment
          </Link>
          .
        </p>
      </section>
      <StudentList {...students} />
      <section aria-labelledby="analytics-heading" className="mt-10">
        <h2 id="analytics-heading" className="text-2xl font-semibold">
          Analytics
        </h2>
        <ul className="mt-2 max-w-2xl list-disc space-y-1 pl-5">
          {ANALYTICS.map((a) => (
            <li key={a.to}>
              <Link to={a.to} className="font-semibold text-brand underline">
                {a.label}
              </Link>
              {`: ${a.about}`}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
