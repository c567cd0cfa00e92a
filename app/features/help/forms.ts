import { z } from "zod";
import "~/lib/zod-jitless";
import { EmailField } from "~/lib/email-field";
import { FullNameField } from "~/lib/name-field";

// The two public forms of the help pages, as posted (the honeypot aside): /partner-with-us for
// university careers services and /campus-ambassadors for students.

const required = (empty: string, max: number, tooLong: string) =>
  z.string({ error: empty }).trim().min(1, empty).max(max, tooLong);
const longText = (min: number, short: string, max: number, tooLong: string) =>
  z.string({ error: short }).trim().min(min, short).max(max, tooLong);

/** How many international students a university has, as ranges: answered roughly or not at all. */
export const STUDENT_RANGES = [
  { value: "under-500", label: "Fewer than 500" },
  { value: "500-1999", label: "500 to 1,999" },
  { value: "2000-4999", label: "2,000 to 4,999" },
  { value: "5000-9999", label: "5,000 to 9,999" },
  { value: "10000-plus", label: "10,000 or more" },
] as const;
const RANGE_VALUES = STUDENT_RANGES.map((r) => r.value) as [string, ...string[]];

export const PARTNER_MESSAGE = { min: 10, max: 5000 } as const;

export const PartnerSchema = z.object({
  name: FullNameField,
  email: EmailField,
  organisation: required(
    "Enter your university or organisation",
    150,
    "The university or organisation must be 150 characters or fewer",
  ),
  job_title: required("Enter your job title", 120, "Your job title must be 120 characters or fewer"),
  students: z
    .union([z.literal(""), z.enum(RANGE_VALUES)], { error: "Choose one of the ranges, or leave it empty" })
    .optional()
    .default(""),
  message: longText(
    PARTNER_MESSAGE.min,
    `Tell us what you would like: at least ${PARTNER_MESSAGE.min} characters`,
    PARTNER_MESSAGE.max,
    `Your message must be ${PARTNER_MESSAGE.max.toLocaleString("en-GB")} characters or fewer`,
  ),
});
export type PartnerInput = z.output<typeof PartnerSchema>;
/** The fields in the order the form shows them (the error summary's order), and the values kept after a refusal. */
export const PARTNER_FIELDS = ["name", "email", "organisation", "job_title", "students", "message"] as const;
export type PartnerField = (typeof PARTNER_FIELDS)[number];

export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
/** How many years ahead a student may expect to graduate, counting this year as the first. */
export const GRADUATION_YEARS = 7;
export const AMBASSADOR_WHY = { min: 50, max: 3000 } as const;

/** The years a student may choose as their expected graduation, from `thisYear`. */
export const graduationYears = (thisYear: number) => Array.from({ length: GRADUATION_YEARS }, (_, i) => thisYear + i);

/**
 * The campus ambassadors' form. The graduation year is one of the years offered from `thisYear`
 * (the server's UK year, so the page and the check agree); the month is optional.
 */
export function ambassadorSchema(thisYear: number) {
  const years = graduationYears(thisYear).map(String);
  return z
    .object({
      name: FullNameField,
      email: EmailField,
      university: required("Enter your university", 150, "Your university must be 150 characters or fewer"),
      course: required("Enter your course", 150, "Your course must be 150 characters or fewer"),
      graduation_month: z
        .string()
        .trim()
        .optional()
        .default("")
        .refine((m) => m === "" || /^(0?[1-9]|1[0-2])$/.test(m), "Choose a month from the list, or leave it empty"),
      graduation_year: z
        .string({ error: "Choose the year you expect to graduate" })
        .trim()
        .refine((y) => years.includes(y), "Choose the year you expect to graduate"),
      why: longText(
        AMBASSADOR_WHY.min,
        `Tell us why you would like to be an ambassador: at least ${AMBASSADOR_WHY.min} characters`,
        AMBASSADOR_WHY.max,
        `Tell us in ${AMBASSADOR_WHY.max.toLocaleString("en-GB")} characters or fewer`,
      ),
    })
    .transform(({ graduation_month, graduation_year, ...rest }) => ({
      ...rest,
      /** "2027-06", or "2027" without a month. */
      graduation: graduation_month ? `${graduation_year}-${graduation_month.padStart(2, "0")}` : graduation_year,
    }));
}
export type AmbassadorInput = z.output<ReturnType<typeof ambassadorSchema>>;
export const AMBASSADOR_FIELDS = [
  "name",
  "email",
  "university",
  "course",
  "graduation_month",
  "graduation_year",
  "why",
] as const;
export type AmbassadorField = (typeof AMBASSADOR_FIELDS)[number];

/** "June 2027", or "2027" without a month. */
export function graduationLabel(graduation: string): string {
  const [year, month] = graduation.split("-");
  return month ? `${MONTHS[Number(month) - 1]} ${year}` : year!;
}
