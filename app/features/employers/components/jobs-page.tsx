import { Form } from "react-router";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { formatUkDay } from "~/lib/dates";
import type { EmployerJobsData } from "../jobs-pages.server";

type Job = EmployerJobsData["jobs"][number];

/** /employer/jobs: the organisation's jobs, where each stands, and what can be done with it. */
export function EmployerJobsPage({ data }: { data: EmployerJobsData }) {
  const { organisation, jobs } = data;
  return (
    <div className="mx-auto max-w-5xl">
      <p>
        <Link to="/employer-dashboard" className="text-brand underline">
          Employer dashboard
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold">Your jobs</h1>
      <p className="mt-2">{`${organisation.name}'s jobs, and where each stands.`}</p>
      {organisation.rejected ? (
        <p className="mt-4 rounded border border-amber-300 bg-amber-50 px-4 py-3">
          We could not verify your organisation, so it cannot post jobs.
        </p>
      ) : (
        <>
          {organisation.verified ? null : (
            <p className="mt-4 rounded border border-amber-300 bg-amber-50 px-4 py-3">
              Your organisation is not verified yet: the jobs you publish wait for our team&apos;s review before
              students see them.
            </p>
          )}
          <p className="mt-4">
            <Link
              to="/employer/jobs/new"
              className="inline-block rounded bg-brand px-4 py-2.5 font-semibold text-white"
            >
              Post a job
            </Link>
          </p>
        </>
      )}
      {jobs.length ? (
        <DataTable<Job>
          caption="Your jobs"
          minWidth="min-w-[48rem]"
          rows={jobs}
          rowKey={(job) => job.id}
          columns={[
            {
              header: "Job",
              cell: (job) =>
                job.listed ? (
                  <Link to={`/jobs/${job.slug}`} className="text-brand underline">
                    {job.title}
                  </Link>
                ) : (
                  job.title
                ),
            },
            { header: "Status", cell: (job) => job.status },
            { header: "Sponsorship", cell: (job) => job.sponsorship },
            {
              header: "Closes",
              cell: (job) => (job.closingDate ? formatUkDay(`${job.closingDate}T12:00:00Z`) : "No closing date"),
            },
            { header: "Actions", cell: (job) => <JobActions job={job} /> },
          ]}
        />
      ) : (
        <p className="mt-6">You have not posted a job yet.</p>
      )}
    </div>
  );
}

function JobActions({ job }: { job: Job }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Link
        to={`/employer/jobs/${job.id}/preview`}
        className="text-brand underline"
        aria-label={`Preview ${job.title}`}
      >
        Preview
      </Link>
      <Link to={`/employer/jobs/${job.id}/edit`} className="text-brand underline" aria-label={`Edit ${job.title}`}>
        Edit
      </Link>
      {job.draft ? null : (
        <Link
          to={`/employer/jobs/${job.id}/applicants`}
          className="text-brand underline"
          aria-label={`Applicants for ${job.title}`}
        >
          Applicants
        </Link>
      )}
      <Form method="post">
        <input type="hidden" name="id" value={job.id} />
        <button
          type="submit"
          name="intent"
          value="duplicate"
          className="text-brand underline"
          aria-label={`Duplicate ${job.title}`}
        >
          Duplicate
        </button>
      </Form>
      {job.closable ? (
        <Form method="post">
          <input type="hidden" name="id" value={job.id} />
          <button
            type="submit"
            name="intent"
            value="close"
            className="text-brand underline"
            aria-label={`Close ${job.title}`}
          >
            Close
          </button>
        </Form>
      ) : null}
    </div>
  );
}
