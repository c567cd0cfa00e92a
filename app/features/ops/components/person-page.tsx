import type { ReactNode } from "react";
import { Form, href } from "react-router";
import { Link } from "~/components/link";
import { CheckboxGroup, ErrorSummary, TextField } from "~/components/form";
import { DataTable } from "~/components/data-table";
import { FreshCodeField } from "~/features/staff";
import { STUDENT_STATUSES } from "~/features/students";
import { formatUkDay } from "~/lib/dates";
import { type PersonAction, ROLE_LABELS, SENSITIVE, WITHDRAWAL_REASON_MAX, formatMoment } from "../people";
import type { PersonAnswer, PersonPageData } from "../user.server";

type Person = PersonPageData["person"];
type Organisation = NonNullable<Person["organisation"]>;

/** Where an employer's organisation stands: how and when it was verified, or why it is not. */
function standingOf(o: Organisation): string {
  if (o.verifiedAt)
    return `Verified ${o.verification === "staff" ? "by staff" : "automatically (A-rated register entry)"} on ${formatUkDay(o.verifiedAt)}`;
  if (o.rejectedAt) return `Rejected on ${formatUkDay(o.rejectedAt)}`;
  return "Not verified";
}

const BUTTON = "mt-3 rounded bg-brand px-4 py-2 font-semibold text-white hover:opacity-90";
const DANGER_BUTTON =
  "mt-3 rounded border-2 border-red-800 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50";

function statusText(p: Person): string {
  const label = STUDENT_STATUSES[p.status];
  if (!p.accessExpiresAt) return label;
  return `${label} (${p.status === "expired" ? "ended" : "until"} ${formatUkDay(p.accessExpiresAt)})`;
}

/** One of the page's changes: its heading, what it does, its button, and its code's problem when it was refused. */
function Change({
  intent,
  title,
  what,
  button,
  danger = false,
  answer,
  children,
}: {
  intent: PersonAction;
  title: string;
  what: string;
  button: string;
  danger?: boolean;
  answer: PersonAnswer | undefined;
  children?: ReactNode;
}) {
  const refused = answer?.form === intent ? answer : undefined;
  return (
    <section aria-labelledby={`${intent}-heading`} className="mt-6 rounded border border-slate-300 p-4">
      <h3 id={`${intent}-heading`} className="text-lg font-semibold">
        {title}
      </h3>
      <p className="mt-1 text-muted">{what}</p>
      <Form method="post" className="mt-2 space-y-3">
        <input type="hidden" name="intent" value={intent} />
        {children}
        {SENSITIVE.has(intent) ? (
          <FreshCodeField id={`${intent}-code`} error={refused?.codeError ?? undefined} />
        ) : null}
        <button type="submit" className={danger ? DANGER_BUTTON : BUTTON}>
          {button}
        </button>
      </Form>
    </section>
  );
}

