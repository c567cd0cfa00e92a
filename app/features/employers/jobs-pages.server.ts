import { type RouterContextProvider, data, redirect } from "react-router";
import { actorOf } from "~/db/audit.server";
import { dbContext, rateLimiterContext } from "~/db/context";
import type { EmployerOrganisation, JobPosting } from "~/db/schema";
import { SPONSORSHIP_LABELS, jobVerdict, socClassifierContext } from "~/features/jobs";
import { closedOn, jobPageData, occupationOf } from "~/features/jobs/index.server";
import { type RuleSet, ruleSetFor } from "~/features/sponsorship";
import type { Limit } from "~/db/rate-limiter.server";
import { clockContext, configContext } from "~/lib/context";
import { todayInLondon } from "~/lib/dates";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { formOf, tooManyRequests } from "~/lib/request-body.server";
import { type FormAnswer, validate } from "~/lib/validation";
import { ok, refused } from "~/lib/json-api.server";
import { JOB_FIELDS, type JobField, type JobFormValues, jobFormSchema, jobFormValues, termsOfValues } from "./job-form";
import { verdictAdvice } from "./job-advice";
import {
  closeJob,
  createDraft,
  duplicateJob,
  jobOfOrganisation,
  jobsOfOrganisation,
  organisationStanding,
  publishJob,
  termsOf,
  updateJob,
} from "./jobs.server";
import { ownOrganisation } from "./own-organisation.server";

type Context = Readonly<RouterContextProvider>;
export const EMPLOYER_JOBS_PATH = "/employer/jobs";
/** Saves, publications and other changes of jobs an employer may make in an hour (counted before the work). */
export const JOB_POSTING_LIMIT: Limit = { max: 60, windowSeconds: 60 * 60 };
/** Live verdicts an employer may ask for in an hour: the form asks as they type (debounced). */
export const LIVE_VERDICT_LIMIT: Limit = { max: 1_000, windowSeconds: 60 * 60 };

async function myOrganisation(context: Context) {
  const { employer, organisation } = await ownOrganisation(context);
  return { employer, organisation, db: context.get(dbContext), now: context.get(clockContext)() };
}

/** A rejected organisation posts nothing; a verified or waiting one may (the waiting one's jobs are moderated). */
function mayPost(organisation: { rejectedAt: Date | null }) {
  if (organisation.rejectedAt)
    throw data("Your organisation could not be verified, so it cannot post jobs.", { status: 403 });
}

async function rulesOf(now: Date): Promise<{ rules: RuleSet; today: string }> {
  const today = todayInLondon(now);
  const rules = await ruleSetFor(today);
  if (!rules) throw data("No sponsorship rules cover today.", { status: 503 });
  return { rules, today };
}

/** Where a job stands, in the words of the employer's list. */
export function statusLabel(job: Pick<JobPosting, "status" | "closedAt" | "closingDate">, today: string): string {
  if (job.status === "draft") return "Draft";
  if (job.status === "pending") return "Waiting for review";
  return closedOn(job, today) ? "Closed" : "Open";
}

/** /employer/jobs: the organisation's jobs with where each stands. */
export async function loadEmployerJobs(context: Context) {
  const { organisation, db, now } = await myOrganisation(context);
  const today = todayInLondon(now);
  const jobs = await jobsOfOrganisation(db, organisation.id);
  return {
    organisation: { name: organisation.name, verified: !!organisation.verifiedAt, rejected: !!organisation.rejectedAt },
    jobs: jobs.map((job) => ({
      id: job.id,
      title: job.title,
      slug: job.slug,
      status: statusLabel(job, today),
      draft: job.status === "draft",
      closable: (job.status === "open" || job.status === "pending") && !closedOn(job, today),
      listed: job.status === "open" && !closedOn(job, today),
      sponsorship: SPONSORSHIP_LABELS[job.sponsorshipStatus],
      closingDate: job.closingDate,
    })),
  };
}
export type EmployerJobsData = Awaited<ReturnType<typeof loadEmployerJobs>>;

/** One change counted against the employer's posting limit, before the work: the seconds to wait when past it, else 0. */
const spendPosting = (context: Context, employerId: number) =>
  context.get(rateLimiterContext).spend(`employer-jobs:user:${employerId}`, JOB_POSTING_LIMIT);

const tooMany = (wait: number) =>
  data(`Too many changes in a short time. Wait ${Math.ceil(wait / 60)} minutes and try again.`, {
    status: 429,
    headers: { "Retry-After": String(wait) },
  });

const done = (context: Context, to: string, message: string) =>
  redirect(to, { status: 303, headers: { "Set-Cookie": flashCookie(context.get(configContext), message) } });

