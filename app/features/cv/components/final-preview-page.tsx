import { Link } from "~/components/link";
import { useBeacon } from "~/lib/use-page-view";
import { AtsReportView } from "./ats-report";
import { ChooseCv } from "./choose-cv";
import { CvPages } from "./cv-pages";
import { atsCheckPath } from "./downloads";
import type { CvPagesData } from "../preview-page.server";

/** /final-preview: the ATS check of the CV's PDF, then its pages. */
export function FinalPreviewPage({ data }: { data: CvPagesData }) {
  const { cv, choices, pages, report } = data;
  useBeacon(atsCheckPath(cv && report ? cv.id : null));
  if (!cv) {
    return (
      <article className="max-w-3xl">
        <h1 className="text-3xl font-bold">Final CV preview</h1>
        <ChooseCv choices={choices ?? []} to="/final-preview" verb="check" />
      </article>
    );
  }
  return (
    <article className="max-w-4xl">
      <h1 className="text-3xl font-bold">{`Final check: ${cv.name}`}</h1>
      <p className="mt-2 text-muted">
        Before you send it: what an applicant tracking system reads from your PDF, then the pages themselves.
      </p>
      <section aria-labelledby="ats-heading" className="mt-6">
        <h2 id="ats-heading" className="text-xl font-semibold">
          ATS check
        </h2>
        {report ? <AtsReportView report={report} /> : null}
        <p className="mt-3">
          <Link to={`/download-cv?cv=${cv.id}`} className="text-brand underline">
            Check it against a job
          </Link>
        </p>
      </section>
      <p className="mt-6 flex flex-wrap gap-4">
        <Link to={`/create-cv?cv=${cv.id}`} className="text-brand underline">
          Back to editing
        </Link>
        <Link to={`/download-cv?cv=${cv.id}`} className="rounded bg-brand px-4 py-2 font-semibold text-white">
          Download
        </Link>
      </p>
      <section aria-labelledby="pages-heading" className="mt-8">
        <h2 id="pages-heading" className="text-xl font-semibold">{`The ${pages} ${pages === 1 ? "page" : "pages"}`}</h2>
        <CvPages cvId={cv.id} version={cv.version} pages={pages} name={cv.name} paper={cv.paper} />
      </section>
    </article>
  );
}