/** /ops/users/:id: who the person is, their open sessions and recent activity, and what staff may change. */
export function PersonPage({ data, answer }: { data: PersonPageData; answer: PersonAnswer | undefined }) {
  const { person: p, allowed, yourOwn } = data;
  const may = (action: PersonAction) => allowed.includes(action);
  const facts: [string, string][] = [
    ["Email", p.email],
    ["Role", ROLE_LABELS[p.role]],
    ["Status", statusText(p)],
    ["University", p.university ?? "None"],
    ["Address confirmed", p.emailVerifiedAt ? formatUkDay(p.emailVerifiedAt) : "Not yet"],
    ["Password chosen", p.hasPassword ? "Yes" : "Not yet"],
    ["Premium career hub access", p.cihPremiumAccess ? "Granted" : "Not granted"],
    ["Country guides access", p.countryGuideAccess ? "Granted" : "Not granted"],
    ["Account created", formatMoment(p.createdAt)],
  ];
  const unconfirmed = !p.emailVerifiedAt && !p.hasPassword && p.accessStatus !== "deactivated" && p.university;
  return (
    <div>
      <p>
        <Link to={href("/ops/users")} className="text-brand underline">
          All people
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{p.name}</h1>
      <ErrorSummary
        formError={answer?.formError}
        fields={[
          ...(answer?.form && answer.codeError ? [{ field: `${answer.form}-code`, message: answer.codeError }] : []),
          ...(answer?.reasonError ? [{ field: "reason", message: answer.reasonError }] : []),
        ]}
        answer={answer}
      />
      {yourOwn ? <p className="mt-2">This is your own account: another member of staff can change it.</p> : null}
      <dl className="mt-4 grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold">{term}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>

      {p.organisation ? (
        <>
          <h2 className="mt-8 text-2xl font-semibold">Employer organisation</h2>
          <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
            {(
              [
                ["Name", p.organisation.name],
                ["Website", p.organisation.website],
                ["Verification", standingOf(p.organisation)],
                ["Open jobs", String(p.organisation.openJobs)],
              ] as const
            ).map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="font-semibold">{term}</dt>
                <dd className="break-all">{value}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}

      <h2 className="mt-8 text-2xl font-semibold">Open sessions</h2>
      <p className="mt-1">{p.openSessions === 0 ? "No open sessions." : `${p.openSessions} open.`}</p>
      {p.sessions.length ? (
        <DataTable
          caption="Open sessions, newest first"
          minWidth="min-w-[36rem]"
          columns={[
            { header: "Started", cell: (s) => formatMoment(s.createdAt) },
            { header: "Last seen", cell: (s) => (s.lastSeenAt ? formatMoment(s.lastSeenAt) : "Not recorded") },
            { header: "Ends", cell: (s) => formatMoment(s.expiresAt) },
          ]}
          rows={p.sessions}
          rowKey={(s) => `${s.createdAt}${s.expiresAt}`}
        />
      ) : null}

      <h2 className="mt-8 text-2xl font-semibold">Recent activity</h2>
      {p.events.length ? (
        <DataTable
          caption={`The ${p.events.length} most recent events, newest first`}
          minWidth="min-w-[36rem]"
          columns={[
            { header: "When", cell: (e) => formatMoment(e.occurredAt) },
            { header: "What", cell: (e) => e.kind },
            { header: "Job", cell: (e) => e.job ?? "" },
          ]}
          rows={p.events}
          rowKey={(e) => e.id}
        />
      ) : (
        <p className="mt-1">No recorded activity.</p>
      )}

      {allowed.length ? <h2 className="mt-8 text-2xl font-semibold">Change this account</h2> : null}
      {may("deactivate") && p.accessStatus === "active" ? (
        <Change
          intent="deactivate"
          title="Deactivate"
          what="They are logged out everywhere and cannot log in until the account is reactivated."
          button="Deactivate account"
          danger
          answer={answer}
        />
      ) : null}
      {may("reactivate") && p.accessStatus === "deactivated" ? (
        <Change
          intent="reactivate"
          title="Reactivate"
          what="They can log in again, with the access they had."
          button="Reactivate account"
          answer={answer}
        />
      ) : null}
      {may("access") ? (
        <Change
          intent="access"
          title="Access"
          what="What this account is granted, where its university's plan includes it."
          button="Save access"
          answer={answer}
        >
          <CheckboxGroup
            name="access"
            legend="Granted access"
            options={[
              { value: "cih_premium", label: "Premium career hub" },
              { value: "country_guide", label: "Country guides" },
            ]}
            checked={[
              ...(p.cihPremiumAccess ? ["cih_premium"] : []),
              ...(p.countryGuideAccess ? ["country_guide"] : []),
            ]}
          />
        </Change>
      ) : null}
      {may("end-sessions") ? (
        <Change
          intent="end-sessions"
          title="End all sessions"
          what="Logs them out on every device; they can log in again."
          button="End all sessions"
          danger
          answer={answer}
        />
      ) : null}
      {may("withdraw-verification") && p.organisation?.verifiedAt ? (
        <Change
          intent="withdraw-verification"
          title="Withdraw the organisation's verification"
          what={`${p.organisation.name} loses its employer powers and goes back to the moderation queue; its open jobs (${p.organisation.openJobs}) wait for review, off the site. Everyone who has joined it is emailed the reason.`}
          button="Withdraw verification"
          danger
          answer={answer}
        >
          <TextField
            name="reason"
            label="Reason"
            hint="Emailed to the organisation's people and kept in the audit log."
            error={answer?.form === "withdraw-verification" ? answer.reasonError : undefined}
            defaultValue={answer?.form === "withdraw-verification" ? answer.reason : undefined}
            multiline
            rows={3}
            maxLength={WITHDRAWAL_REASON_MAX}
            required
          />
        </Change>
      ) : null}
      {may("resend-confirmation") && unconfirmed ? (
        <Change
          intent="resend-confirmation"
          title="Confirmation email"
          what={`${p.email} is not confirmed yet. A new email replaces the link of the last one.`}
          button="Resend confirmation email"
          answer={answer}
        />
      ) : null}
    </div>
  );
}
