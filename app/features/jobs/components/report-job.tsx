import { Form } from "react-router";
import { ErrorSummary, Honeypot, SelectField, SubmitButton, TextField } from "~/components/form";
import { JOB_REPORT_REASONS } from "~/db/schema/job-report-values";
import { errorList } from "~/lib/validation";
import type { JobReportForm } from "../job-page.server";

const REASONS = JOB_REPORT_REASONS.map((r) => ({ value: r, label: r }));

/** "Report this job": a disclosure, open again when the server answers with the form's mistakes. */
export function ReportJob({ answer }: { answer?: JobReportForm }) {
  const errors = answer?.fieldErrors ?? {};
  return (
    <details className="mt-10 max-w-prose" open={answer ? true : undefined}>
      <summary className="cursor-pointer font-semibold text-brand underline">Report this job</summary>
      <ErrorSummary formError={answer?.formError} fields={errorList(errors, ["reason", "details"])} answer={answer} />
      <Form method="post" className="mt-4 space-y-4">
        <p>
          Tell our team if something about this job is wrong. Jobs reported by several people are hidden until we check
          them.
        </p>
        <SelectField
          name="reason"
          label="Reason"
          options={REASONS}
          error={errors.reason}
          defaultValue={answer?.values.reason ?? ""}
        />
        <TextField
          name="details"
          label="Details (optional)"
          hint="At most 1,000 characters."
          error={errors.details}
          multiline
          rows={4}
          maxLength={1000}
          defaultValue={answer?.values.details ?? ""}
        />
        <Honeypot />
        <SubmitButton>Send the report</SubmitButton>
      </Form>
    </details>
  );
}
