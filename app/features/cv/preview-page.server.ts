import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/db/context";
import { accessContext } from "~/features/access/context";
import { jobBySlug } from "~/features/jobs/page.server";
import { clockContext } from "~/lib/context";
import { TEMPLATE_INFO } from "./document";
import { cvAtsReport, cvPdf, pdfPageCount } from "./files.server";
import { cvOfPage } from "./page.server";
import { recordCvEvent } from "./queries.server";

/** A job named by its address on this site or its slug ("/jobs/data-analyst-acme-1a2b" or "data-analyst-acme-1a2b"). */
export const jobSlugOf = (raw: string) => raw.trim().replace(/^https?:\/\/[^/]+/i, "").replace(/^\/(jobs|part-time-jobs)\//, "").replace(/[?#].*$/, "").replace(/\/$/, "");

/**
 * What /cv-preview, /final-preview and /download-cv show of a CV: its pages (counted in its PDF),
 * and for the last two its ATS check, against the job of `?job=` when one is given.
 */
export async function loadCvPages(context: Readonly<RouterContextProvider>, request: Request, { ats }: { ats: boolean }) {
  const chosen = await cvOfPage(context, request);
  if (!chosen.cv) return { cv: null, choices: chosen.choices, pages: 0, report: null, job: null, jobProblem: null };
  const { cv } = chosen;
  const db = context.get(dbContext);
  const pdf = await cvPdf(db, cv);
  const pages = await pdfPageCount(pdf);
  const summary = { id: cv.id, name: cv.name, version: cv.version, paper: cv.document.settings.paper, template: TEMPLATE_INFO[cv.document.settings.template].name, isDefault: cv.isDefault };
  if (!ats) return { cv: summary, choices: null, pages, report: null, job: null, jobProblem: null };
  const raw = new URL(request.url).searchParams.get("job");
  const slug = raw ? jobSlugOf(raw) : null;
  const posting = slug && /^[a-z0-9-]{1,200}$/.test(slug) ? await jobBySlug(db, slug) : null;
  const jobProblem = raw && !posting ? "No job on this site has that address. Open the job and copy its address, or leave the box empty." : null;
  const job = posting ? { slug: posting.slug, title: posting.title, employer: posting.employerName } : null;
  const report = await cvAtsReport(db, cv, posting ? { title: posting.title, description: posting.descriptionMarkdown } : null);
  const user = context.get(accessContext).user!;
  await recordCvEvent(db, user, "cv.ats_checked", cv.id, context.get(clockContext)(), { score: report.score, job: job?.slug ?? null });
  return { cv: summary, choices: null, pages, report, job, jobProblem };
}
