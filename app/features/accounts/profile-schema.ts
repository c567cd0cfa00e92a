import { z } from "zod";
import { STUDY_LEVELS, type StudyLevel, VISA_TYPES, type VisaType } from "~/db/schema/student-profiles";

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
    course: z.string({ error: "Enter your course" }).trim().min(2, "Enter your course").max(200, "Course names are at most 200 characters"),
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
