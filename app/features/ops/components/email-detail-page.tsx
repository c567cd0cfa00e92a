import { href } from "react-router";
import { Link } from "~/components/link";
import type { loadEmail } from "../email.server";
import { momentText } from "./ops-format";
import { RetryOrGiveUp } from "./row-buttons";

type Data = Awaited<ReturnType<typeof loadEmail>>;

/** /ops/email/{id}: one email's headers, links and plain text (as `npm run mail -- show`), its links' secrets hidden. */
export function EmailDetailPage({ email }: Data) {
  const facts: [string, string][] = [
    ["To", email.toAddress],
    ["Subject", email.subject],
    ["Kind", email.kind],
    ["Status", email.status],
    ["Queued", momentText(email.createdAt)],
    ["Sent", momentText(email.sentAt) || "not sent"],
    ["Attempts", String(email.attempts)],
    ["Why it failed", email.lastError ?? ""],
    ["Message-ID", email.messageId],
    ...email.headers.map((h): [string, string] => [h.name, h.value]),
  ];
  return (
    <div>
      <p>
        <Link to={href("/ops/email")} className="underline">
          Back to the outbox
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Email #{email.id}</h1>
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        {facts
          .filter(([, value]) => value)
          .map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="font-semibold">{name}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
      </dl>
      {email.status === "failed" || email.status === "held" ? (
        <div className="mt-4">
          <RetryOrGiveUp id={email.id} what={`email #${email.id}`} />
        </div>
      ) : null}
      {email.links.length ? (
        <>
          <h2 className="mt-6 text-xl font-semibold">Links</h2>
          <ul className="mt-2 list-disc pl-5">
            {email.links.map((l) => (
              <li key={l} className="break-all">
                {l}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2 className="mt-6 text-xl font-semibold">Plain text</h2>
      <p className="text-sm text-muted">
        The secrets of its links (one-time tokens, signatures) are hidden: they are the recipient&apos;s.
      </p>
      <pre className="mt-2 whitespace-pre-wrap break-all rounded border border-slate-300 p-4 text-sm">{email.text}</pre>
    </div>
  );
}
