import { Form } from "react-router";
import { DataTable } from "~/components/data-table";
import type { UniversityDashboardData } from "../university.server";

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

const PRIMARY = "rounded bg-brand px-3 py-1.5 font-semibold text-white";
const SECONDARY = "rounded border border-slate-500 px-3 py-1.5 font-semibold";

type Button = { intent: string; label: string; text: string; primary?: true };

/** A row's buttons, each posting the row's id with its intent. */
function RowButtons({ id, buttons }: { id: number; buttons: Button[] }) {
  return (
    <Form method="post" className="flex gap-2">
      <input type="hidden" name="id" value={id} />
      {buttons.map((b) => (
        <button
          key={b.intent}
          type="submit"
          name="intent"
          value={b.intent}
          aria-label={b.label}
          className={b.primary ? PRIMARY : SECONDARY}
        >
          {b.text}
        </button>
      ))}
    </Form>
  );
}

type Data = UniversityDashboardData;

export function AccessRequestsTable({ requests }: { requests: Data["requests"] }) {
  return (
    <DataTable
      caption="Requests for access waiting for your decision, oldest first"
      minWidth="min-w-[40rem]"
      rows={requests}
      rowKey={(r) => r.id}
      columns={[
        { header: "Name", cell: (r) => r.name },
        { header: "Email", cell: (r) => r.email, className: "break-all" },
        { header: "Student number", cell: (r) => r.studentNumber },
        { header: "Course", cell: (r) => r.course },
        { header: "Asked on", cell: (r) => dateFormat.format(new Date(r.createdAt)) },
        {
          header: "Decision",
          cell: (r) => (
            <RowButtons
              id={r.id}
              buttons={[
                { intent: "approve", label: `Approve ${r.name}`, text: "Approve", primary: true },
                { intent: "refuse", label: `Refuse ${r.name}`, text: "Refuse" },
              ]}
            />
          ),
        },
      ]}
    />
  );
}

export function AwaitingAccountsTable({
  awaiting,
  universityName,
}: {
  awaiting: Data["awaiting"];
  universityName: string;
}) {
  return (
    <DataTable
      caption="Graduates and staff waiting for your approval, oldest first"
      minWidth="min-w-[40rem]"
      rows={awaiting}
      rowKey={(a) => a.id}
      columns={[
        { header: "Name", cell: (a) => a.name },
        {
          header: "Email",
          className: "break-all",
          cell: (a) => (
            <>
              {a.email}
              {a.universityAddress ? null : (
                <span className="block text-muted">{`Not a ${universityName} address`}</span>
              )}
            </>
          ),
        },
        { header: "Asked for", cell: (a) => a.askedFor },
        { header: "Confirmed on", cell: (a) => dateFormat.format(new Date(a.confirmedAt)) },
        {
          header: "Decision",
          cell: (a) => (
            <RowButtons
              id={a.id}
              buttons={[
                { intent: "approve-account", label: `Approve ${a.name}'s account`, text: "Approve", primary: true },
                { intent: "refuse-account", label: `Refuse ${a.name}'s account`, text: "Refuse" },
              ]}
            />
          ),
        },
      ]}
    />
  );
}

const STATUS_LABEL = { pending: "Waiting", accepted: "Accepted", revoked: "Revoked" } as const;

export function InvitationsTable({ invitations }: { invitations: Data["invitations"] }) {
  return (
    <DataTable
      caption="Invitations, newest first"
      showCaption
      spacing="mt-6"
      minWidth="min-w-[32rem]"
      rows={invitations}
      rowKey={(i) => i.id}
      columns={[
        { header: "Email", cell: (i) => i.email, className: "break-all" },
        { header: "Sent on", cell: (i) => dateFormat.format(new Date(i.sentAt)) },
        { header: "Status", cell: (i) => STATUS_LABEL[i.status] },
        {
          header: "Change",
          cell: (i) =>
            i.status === "pending" ? (
              <RowButtons
                id={i.id}
                buttons={[
                  { intent: "resend", label: `Resend to ${i.email}`, text: "Resend" },
                  { intent: "revoke", label: `Revoke ${i.email}`, text: "Revoke" },
                ]}
              />
            ) : null,
        },
      ]}
    />
  );
}

export function PredepartureTable({
  predeparture,
  universityName,
}: {
  predeparture: Data["predeparture"];
  universityName: string;
}) {
  return (
    <DataTable
      caption="Pre-departure students, soonest start first; approve one whose address is not your university's to open your own pages to them; make one a student when they enrol"
      minWidth="min-w-[36rem]"
      rows={predeparture}
      rowKey={(p) => p.id}
      columns={[
        { header: "Name", cell: (p) => p.name },
        { header: "Email", cell: (p) => p.email, className: "break-all" },
        { header: "Course", cell: (p) => p.course ?? "" },
        {
          header: "Starts",
          cell: (p) => (p.courseStartDate ? dayFormat.format(new Date(`${p.courseStartDate}T12:00:00Z`)) : ""),
        },
        {
          header: "Your own pages",
          cell: (p) =>
            p.universityContent ? (
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
                  className={`mt-1 ${PRIMARY}`}
                >
                  Approve
                </button>
              </Form>
            ),
        },
        {
          header: "Enrolled?",
          cell: (p) => (
            <Form method="post">
              <input type="hidden" name="id" value={p.id} />
              <button
                type="submit"
                name="intent"
                value="enrol"
                aria-label={`Make ${p.name} a student`}
                className={SECONDARY}
              >
                Make a student
              </button>
            </Form>
          ),
        },
      ]}
    />
  );
}

export function PremiumRequestsTable({ premiumRequests }: { premiumRequests: Data["premiumRequests"] }) {
  return (
    <DataTable
      caption="Students asking for the premium video courses, most recent first"
      minWidth="min-w-[28rem]"
      topAligned={false}
      rows={premiumRequests}
      rowKey={(r) => r.email}
      columns={[
        { header: "Name", cell: (r) => r.name },
        { header: "Email", cell: (r) => r.email, className: "break-all" },
        { header: "Asked on", cell: (r) => dayFormat.format(new Date(r.requestedAt)) },
      ]}
    />
  );
}
