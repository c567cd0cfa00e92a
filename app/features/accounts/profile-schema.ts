import { z } from "zod";
import { FullNameField } from "~/lib/name-field";
import { CourseField } from "./course-field";
import { OptionalPhoneSchema, groupPhoneFields } from "~/features/phone";
import { EmailField } from "~/lib/email-field";
import { STUDY_LEVELS, type StudyLevel, VISA_TYPES, type VisaType } from "~/db/schema/student-profile-values";

export const STUDY_LEVEL_LABELS: Record<StudyLevel, string> = {
  foundation: "Foundation or pre-sessional",
  undergraduate: "Undergraduate (bachelor's)",
  postgraduate_taught: "Postgraduate taught (master's)",
  postgraduate_research: "Postgraduate research (PhD)",
  other: "Other",
};

export const VISA_TYPE_LABELS: Record<VisaType, string> = {
  student: "Student visa",
  graduate: "Graduate visa",
  skilled_worker: "Skilled Worker visa",
  dependant: "Dependant visa",
  other: "Another visa",
  none_needed: "I do not need a visa (for example, a citizen or settled)",
};

/** The fields of the registration's profile step, in the order the form shows them. */
export const PROFILE_STEP_FIELDS = ["course", "study_level", "graduation", "home_country", "visa_type"] as const;
export type ProfileStepField = (typeof PROFILE_STEP_FIELDS)[number];

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

/**
 * Graduation as a month ("2027-06", what a month field sends; "06/2027" typed where browsers show a
 * text box), within ten years either side of `today`; stored as the month's first day.
 */
function graduationMonth(today: Date) {
  const year = today.getUTCFullYear();
  return z
    .string({ error: "Enter the month you graduate, like 2027-06" })
    .trim()
    .transform((v, ctx) => {
      const iso = /^(\d{4})-(\d{1,2})$/.exec(v);
      const typed = /^(\d{1,2})\/(\d{4})$/.exec(v);
      const y = Number(iso?.[1] ?? typed?.[2]);
      const mo = Number(iso?.[2] ?? typed?.[1]);
      if (!(mo >= 1 && mo <= 12)) {
        ctx.addIssue({ code: "custom", message: "Enter the month you graduate, like 2027-06" });
        return z.NEVER;
      }
      if (y < year - 10 || y > year + 10) {
        ctx.addIssue({ code: "custom", message: `Enter a graduation year between ${year - 10} and ${year + 10}` });
        return z.NEVER;
      }
      return `${y}-${String(mo).padStart(2, "0")}-01`;
    });
}

/** The profile step of registration: what later features need first (course, graduation, home country, visa). */
export function profileStepSchema(countryIds: ReadonlySet<number>, today: Date) {
  return z.object({
    course: CourseField,
    study_level: choice(STUDY_LEVELS, "Choose your level of study"),
    graduation: graduationMonth(today),
    home_country: z
      .string({ error: "Choose your home country" })
      .regex(/^\d{1,4}$/, "Choose your home country")
      .transform(Number)
      .refine((id) => countryIds.has(id), "Choose your home country from the list"),
    visa_type: choice(VISA_TYPES, "Choose your current visa"),
  });
}

export type ProfileStep = z.output<ReturnType<typeof profileStepSchema>>;

export const SECTORS = {
  "accounting-finance": "Accounting, banking and finance",
  consulting: "Consulting and business",
  "data-technology": "Data and technology",
  engineering: "Engineering and manufacturing",
  healthcare: "Healthcare and life sciences",
  law: "Law",
  "marketing-media": "Marketing, media and creative",
  "public-sector": "Public sector and charities",
  "research-education": "Research and education",
  "retail-hospitality": "Retail, hospitality and tourism",
} as const;

export const JOB_TYPES = {
  "full-time": "Full-time jobs",
  "part-time": "Part-time jobs",
  internship: "Internships",
  "graduate-scheme": "Graduate schemes",
  placement: "Placements",
} as const;

/** The fields of /edit-profile that can carry an error, in the order the form shows them. */
export const PROFILE_FIELDS = [
  "name",
  "email",
  "current_password",
  "phone",
  "home_country",
  "course",
  "study_level",
  "graduation",
  "visa_type",
  "visa_expiry",
  "sectors",
  "locations",
  "job_types",
  "linkedin_url",
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** "Current password": asked for only when the email address changes, which saving the profile decides. */
export const CurrentPasswordField = z.string().max(1024, "Passwords are at most 1,024 characters").default("");

const keys = <T extends Record<string, string>>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

/** Checkbox groups post one value per ticked box: none, one (a string) or several (an array). */
const ticked = <T extends [string, ...string[]]>(values: T, message: string) =>
  z
    .unknown()
    .optional()
    .transform((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.enum(values, { error: message })).max(values.length));

/**
 * The whole student profile (/edit-profile). Phone, visa expiry, interests and LinkedIn are
 * optional; locations are typed as a comma-separated list.
 */
export function profileSchema(countryIds: ReadonlySet<number>, today: Date) {
  const step = profileStepSchema(countryIds, today).shape;
  // The phone input posts three fields (phone, phone_text, phone_country), judged as one.
  return z.preprocess(
    groupPhoneFields,
    z.object({
      name: FullNameField,
      email: EmailField,
      current_password: CurrentPasswordField,
      phone: OptionalPhoneSchema,
      home_country: step.home_country,
      course: step.course,
      study_level: step.study_level,
      graduation: step.graduation,
      visa_type: step.visa_type,
      visa_expiry: z
        .string()
        .trim()
        .default("")
        .refine(
          (v) =>
            v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v),
          "Enter the expiry date as it is on your visa, like 2027-01-31",
        )
        .transform((v) => (v === "" ? null : v)),
      sectors: ticked(keys(SECTORS), "Choose sectors from the list"),
      locations: z
        .string()
        .default("")
        .transform((v) => [
          ...new Set(
            v
              .split(",")
              .map((l) => l.trim())
              .filter(Boolean),
          ),
        ])
        .pipe(
          z.array(z.string().max(60, "Each location is at most 60 characters")).max(10, "Name at most 10 locations"),
        ),
      job_types: ticked(keys(JOB_TYPES), "Choose job types from the list"),
      linkedin_url: z
        .string()
        .trim()
        .default("")
        .refine(
          (v) => v === "" || /^https:\/\/([a-z]{2,3}\.)?linkedin\.com\/in\/[A-Za-z0-9_%-]{3,100}\/?$/.test(v),
          "Enter your LinkedIn profile's address, like https://www.linkedin.com/in/your-name",
        )
        .transform((v) => (v === "" ? null : v)),
      job_alerts: z
        .string()
        .optional()
        .transform((v) => v === "on"),
      newsletters: z
        .string()
        .optional()
        .transform((v) => v === "on"),
    }),
  );
}

export type ProfileInput = z.output<ReturnType<typeof profileSchema>>;
