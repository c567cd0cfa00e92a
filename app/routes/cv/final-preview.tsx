import { Link } from "react-router";
import { AtsReportView } from "~/features/cv/components/ats-report";
import { ChooseCv } from "~/features/cv/components/choose-cv";
import { CvPages } from "~/features/cv/components/cv-pages";
import { atsCheckPath } from "~/features/cv/components/downloads";
import { loadCvPages } from "~/features/cv/preview-page.server";
import { pageTitle } from "~/lib/meta";
import { useBeacon } from "~/lib/use-page-view";
import type { Route } from "./+types/final-preview";

export function loader({ request, context }: Route.LoaderArgs) {
  return loadCvPages(context, request, { ats: true });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.cv ? `Final check: ${loaderData.cv.name}` : "Final CV preview") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function FinalPreview({ loaderData }: Route.ComponentProps) {
  const { cv, choices, pages, report } = loaderData;
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
