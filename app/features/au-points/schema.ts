import { type Validation, validate } from "~/lib/validation";
import { ANSWER_NAMES } from "./answer-names";
import { z } from "zod";
import "~/lib/zod-jitless";
import { formatDate, isIsoDay } from "~/lib/dates";
import {
  ENGLISH_LEVELS,
  PARTNER_SITUATIONS,
  QUALIFICATIONS,
  RULE_SETS,
  type EnglishLevel,
  type PartnerSituation,
  type Qualification,
} from "./rules";

export { ANSWER_NAMES } from "./answer-names";

export type AnswerName = (typeof ANSWER_NAMES)[number];
export type FieldErrors = Partial<Record<AnswerName, string>>;

export const BOOLEAN_ANSWERS = [
  "specialistEducation",
  "australianStudy",
  "regionalStudy",
  "professionalYear",
  "communityLanguage",
] as const;
export type BooleanAnswer = (typeof BOOLEAN_ANSWERS)[number];

export type Answers = {
  dateOfBirth: string;
  invitationDate: string;
  english: EnglishLevel;
  overseasEmploymentYears: number;
  australianEmploymentYears: number;
  qualification: Qualification;
  partner: PartnerSituation;
} & Record<BooleanAnswer, boolean>;

/** Only skilled employment in the 10 years before the invitation counts (Schedule 6D.3 and 6D.4). */
export const EMPLOYMENT_WINDOW_YEARS = 10;
const OLDEST_RULES = RULE_SETS[RULE_SETS.length - 1]!;

const empty = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);

const isoDay = (missing: string) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: missing })
      .min(1, missing)
      .refine(isIsoDay, "Enter a real date in the form YYYY-MM-DD, like 2001-07-31"),
  );

/** One of `values`; when left empty, `fallback` if there is one, else the `missing` message. */
const choice = <T extends string>(values: readonly T[], missing: string, fallback?: T) =>
  z.preprocess(
    (v) => (empty(v) ? fallback : trimmed(v)),
    z.enum(values as unknown as [T, ...T[]], {
      error: (issue) => (issue.input === undefined ? missing : `Choose one of: ${values.join(", ")}`),
    }),
  );

const years = (what: string) =>
  z.preprocess(
    (v) => (empty(v) ? 0 : typeof v === "string" ? Number(v.trim()) : v),
    z
      .number({ error: `Enter the years of ${what} as a number, like 2.5 (0 for none)` })
      .refine(Number.isFinite, `Enter the years of ${what} as a number, like 2.5 (0 for none)`)
      .min(0, "Years cannot be negative")
      .max(
        EMPLOYMENT_WINDOW_YEARS,
        `Only the ${EMPLOYMENT_WINDOW_YEARS} years before the invitation count: enter ${EMPLOYMENT_WINDOW_YEARS} or fewer`,
      ),
  );

const YES = ["on", "true", "1", "yes"];
const NO = ["false", "0", "no", "off"];
/** Whether a form or URL value means a ticked box. */
export const isTicked = (v: string) => YES.includes(v.trim().toLowerCase());

/** A ticked box: true, or the strings a form or URL sends ("on", "true", "1"); unticked when absent. */
const yesNo = z.preprocess(
  (v) => {
    if (empty(v)) return false;
    if (typeof v !== "string") return v;
    return isTicked(v) ? true : NO.includes(v.trim().toLowerCase()) ? false : v;
  },
  z.boolean({ error: "Answer true or false" }),
);

const validFields =
  (...names: AnswerName[]) =>
  (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((i) => names.includes(i.path?.[0] as AnswerName));

/** The answers schema on a given day (a date of birth after `today` is refused). */
function answersSchema(today: string) {
  return (
    z
      .object({
        dateOfBirth: isoDay("Enter your date of birth").refine(
          (d) => d <= today,
          "Your date of birth cannot be in the future",
        ),
        invitationDate: z.preprocess(
          (v) => (empty(v) ? today : v),
          isoDay("Enter the invitation date").refine(
            (d) => d >= OLDEST_RULES.effectiveFrom,
            `This calculator knows the rules in force since ${formatDate(OLDEST_RULES.effectiveFrom)}: choose an invitation date on or after it`,
          ),
        ),
        english: choice(ENGLISH_LEVELS, "Choose your English level"),
        overseasEmploymentYears: years("overseas skilled employment"),
        australianEmploymentYears: years("Australian skilled employment"),
        qualification: choice(QUALIFICATIONS, "Choose your highest qualification, or none of these", "none"),
        specialistEducation: yesNo,
        australianStudy: yesNo,
        regionalStudy: yesNo,
        professionalYear: yesNo,
        communityLanguage: yesNo,
        partner: choice(PARTNER_SITUATIONS, "Choose your partner situation"),
      })
      // Checks across two answers run whenever those two are valid, so they show with every other error.
      .refine((a) => a.invitationDate > a.dateOfBirth, {
        path: ["invitationDate"],
        message: "The invitation date must be after your date of birth",
        when: validFields("dateOfBirth", "invitationDate"),
      })
      .refine((a) => !(a.regionalStudy && !a.australianStudy), {
        path: ["regionalStudy"],
        message:
          "Study in regional Australia counts only when it also meets the Australian study requirement: tick that too, or untick this",
        when: validFields("regionalStudy", "australianStudy"),
      })
  );
}

/**
 * Validates answers as a form, a URL or the API sends them (`today` as YYYY-MM-DD, the default
 * invitation date). On failure: the first message of each field.
 */
export function parseAnswers(raw: Record<string, unknown>, today: string): Validation<Answers, AnswerName> {
  return validate(answersSchema(today), raw);
}

/** The answers as strings, the way the page's form and URL carry them. */
export type RawAnswers = Record<AnswerName, string>;

/** Picks the answer fields out of a URL's query or a posted form (other fields are ignored). */
export function rawAnswersFrom(params: URLSearchParams | FormData): RawAnswers {
  const raw = {} as RawAnswers;
  for (const name of ANSWER_NAMES) {
    const value = params.get(name);
    raw[name] = typeof value === "string" ? value.slice(0, 100) : "";
  }
  return raw;
}
