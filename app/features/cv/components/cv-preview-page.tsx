import { Link } from "~/components/link";
import { ChooseCv } from "./choose-cv";
import { CvPages } from "./cv-pages";
import type { CvPagesData } from "../preview-page.server";

/** /cv-preview: the CV's pages as its PDF prints them. */
export function CvPreviewPage({ data }: { data: CvPagesData }) {
  const { cv, choices, pages } = data;
  if (!cv) {
    return (
      <article className="max-w-3xl">
        <h1 className="text-3xl font-bold">CV preview</h1>
        <ChooseCv choices={choices ?? []} to="/cv-preview" verb="preview" />
      </article>
    );
  }
  return (
    <article className="max-w-4xl">
      <h1 className="text-3xl font-bold">{`Preview: ${cv.name}`}</h1>
      <p className="mt-2 text-muted">{`${cv.template} on ${cv.paper} paper: ${pages} ${pages === 1 ? "page" : "pages"}, exactly as the PDF prints.`}</p>
      <p className="mt-4 flex flex-wrap gap-4">
        <Link to={`/create-cv?cv=${cv.id}`} className="text-brand underline">
          Back to editing
        </Link>
        <Link to={`/final-preview?cv=${cv.id}`} className="rounded bg-brand px-4 py-2 font-semibold text-white">
          Looks good: final check
        </Link>
        <a href={`/api/cvs/${cv.id}/pdf?view=1`} className="text-brand underline">
          Open the PDF
        </a>
      </p>
      <CvPages cvId={cv.id} version={cv.version} pages={pages} name={cv.name} paper={cv.paper} />
    </article>
  );
}