/** The list's buttons: close a job, or copy it to a new draft. Another organisation's job answers 404. */
export async function employerJobsAction(request: Request, context: Context) {
  const { employer, organisation, db, now } = await myOrganisation(context);
  const wait = await spendPosting(context, employer.id);
  if (wait) throw tooMany(wait);
  const form = await formOf(request);
  const id = Number(form.get("id"));
  const notFound = () => {
    throw data("No such job.", { status: 404 });
  };
  return dispatchIntent(
    form,
    {
      close: async () => {
        if (!(await closeJob(db, organisation.id, id, now))) {
          if (await jobOfOrganisation(db, organisation.id, id)) throw data("This job is not open.", { status: 409 });
          return notFound();
        }
        return done(context, EMPLOYER_JOBS_PATH, "The job is closed: students no longer find it.");
      },
      duplicate: async () => {
        mayPost(organisation);
        const copy = await duplicateJob(db, organisation.id, employer.id, id, now);
        if (!copy) return notFound();
        return done(
          context,
          `/employer/jobs/${copy.id}/edit`,
          "A copy of the job is saved as a draft: change it and publish.",
        );
      },
    },
    () => {
      throw data("Choose what to do with the job.", { status: 400 });
    },
  );
}

/** The verdict panel: the verdict of the job as typed, with its reasons and what would change it. */
export type VerdictPanel = {
  status: string;
  label: string;
  reasons: string[];
  advice: string[];
  suggestion: { code: string; title: string } | null;
};

/** The occupation the classifier reads in a title (and description), when it is fairly sure: a suggestion the employer may change. */
async function suggestOccupation(context: Context, title: string, description: string, rules: RuleSet) {
  if (title.trim().length < 2) return null;
  const found = (await context.get(socClassifierContext)()).classify(title, description);
  const occupation = found ? rules.occupations.get(found.code) : undefined;
  return occupation ? { code: occupation.code, title: occupation.title } : null;
}

/**
 * The verdict of a form as typed, however unfinished (termsOfValues), under today's rules and the
 * organisation's register standing, with what would change it; the occupation suggested from the title.
 */
async function panelOf(
  context: Context,
  values: JobFormValues,
  organisation: EmployerOrganisation,
  now: Date,
): Promise<VerdictPanel> {
  const { rules, today } = await rulesOf(now);
  const suggestion = await suggestOccupation(context, values.title ?? "", values.description ?? "", rules);
  const read = termsOfValues(values, today);
  // Until the employer chooses an occupation, the one suggested is judged (the form shows it chosen).
  const soc = read.soc && rules.occupations.has(read.soc) ? read.soc : (suggestion?.code ?? null);
  const { standing } = await organisationStanding(context.get(dbContext), organisation);
  const { terms } = termsOf({ ...read, soc });
  const verdict = jobVerdict(terms, rules, standing, today);
  return {
    status: verdict.status,
    label: SPONSORSHIP_LABELS[verdict.status],
    reasons: verdict.reasons,
    advice: verdictAdvice(terms, rules, standing, today),
    suggestion,
  };
}

/** GET /employer/jobs/verdict?title=…&salary_min=…: the live verdict panel as the employer types (stores nothing). */
export async function liveVerdict(request: Request, context: Context) {
  const { employer, organisation, now } = await myOrganisation(context);
  const wait = await context.get(rateLimiterContext).spend(`employer-verdict:user:${employer.id}`, LIVE_VERDICT_LIMIT);
  if (wait) return refused(429, "Too many checks in a short time; wait a few minutes.");
  const params = new URL(request.url).searchParams;
  const values = Object.fromEntries(
    JOB_FIELDS.map((f) => [f, (params.get(f) ?? "").slice(0, 50_000)]),
  ) as JobFormValues;
  return ok({ panel: await panelOf(context, values, organisation, now) });
}

/** The occupations the form offers, by code. */
function occupationOptions(rules: RuleSet) {
  return [...rules.occupations.values()]
    .map((o) => ({ value: o.code, label: `${o.code} ${o.title}` }))
    .sort((a, b) => a.value.localeCompare(b.value));
}

const blankValues = (): JobFormValues => ({ country: "GB", remote: "on-site", salary_period: "year" });

function valuesOfJob(job: JobPosting): JobFormValues {
  const text = (v: string | number | null) => (v === null ? "" : String(v));
  return {
    title: job.title,
    type: job.type,
    town: text(job.town),
    region: text(job.region),
    country: job.country,
    remote: job.workArrangement,
    salary_min: text(job.salaryMin),
    salary_max: text(job.salaryMax),
    salary_period: job.salaryPeriod ?? "year",
    salary: text(job.salaryText),
    hours_per_week: text(job.hoursPerWeek),
    soc: text(job.socCode),
    description: job.descriptionMarkdown,
    closing_date: text(job.closingDate),
    apply_url: text(job.applyUrl),
  };
}

