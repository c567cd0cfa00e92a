import { isbot } from "isbot";
import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import { recordEvent } from "~/db/events.server";
import { accessContext } from "~/features/access";
import { siteOrigin } from "~/features/access/index.server";
import { htmlToText } from "~/lib/markdown.server";
import { todayInLondon } from "~/lib/dates";
import { shortageListNotice } from "~/features/sponsorship";
import { ruleSets } from "~/features/sponsorship";
import { clientIpContext, clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { receivePublicForm } from "~/lib/public-form.server";
import { type FormState, formOf } from "~/lib/request-body.server";
import type { JobPosting } from "~/db/schema";
import { badgedOrganisations } from "./badge.server";
import { jobPostingLd } from "./json-ld";
import { EMPLOYER_POSTING_SOURCE } from "~/db/schema";
import { closedOn, jobBySlug, listedSlug, similarJobs } from "./page.server";
import { savedAmong } from "./saved.server";
import { JOB_REPORT_LIMIT, JobReportSchema, jobReportRateKey, reportJob } from "./reports.server";
import { jobResult } from "./search.server";

type Context = Readonly<RouterContextProvider>;

/** A job's page (/jobs/:slug, /part-time-jobs/:slug), open or closed: its verdict under the rules it was judged by. */
export async function loadJobPage(slug: string, context: Context) {
  const db = context.get(dbContext);
  const job = await jobBySlug(db, slug);
  if (!job) throw data(null, { status: 404 });
  // Another source's copy of a listed vacancy: its address leads to the one listing (issue 32).
  const listing = job.duplicateOf !== null && job.status === "open" ? await listedSlug(db, job.duplicateOf) : null;
  if (listing) throw redirect(`/jobs/${listing}`, 301);
  return jobPageData(job, context);
}

/** What the job page shows of a job: the public page's, and an employer's preview of their own job (issue 31). */
export async function jobPageData(job: JobPosting, context: Context) {
  const db = context.get(dbContext);
  const sets = await ruleSets();
  const rules = sets.find((r) => r.version === job.sponsorshipRules) ?? sets[0]!;
  const origin = siteOrigin(context);
  const now = context.get(clockContext)();
  const today = todayInLondon(now);
  const closedAt = closedOn(job, today);
  const user = context.get(accessContext).user;
  return {
    // Members' views count for their university's analytics, reported by the browser that shows the page.
    view: user ? ({ page: "job", job: job.slug } as const) : null,
    saved: user ? (await savedAmong(db, user.id, [job.slug])).length > 0 : null,
    origin,
    job: {
      ...jobResult(job, rules.occupations, await badgedOrganisations(db, [job.employerOrganisationId])),
      salaryText: job.salaryText,
      descriptionHtml: job.descriptionHtml,
      closed: closedAt !== null,
      closedAt,
      applyUrl: job.applyUrl,
      applyEmail: job.applyEmail,
    },
    summary: htmlToText(job.descriptionHtml)
      .replace(/^A demo listing[^.]*vacancy\.\s*/, "")
      .slice(0, 155),
    ld: closedAt === null ? jobPostingLd(job, origin, { directApply: job.source === EMPLOYER_POSTING_SOURCE }) : null,
    rules: { version: rules.version, effectiveFrom: rules.effectiveFrom, links: rules.links },
    notice: shortageListNotice(rules, job.socCode, today),
    similar: (await similarJobs(db, job)).map((j) => jobResult(j, rules.occupations)),
  };
}

export type JobPageData = Awaited<ReturnType<typeof jobPageData>>;

/**
 * The job page's apply button: sends the person on to the employer's own address, the one the job
 * was imported with, so it cannot send anyone elsewhere. The button posts, and the post records that
 * a member applied (for their university's analytics); a GET (an old link, a crawler) only sends on.
 */
async function apply(request: Request, slug: string, context: Context, record: boolean) {
  const db = context.get(dbContext);
  const job = await jobBySlug(db, slug);
  if (!job) throw data("No such job.", { status: 404 });
  // An employer's own job takes applications with a CV on its page (issue 31), counted there: a click here counts nothing.
  if (job.source === EMPLOYER_POSTING_SOURCE) throw redirect(`/jobs/${job.slug}`, 303);
  const target = job.applyUrl ?? (job.applyEmail ? `mailto:${job.applyEmail}` : null);
  const now = context.get(clockContext)();
  if (closedOn(job, todayInLondon(now)) || !target) throw redirect(`/jobs/${job.slug}`, 303);
  const user = context.get(accessContext).user;
  if (record && user && !isbot(request.headers.get("user-agent"))) {
    await recordEvent(db, {
      kind: "job.applied",
      at: now,
      userId: user.id,
      universityId: user.universityId,
      jobPostingId: job.id,
    });
  }
  return redirect(target, {
    status: record ? 303 : 302,
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}

/** A GET of the apply address: on to the employer, recording nothing. */
export const followApplyLink = (request: Request, slug: string, context: Context) =>
  apply(request, slug, context, false);

/** The apply button's post: on to the employer, recorded. */
export async function applyForJob(request: Request, slug: string, context: Context) {
  await formOf(request);
  return apply(request, slug, context, true);
}

export const REPORT_SENT = "Thank you: the report reaches our team.";
const REPORT_KEPT = ["reason", "details"] as const;
export type JobReportForm = FormState<Partial<Record<(typeof REPORT_KEPT)[number], string>>>;

/**
 * "Report this job" on the job's page (its own address, /jobs or /part-time-jobs): anyone may report,
 * limited per address. A second report of the job by the same person or visitor's address is thanked
 * alike and changes nothing, so the answer tells no one whether another visitor on the address reported.
 */
export function reportJobAction(request: Request, slug: string, context: Context) {
  const db = context.get(dbContext);
  const back = new URL(request.url).pathname;
  return receivePublicForm({
    request,
    limiter: context.get(rateLimiterContext),
    key: jobReportRateKey(context.get(clientIpContext)),
    limit: JOB_REPORT_LIMIT,
    what: "reports",
    kept: REPORT_KEPT,
    schema: JobReportSchema,
    async store(report) {
      const job = await jobBySlug(db, slug);
      if (!job) throw data("No such job.", { status: 404 });
      await reportJob(db, {
        ...report,
        jobPostingId: job.id,
        userId: context.get(accessContext).user?.id ?? null,
        ip: context.get(clientIpContext),
        now: context.get(clockContext)(),
      });
    },
    sent: back,
    headers: { "Set-Cookie": flashCookie(context.get(configContext), REPORT_SENT) },
  });
}
