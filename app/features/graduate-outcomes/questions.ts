import { z } from "zod";
import {
  FOUND_THROUGH,
  type FoundThrough,
  GRADUATE_ACTIVITIES,
  type GraduateActivity,
  PAY_BANDS,
  type PayBand,
  WORK_ROUTES,
  type WorkRoute,
} from "~/db/schema/graduate-outcome-values";

// The survey's questions: the choices as the form and the analytics name them, and the one check of an answer.

export const ACTIVITY_LABELS: Record<GraduateActivity, string> = {
  working: "Working",
  further_study: "Further study",
  looking: "Looking for work",
  other: "Something else",
};

export const SALARY_LABELS: Record<PayBand, string> = {
  under_20k: "Under £20,000",
  "20k_to_30k": "£20,000 to £29,999",
  "30k_to_40k": "£30,000 to £39,999",
  "40k_to_50k": "£40,000 to £49,999",
  "50k_or_more": "£50,000 or more",
  prefer_not_to_say: "I would rather not say",
};

export const ROUTE_LABELS: Record<WorkRoute, string> = {
  graduate: "Graduate visa",
  skilled_worker: "Skilled Worker visa",
  other: "Another visa",
  not_needed: "No visa needed",
};

export const FOUND_LABELS: Record<FoundThrough, string> = {
  careers_service: "The university's careers service",
  this_platform: "This careers platform",
  job_board: "A job board or website",
  employer_website: "The employer's own website",
  recruiter: "A recruitment agency",
  people_they_know: "People I know",
  placement_or_internship: "A placement or internship with the employer",
  other: "Another way",
};

export const SPONSORED_LABELS = { yes: "Yes, it needed a visa sponsor", no: "No" } as const;

/** The form's fields in the order it shows them (the error summary's order). */
export const SURVEY_FIELDS = [
  "activity",
  "work_country",
  "employer",
  "job_title",
  "salary_band",
  "sponsored",
  "work_route",
  "found_through",
] as const;
export type SurveyField = (typeof SURVEY_FIELDS)[number];

/** An answer as it is stored: the job's details only for someone working. */
export type SurveyAnswer = {
  activity: GraduateActivity;
  job: {
    countryId: number;
    employer: string;
    jobTitle: string;
    salaryBand: PayBand;
    sponsored: boolean;
    route: WorkRoute;
    foundThrough: FoundThrough;
  } | null;
};

const text = (what: string) =>
  z
    .string()
    .trim()
    .max(200, `${what} can be at most 200 characters`)
    .transform((v) => v.replace(/\s+/g, " "));

/**
 * The survey form: what they mainly do, then the job's questions, which must all be answered by
 * someone working and are set aside for anyone else (a field filled in before the activity was
 * changed is not kept). A job that needed a sponsor is on a visa route: "no visa needed" contradicts it.
 */
export function surveySchema(countryIds: ReadonlySet<number>) {
  return z
    .object({
      activity: z.enum(GRADUATE_ACTIVITIES, { error: "Choose what you are mainly doing now" }),
      work_country: z.string().default(""),
      employer: text("Your employer's name").default(""),
      job_title: text("Your job title").default(""),
      salary_band: z.string().default(""),
      sponsored: z.string().default(""),
      work_route: z.string().default(""),
      found_through: z.string().default(""),
    })
    .transform((raw, ctx): SurveyAnswer => {
      if (raw.activity !== "working") return { activity: raw.activity, job: null };
      const problem = (field: SurveyField, message: string) => {
        ctx.addIssue({ code: "custom", path: [field], message });
        return null;
      };
      const countryId = Number(raw.work_country);
      const country = countryIds.has(countryId) ? countryId : problem("work_country", "Choose the country you work in");
      const employer = raw.employer || problem("employer", "Enter your employer's name");
      const jobTitle = raw.job_title || problem("job_title", "Enter your job title");
      const salaryBand =
        z.enum(PAY_BANDS).safeParse(raw.salary_band).data ?? problem("salary_band", "Choose your salary");
      const sponsored =
        raw.sponsored === "yes"
          ? true
          : raw.sponsored === "no"
            ? false
            : problem("sponsored", "Say whether the job needed a visa sponsor");
      const route =
        z.enum(WORK_ROUTES).safeParse(raw.work_route).data ?? problem("work_route", "Choose the visa you work on");
      if (sponsored === true && route === "not_needed")
        problem("work_route", "A job that needed a visa sponsor is on a visa: choose which one");
      const foundThrough =
        z.enum(FOUND_THROUGH).safeParse(raw.found_through).data ??
        problem("found_through", "Choose how you found the job");
      if (
        country === null ||
        employer === null ||
        jobTitle === null ||
        salaryBand === null ||
        sponsored === null ||
        route === null ||
        foundThrough === null ||
        (sponsored && route === "not_needed")
      )
        return z.NEVER;
      return {
        activity: "working",
        job: { countryId: country, employer, jobTitle, salaryBand, sponsored, route, foundThrough },
      };
    });
}

/** What the form shows: the answer stored, or what was typed. */
type SurveyValues = Record<SurveyField, string>;

export function valuesOf(answer: SurveyAnswer | null): SurveyValues {
  const job = answer?.job;
  return {
    activity: answer?.activity ?? "",
    work_country: job ? String(job.countryId) : "",
    employer: job?.employer ?? "",
    job_title: job?.jobTitle ?? "",
    salary_band: job?.salaryBand ?? "",
    sponsored: job ? (job.sponsored ? "yes" : "no") : "",
    work_route: job?.route ?? "",
    found_through: job?.foundThrough ?? "",
  };
}
