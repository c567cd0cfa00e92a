import { Form } from "react-router";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { ErrorSummary } from "~/components/form";
import { formatUkDay } from "~/lib/dates";
import { errorList } from "~/lib/validation";
import type { MyApplicationsAnswer, MyApplicationsData } from "../my-applications-page.server";
import { APPLY_FIELDS, STATUS_LABELS } from "../values";
import { ApplyForm } from "./apply-form";

type Row = MyApplicationsData["applications"][number];

/** /my-applications: each application with its job, employer, date and status, and "Withdraw". */
export function MyApplicationsPage({ data, answer }: { data: MyApplicationsData; answer?: MyApplicationsAnswer }) {
  const refused = answer?.apply;
  return (
    <div className="max-w-4xl">
      <h1 className="text-3xl font-bold">My applications</h1>
      <p className="mt-2">
        Jobs posted by employers on this site take applications with a CV from your CV builder. The employer sees your
        name, email address, note and CV, and nothing else about you.
      </p>
      {refused ? (
        <section aria-labelledby="apply-again-heading" className="mt-6">
          <h2 id="apply-again-heading" className="text-xl font-semibold">
            {refused.job ? `Your application for ${refused.job.title} was not sent` : "Your application was not sent"}
          </h2>
          <ErrorSummary
            formError={refused.formError}
            fields={errorList(refused.fieldErrors, APPLY_FIELDS)}
            answer={answer}
          />
          {refused.job && refused.cvs.length && !refused.formError ? (
            <ApplyForm slug={refused.job.slug} cvs={refused.cvs} values={refused.values} errors={refused.fieldErrors} />
          ) : null}
        </section>
      ) : null}
      {answer?.error ? <ErrorSummary formError={answer.error} fields={[]} answer={answer} /> : null}
      {data.applications.length ? (
        <DataTable
          caption="Your applications, newest first"
          minWidth="min-w-[40rem]"
          spacing="mt-6"
          rows={data.applications}
          rowKey={(a) => a.id}
          columns={[
            {
              header: "Job",
              cell: (a: Row) => (
                <Link to={`/jobs/${a.slug}`} className="text-brand underline">
                  {a.jobTitle}
                </Link>
              ),
            },
            { header: "Employer", cell: (a: Row) => a.employer },
            { header: "Applied", cell: (a: Row) => formatUkDay(a.createdAt) },
            { header: "CV sent", cell: (a: Row) => a.cvName },
            {
              header: "Status",
              cell: (a: Row) => (
                <>
                  {STATUS_LABELS[a.status]}
                  {a.statusChangedAt !== a.createdAt ? (
                    <span className="block text-muted">{`since ${formatUkDay(a.statusChangedAt)}`}</span>
                  ) : null}
                </>
              ),
            },
            {
              header: "Actions",
              cell: (a: Row) =>
                a.status === "withdrawn" ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="withdraw" />
                    <input type="hidden" name="application" value={a.id} />
                    <button
                      type="submit"
                      className="rounded border border-slate-500 px-3 py-1.5 font-semibold"
                      aria-label={`Withdraw your application for ${a.jobTitle}`}
                    >
                      Withdraw
                    </button>
                  </Form>
                ),
            },
          ]}
        />
      ) : (
        <p className="mt-6">
          {"You have not applied for any jobs here yet. "}
          <Link to="/jobs" className="text-brand underline">
            Find jobs
          </Link>
        </p>
      )}
    </div>
  );
}
