import { Form } from "react-router";
import { Link } from "~/components/link";
import { useBeacon } from "~/lib/use-page-view";
import { AtsReportView } from "./ats-report";
import { ChooseCv } from "./choose-cv";
import { DownloadButton, atsCheckPath } from "./downloads";
import type { CvPagesData } from "../preview-page.server";

/** /download-cv: the CV's files, and its ATS check against a job of this site. */
export function DownloadCvPage({ data }: { data: CvPagesData }) {
  const { cv, choices, pages, report, job, jobProblem } = data;
  useBeacon(atsCheckPath(cv && report ? cv.id : null, job?.slug));
  if (!cv) {
    return (
      <article className="max-w-3xl">
        <h1 className="text-3xl font-bold">Download CV</h1>
        <ChooseCv choices={choices ?? []} to="/download-cv" verb="download" />
      </article>
    );
  }
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-bold">{`Download: ${cv.name}`}</h1>
      <section aria-labelledby="files-heading" className="mt-6">
        <h2 id="files-heading" className="text-xl font-semibold">
          Files
        </h2>
        <ul className="mt-3 space-y-3">
          <li>
            <DownloadButton cvId={cv.id} format="pdf">
              PDF
            </DownloadButton>
            {` — ${cv.template}, ${pages} ${pages === 1 ? "page" : "pages"} on ${cv.paper} paper. Send this one: it looks the same everywhere.`}
          </li>
          <li>
            <DownloadButton cvId={cv.id} format="docx">
              Word (DOCX)
            </DownloadButton>
            {" — for an employer or a recruiter who asks for Word, in one simple column."}
          </li>
          <li>
            <DownloadButton cvId={cv.id} format="json">
              JSON Resume
            </DownloadButton>
            {" — your CV's content, to import here again or into another tool."}
          </li>
        </ul>
      </section>
      <section aria-labelledby="ats-heading" className="mt-8">
        <h2 id="ats-heading" className="text-xl font-semibold">
          ATS check
        </h2>
        <p className="mt-1 text-muted">
          What an applicant tracking system reads from your PDF. Give a job from this site to see which of its key terms
          your CV lacks.
        </p>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="cv" value={cv.id} />
          <div className="grow">
            <label htmlFor="job" className="block font-medium">
              Job address (optional)
            </label>
            <p id="job-hint" className="text-sm text-muted">
              The address of a job on this site, like /jobs/graduate-data-analyst-…
            </p>
            {jobProblem ? (
              <p id="job-error" className="text-sm text-red-800">
                {jobProblem}
              </p>
            ) : null}
            <input
              id="job"
              name="job"
              defaultValue={job ? `/jobs/${job.slug}` : ""}
              aria-describedby={jobProblem ? "job-hint job-error" : "job-hint"}
              aria-invalid={jobProblem ? true : undefined}
              className="mt-1 w-full rounded border border-slate-500 px-3 py-2"
            />
          </div>
          <button type="submit" className="rounded border border-brand px-3 py-2 font-semibold text-brand">
            Check
          </button>
        </Form>
        <div className="mt-4">
          {report ? <AtsReportView report={report} jobTitle={job ? `${job.title}, ${job.employer}` : null} /> : null}
        </div>
      </section>
      <p className="mt-6">
        <Link to={`/create-cv?cv=${cv.id}`} className="text-brand underline">
          Back to editing
        </Link>
      </p>
    </article>
  );
}
