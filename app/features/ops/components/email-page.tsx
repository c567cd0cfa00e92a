import { href } from "react-router";
import { Link } from "~/components/link";
import { SelectField } from "~/components/form";
import { ListView } from "~/components/list-view";
import type { loadOutbox } from "../email.server";
import { ageText, momentText } from "./ops-format";
import { OldestWaiting, RetryOrGiveUp } from "./row-buttons";

type Data = Awaited<ReturnType<typeof loadOutbox>>;
type Row = Data["list"]["rows"][number];

const CAN_ACT = new Set(["failed", "held"]);

/** /ops/email: the outbox, the oldest email still to go out, and a failed or held email's buttons. */
export function EmailPage({ list, status, statuses, oldestWaitingMs, sending }: Data) {
  return (
    <div>
      <h1 className="text-3xl font-bold">Email outbox</h1>
      <p className="mt-2 text-muted">
        Every email the platform sends. A failed email is one the mail server refused at every attempt; a held one was
        kept because no mail server is configured. Retry queues it again for the sender; Give up marks it abandoned,
        never to be sent.
      </p>
      {sending ? null : (
        <p className="mt-2 font-semibold">No mail server is configured (SMTP_URL): a retried email is held again.</p>
      )}
      <OldestWaiting
        label="Oldest email waiting to be sent"
        age={oldestWaitingMs === null ? null : `queued ${ageText(oldestWaitingMs)} ago`}
      />
      <ListView<Row>
        path={href("/ops/email")}
        list={list}
        caption="Emails"
        minWidth="min-w-[64rem]"
        rowKey={(e) => e.id}
        searchLabel="Search by recipient or subject"
        empty="No email matches."
        filters={
          <div className="min-w-48">
            <SelectField
              name="status"
              label="Status"
              required={false}
              placeholder="Any status"
              defaultValue={status ?? ""}
              options={statuses.map((s) => ({ value: s, label: s }))}
            />
          </div>
        }
        columns={[
          {
            header: "Email",
            cell: (e) => (
              <Link to={href("/ops/email/:id", { id: String(e.id) })} className="underline">
                #{e.id} {e.subject}
              </Link>
            ),
          },
          { header: "To", cell: (e) => e.toAddress, className: "break-all", sortKey: "to" },
          { header: "Status", cell: (e) => e.status, sortKey: "status" },
          { header: "Queued", cell: (e) => momentText(e.createdAt), sortKey: "created" },
          { header: "Sent", cell: (e) => momentText(e.sentAt), sortKey: "sent" },
          { header: "Attempts", cell: (e) => e.attempts },
          { header: "Why it failed", cell: (e) => e.lastError ?? "", className: "break-all" },
          {
            header: "Actions",
            cell: (e) => (CAN_ACT.has(e.status) ? <RetryOrGiveUp id={e.id} what={`email #${e.id}`} /> : null),
          },
        ]}
      />
    </div>
  );
}
