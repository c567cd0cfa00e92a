import { Form } from "react-router";
import { Link } from "~/components/link";
import { JobPage } from "~/features/jobs";
import type { JobPreviewData } from "../jobs-pages.server";

/** /employer/jobs/{id}/preview: the job page as students will see it, with "Publish" for a draft. */
export function JobPreviewPage({ data }: { data: JobPreviewData }) {
  return (
    <div className="mx-auto max-w-3xl">
      {/* The job page below holds the page's one h1, the job's title, as students see it. */}
      <section aria-label="Preview" className="rounded border-2 border-slate-600 bg-slate-50 p-4">
        <p className="text-xl font-semibold">Preview of your job</p>
        <p className="mt-1" data-testid="job-status">{`Status: ${data.status}`}</p>
        <p className="mt-1">This is the job page as students will see it.</p>
        <p className="mt-1">
          {data.draft || data.status === "Waiting for review" ? "Its address once published: " : "Its address: "}
          <code data-testid="job-address">{data.page.job.url}</code>
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-4">
          {data.draft ? (
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="publish"
                className="rounded bg-brand px-5 py-2.5 font-semibold text-white"
              >
                Publish
              </button>
            </Form>
          ) : null}
          <Link to={`/employer/jobs/${data.id}/edit`} className="text-brand underline">
            Edit the job
          </Link>
          <Link to="/employer/jobs" className="text-brand underline">
            Your jobs
          </Link>
        </div>
        {data.draft && !data.verified ? (
          <p className="mt-3 text-sm">
            Your organisation is not verified yet: once published, the job waits for our team&apos;s review.
          </p>
        ) : null}
      </section>
      <div className="mt-8">
        <JobPage data={data.page} preview />
      </div>
    </div>
  );
}
