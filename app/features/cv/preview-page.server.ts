import { type RouterContextProvider, redirect } from "react-router";
import { dbContext } from "~/db/context";
import { requireUser } from "~/features/access/index.server";
import { jobBySlug } from "~/features/jobs/index.server";
import { TEMPLATE_INFO } from "./document";
import { cvAtsReport, cvPdf, pdfPageCount } from "./files.server";
import { cvOfPage } from "./page.server";
import { listCvs } from "./queries.server";

/** A job named by its address on this site or its slug ("/jobs/data-analyst-acme-1a2b" or "data-analyst-acme-1a2b"). */
export const jobSlugOf = (raw: string) =>
  raw
    .trim()
    .replace(/^https?:\/\/[^/]+/i, "")
    .replace(/^\/(jobs|part-time-jobs)\//, "")
    .replace(/[?#].*$/, "")
    .replace(/\/$/, "");

/**
 * What /cv-preview, /final-preview and /download-cv show of a CV: its pages (counted in its PDF),
 * and for the last two its ATS check, against the job of `?job=` when one is given.
 */
export async function loadCvPages(
  context: Readonly<RouterContextProvider>,
  request: Request,
  { ats }: { ats: boolean },
) {
  const url = new URL(request.url);
  const askedJob = url.searchParams.get("job");
  if (ats && askedJob && !url.searchParams.has("cv")) {
    // From a job's page ("Check your CV against this job"): the default CV, else the last edited.
    const cvs = await listCvs(context.get(dbContext), requireUser(context));
    const chosen = cvs.find((c) => c.isDefault) ?? cvs[0];
    if (chosen) throw redirect(`${url.pathname}?cv=${chosen.id}&job=${encodeURIComponent(askedJob)}`);
  }
  const chosen = await cvOfPage(context, request);
  if (!chosen.cv) return { cv: null, choices: chosen.choices, pages: 0, report: null, job: null, jobProblem: null };
  const { cv } = chosen;
  const db = context.get(dbContext);
  const pdf = await cvPdf(db, cv);
  const pages = await pdfPageCount(pdf);
  const summary = {
    id: cv.id,
    name: cv.name,
    version: cv.version,
    paper: cv.document.settings.paper,
    template: TEMPLATE_INFO[cv.document.settings.template].name,
    isDefault: cv.isDefault,
  };
  if (!ats) return { cv: summary, choices: null, pages, report: null, job: null, jobProblem: null };
  const slug = askedJob ? jobSlugOf(askedJob) : null;
  const posting = slug && /^[a-z0-9-]{1,200}$/.test(slug) ? await jobBySlug(db, slug) : null;
  const jobProblem =
    askedJob && !posting
      ? "No job on this site has that address. Open the job and copy its address, or leave the box empty."
      : null;
  const job = posting ? { slug: posting.slug, title: posting.title, employer: posting.employerName } : null;
  // Recorded as a check when the page is shown (its beacon posts to the check's endpoint): a GET writes nothing.
  const report = await cvAtsReport(
    db,
    cv,
    posting ? { title: posting.title, description: posting.descriptionMarkdown } : null,
  );
  return { cv: summary, choices: null, pages, report, job, jobProblem };
}

export type CvPagesData = Awaited<ReturnType<typeof loadCvPages>>;
