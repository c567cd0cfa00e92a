// The values of the graduate outcomes survey's columns, in a module without Drizzle so that pages can import them.

/** The surveys, by the months after graduation each is sent: 6, then 15 (as the UK's Graduate Outcomes asks). */
export const SURVEY_WAVES = [6, 15] as const;
export type SurveyWave = (typeof SURVEY_WAVES)[number];

/** What the graduate mainly does now. */
export const GRADUATE_ACTIVITIES = ["working", "further_study", "looking", "other"] as const;
export type GraduateActivity = (typeof GRADUATE_ACTIVITIES)[number];

/** Pay before tax, a year, in pounds or about that much in pounds. */
export const PAY_BANDS = [
  "under_20k",
  "20k_to_30k",
  "30k_to_40k",
  "40k_to_50k",
  "50k_or_more",
  "prefer_not_to_say",
] as const;
export type PayBand = (typeof PAY_BANDS)[number];

/** The visa route a working graduate is on now. */
export const WORK_ROUTES = ["graduate", "skilled_worker", "other", "not_needed"] as const;
export type WorkRoute = (typeof WORK_ROUTES)[number];

/** How they found the job. */
export const FOUND_THROUGH = [
  "careers_service",
  "this_platform",
  "job_board",
  "employer_website",
  "recruiter",
  "people_they_know",
  "placement_or_internship",
  "other",
] as const;
export type FoundThrough = (typeof FOUND_THROUGH)[number];
