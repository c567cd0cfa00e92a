import { Form } from "react-router";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { ErrorSummary } from "~/components/form";
import { formatUkDay } from "~/lib/dates";
import type { ApplicantsAnswer, ApplicantsData } from "../applicants-page.server";
import { EMPLOYER_STATUSES, STATUS_LABELS } from "../values";

type Row = ApplicantsData["applicants"][number];

/** /employer/jobs/{id}/applicants: each applicant's name, email, note, date, status, CV, and the status form. */
export function ApplicantsPage({ data, answer }: { data: ApplicantsData; answer?: ApplicantsAnswer }) {
  const { job, applicants } = data;
  return (
    <div className="max-w-5xl">
      <p>
        <Link to="/employer-dashboard" className="text-brand underline">
          Employer dashboard
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold">{`Applicants for ${job.title}`}</h1>
      <p className="mt-2">
        Each applicant sent a CV from the CV builder, frozen when they applied. Changing a status emails the applicant.
        A withdrawn application&apos;s CV is no longer available.
      </p>
      <ErrorSummary formError={answer?.formError} fields={[]} answer={answer} />
      {applicants.length ? (
        <DataTable
          caption={`Applicants for ${job.title}, newest first`}
          minWidth="min-w-[56rem]"
          spacing="mt-6"
          rows={applicants}
          rowKey={(a) => a.id}
          columns={[
            { header: "Name", cell: (a: Row) => a.name },
            { header: "Email", cell: (a: Row) => <a href={`mailto:${a.email}`}>{a.email}</a>, className: "break-all" },
            { header: "Note", cell: (a: Row) => <p className="max-w-xs whitespace-pre-line">{a.note || "None"}</p> },
            { header: "Applied", cell: (a: Row) => formatUkDay(a.createdAt) },
            {
              header: "CV",
              cell: (a: Row) =>
                a.cvPath ? (
                  <a href={a.cvPath} className="text-brand underline" aria-label={`${a.name}'s CV (PDF)`}>
                    CV (PDF)
                  </a>
                ) : (
                  "Withdrawn"
                ),
            },
            {
              header: "Status",
              cell: (a: Row) =>
                a.status === "withdrawn" ? (
                  STATUS_LABELS.withdrawn
                ) : (
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="status" />
                    <input type="hidden" name="application" value={a.id} />
                    <label htmlFor={`status-${a.id}`} className="sr-only">
                      {`Status of ${a.name}'s application`}
                    </label>
                    <select
                      id={`status-${a.id}`}
                      name="status"
                      defaultValue={a.status}
                      className="rounded border border-slate-500 bg-white px-2 py-1.5"
                    >
                      {EMPLOYER_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {STATUS_LABELS[s]}
                        </option>
                      ))}
                    </select>
                    <button
                      type="submit"
                      className="rounded border border-brand px-3 py-1.5 font-semibold text-brand"
                      aria-label={`Change status of ${a.name}'s application`}
                    >
                      Change status
                    </button>
                  </Form>
                ),
            },
          ]}
        />
      ) : (
        <p className="mt-6">Nobody has applied yet.</p>
      )}
    </div>
  );
}
