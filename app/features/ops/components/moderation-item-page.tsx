import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, TextField } from "~/components/form";
import { formatUkDay } from "~/lib/dates";
import { errorList } from "~/lib/validation";
import type { ModerationAnswer, ModerationItemData } from "../moderation.server";

const BUTTON = "rounded px-4 py-2 font-semibold text-white hover:opacity-90";

/** /ops/moderation/{kind}/{id}: one item, what was sent, and the decision with its reason. */
export function ModerationItemPage({ item, answer }: { item: ModerationItemData; answer?: ModerationAnswer }) {
  const errors = answer?.fieldErrors ?? {};
  return (
    <div>
      <p>
        <Link to="/ops/moderation" className="underline">
          Back to the moderation queue
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold">
        {item.kind}: {item.title}
      </h1>
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">Submitted by</dt>
        <dd className="break-all">
          {item.submitter}
          {item.submitterEmail ? ` (${item.submitterEmail})` : " (no email address)"}
        </dd>
        <dt className="font-medium">Submitted</dt>
        <dd>{formatUkDay(item.submittedAt)}</dd>
        {item.facts.map((f) => (
          <div key={f.label} className="contents">
            <dt className="font-medium">{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      {item.bodyHtml ? (
        <section aria-labelledby="sent" className="mt-6 max-w-prose">
          <h2 id="sent" className="text-xl font-semibold">
            What was sent
          </h2>
          <div className="prose mt-2" dangerouslySetInnerHTML={{ __html: item.bodyHtml }} />
        </section>
      ) : null}
      <ErrorSummary formError={answer?.formError} fields={errorList(errors, ["intent", "reason"])} answer={answer} />
      <Form method="post" className="mt-6 max-w-prose space-y-4">
        <h2 className="text-xl font-semibold">Decision</h2>
        <TextField
          name="reason"
          label="Reason"
          hint={
            item.submitterEmail || item.words.reasonFor === "both"
              ? item.words.reasonHint
              : "Needed to reject; optional to approve. It is kept in the audit log (the submitter left no address)."
          }
          error={errors.reason}
          multiline
          rows={4}
          maxLength={1000}
          defaultValue={answer?.values?.reason ?? ""}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="approve" className={`${BUTTON} bg-green-800`}>
            {item.words.approve}
          </button>
          <button type="submit" name="intent" value="reject" className={`${BUTTON} bg-red-800`}>
            {item.words.reject}
          </button>
        </div>
      </Form>
    </div>
  );
}
