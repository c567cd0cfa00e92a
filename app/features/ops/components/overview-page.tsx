import { Link } from "~/components/link";
import type { OverviewData } from "../overview.server";
import { ageText } from "./ops-format";

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** /ops: the console's front page: what waits for the team, each with a link to its section. */
export function OverviewPage({ name, waiting }: OverviewData) {
  const items = [
    {
      to: "/ops/moderation",
      text: count(waiting.moderation, "item waiting for moderation", "items waiting for moderation"),
    },
    {
      to: "/ops/enquiries?status=open",
      text: count(waiting.enquiries, "enquiry not handled", "enquiries not handled"),
    },
    {
      to: "/ops/email?status=failed",
      text: `${count(waiting.failedEmails, "failed email", "failed emails")}; ${
        waiting.oldestEmailMs === null
          ? "no email waiting to be sent"
          : `the oldest waiting to be sent for ${ageText(waiting.oldestEmailMs)}`
      }`,
    },
    {
      to: "/ops/queue?state=failed",
      text: `${count(waiting.failedJobs, "failed job", "failed jobs")}; ${
        waiting.oldestJobMs === null ? "no job waiting" : `the oldest waiting for ${ageText(waiting.oldestJobMs)}`
      }`,
    },
    {
      to: "/ops/job-sources?failing=1",
      text: `${count(waiting.failingSources, "job source failing", "job sources failing")} (3 runs or more in a row)`,
    },
    {
      to: "/ops/sponsor-register",
      text: waiting.register
        ? `The sponsor register is ${count(waiting.register.ageDays, "day", "days")} old${waiting.register.stale ? ": older than 14 days, refresh it" : ""}`
        : "No sponsor register imported yet",
    },
  ];
  return (
    <div>
      <h1 className="text-3xl font-bold">Operations console</h1>
      <p className="mt-2 text-muted">
        Signed in as {name}. Every change you make here is recorded in the audit log with your name and address.
      </p>
      <h2 className="mt-8 text-xl font-semibold">What is waiting</h2>
      <ul className="mt-2 list-disc space-y-2 pl-5">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="underline underline-offset-2">
              {item.text}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