/** The job form's page: new (`id` null) or an edit of one of the organisation's jobs. */
export async function loadJobForm(context: Context, id: number | null) {
  const { organisation, db, now } = await myOrganisation(context);
  mayPost(organisation);
  const job = id === null ? null : await jobOfOrganisation(db, organisation.id, id);
  if (id !== null && !job) throw data(null, { status: 404 });
  const { rules } = await rulesOf(now);
  const values = job ? valuesOfJob(job) : blankValues();
  return {
    job: job && { id: job.id, title: job.title, status: statusLabel(job, todayInLondon(now)) },
    verified: !!organisation.verifiedAt,
    values,
    occupations: occupationOptions(rules),
    panel: job ? await panelOf(context, values, organisation, now) : null,
  };
}
export type JobFormPageData = Awaited<ReturnType<typeof loadJobForm>>;
export type JobFormAnswer = FormAnswer<JobField> & { panel?: VerdictPanel | null };

/**
 * The job form's two buttons: "Check the verdict" shows the form again with its verdict panel (the
 * live panel without JavaScript; nothing stored); "Save and preview" checks every field (400 with
 * each field's error, nothing stored), then saves a new draft or the edit (judged again; an open job
 * stays open) and goes on to its preview. Counted against the posting limit before any work.
 */
export async function jobFormAction(request: Request, context: Context, id: number | null) {
  const { employer, organisation, db, now } = await myOrganisation(context);
  mayPost(organisation);
  const form = await formOf(request);
  const values = jobFormValues(form);
  const wait = await spendPosting(context, employer.id);
  if (wait) return tooManyRequests(values, wait, "changes to jobs");
  if (id !== null && !(await jobOfOrganisation(db, organisation.id, id))) throw data(null, { status: 404 });
  const answer = (status: number, fieldErrors: JobFormAnswer["fieldErrors"], panel: VerdictPanel | null) =>
    data<JobFormAnswer>({ fieldErrors, formError: null, values, panel }, { status });
  if (form.get("intent") === "check") return answer(200, {}, await panelOf(context, values, organisation, now));
  const { rules, today } = await rulesOf(now);
  const checked = validate<ReturnType<typeof jobFormSchema>, JobField>(jobFormSchema(today), values);
  if (!checked.success) return answer(400, checked.fieldErrors, await panelOf(context, values, organisation, now));
  if (checked.data.soc && !rules.occupations.has(checked.data.soc))
    return answer(400, { soc: "Choose one of the SOC 2020 occupations listed" }, null);
  const { standing, slug } = await organisationStanding(db, organisation);
  // An occupation not chosen (a form sent without JavaScript, never checked) is the classifier's when it is sure.
  const classifier = checked.data.soc ? null : await context.get(socClassifierContext)();
  const occupation = occupationOf(
    { soc: checked.data.soc ?? undefined, title: checked.data.title, description: checked.data.description },
    classifier,
  );
  const judged = { form: checked.data, occupation, rules, today, standing, sponsorSlug: slug };
  if (id === null) {
    const draft = await createDraft(db, organisation, employer.id, judged, now);
    return done(context, `/employer/jobs/${draft.id}/preview`, "Your job is saved as a draft. Check it, then publish.");
  }
  const status = await updateJob(db, organisation, id, judged, now);
  return done(
    context,
    `/employer/jobs/${id}/preview`,
    status === "pending" ? "Your changes are saved, and wait for our team's review." : "Your changes are saved.",
  );
}

/** /employer/jobs/{id}/preview: the job page as students will see it, with where it stands and "Publish". */
export async function loadJobPreview(context: Context, id: number) {
  const { organisation, db, now } = await myOrganisation(context);
  const job = await jobOfOrganisation(db, organisation.id, id);
  if (!job) throw data(null, { status: 404 });
  const page = await jobPageData(job, context);
  return {
    id: job.id,
    status: statusLabel(job, todayInLondon(now)),
    draft: job.status === "draft",
    verified: !!organisation.verifiedAt,
    // The employer's own look is neither a student's view nor a save.
    page: { ...page, view: null, saved: null },
  };
}
export type JobPreviewData = Awaited<ReturnType<typeof loadJobPreview>>;

/** "Publish" on the preview: a verified organisation's job opens; an unverified one's waits for review. */
export async function publishAction(request: Request, context: Context, id: number) {
  const { employer, organisation, db, now } = await myOrganisation(context);
  mayPost(organisation);
  const wait = await spendPosting(context, employer.id);
  if (wait) throw tooMany(wait);
  if ((await formOf(request)).get("intent") !== "publish")
    throw data("Choose “Publish” to publish the job.", { status: 400 });
  const job = await jobOfOrganisation(db, organisation.id, id);
  if (!job) throw data(null, { status: 404 });
  const status = await publishJob(db, actorOf(employer, context), organisation, id, now);
  if (!status) throw data("Only a draft can be published.", { status: 409 });
  return done(
    context,
    EMPLOYER_JOBS_PATH,
    status === "open"
      ? `"${job.title}" is published: students can find it now.`
      : `"${job.title}" waits for our team's review: students see it once it is approved.`,
  );
}
