import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, TextField } from "~/components/form";
import { formatUkDay } from "~/lib/dates";
import { errorList } from "~/lib/validation";
import type { EnquiryAnswer, EnquiryData } from "../enquiries.server";

/** /ops/enquiries/{id}: one enquiry, and marking it handled with a note. */
export function EnquiryPage({ enquiry, answer }: { enquiry: EnquiryData; answer?: EnquiryAnswer }) {
  const errors = answer?.fieldErrors ?? {};
  const facts = [
    { label: "Form", value: enquiry.kind },
    { label: "From", value: `${enquiry.name} (${enquiry.email})` },
    ...(enquiry.phone ? [{ label: "Phone", value: enquiry.phone }] : []),
    ...enquiry.details,
    { label: "Sent", value: formatUkDay(enquiry.createdAt) },
  ];
  return (
    <div>
      <p>
        <Link to="/ops/enquiries" className="underline">
          Back to the enquiries
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold">{enquiry.subject}</h1>
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        {facts.map((f) => (
          <div key={f.label} className="contents">
            <dt className="font-medium">{f.label}</dt>
            <dd className="break-all">{f.value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="message" className="mt-6 max-w-prose">
        <h2 id="message" className="text-xl font-semibold">
          Message
        </h2>
        <p className="mt-2 whitespace-pre-wrap">{enquiry.message}</p>
      </section>
      {enquiry.handled ? (
        <section aria-labelledby="handled" className="mt-6 max-w-prose">
          <h2 id="handled" className="text-xl font-semibold">
            Handled
          </h2>
          <p className="mt-2">
            Marked as handled by {enquiry.handled.by} on {formatUkDay(enquiry.handled.at)}.
          </p>
          <p className="mt-2 whitespace-pre-wrap">{enquiry.handled.note}</p>
        </section>
      ) : (
        <>
          <ErrorSummary formError={answer?.formError} fields={errorList(errors, ["note"])} answer={answer} />
          <Form method="post" className="mt-6 max-w-prose space-y-4">
            <h2 className="text-xl font-semibold">Not handled yet</h2>
            <TextField
              name="note"
              label="Note"
              hint="What was done (a reply sent, a call booked), or why nothing was. Kept with the enquiry and in the audit log."
              error={errors.note}
              multiline
              rows={4}
              maxLength={2000}
              defaultValue={answer?.values?.note ?? ""}
            />
            <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white hover:opacity-90">
              Mark as handled
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
