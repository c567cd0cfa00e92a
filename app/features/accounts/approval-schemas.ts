import { z } from "zod";
import { EmailField } from "~/lib/email-field";
import { FullNameField } from "~/lib/name-field";
import { CourseField } from "./course-field";

/** The oldest graduation year the alumni form takes: older graduates ask the careers service. */
export const FIRST_ALUMNI_YEAR = 1950;

export const ALUMNI_FIELDS = ["name", "email", "course", "graduation_year"] as const;
export type AlumniField = (typeof ALUMNI_FIELDS)[number];

/** A graduate's registration: any address (their university one has often closed), the course and the year they graduated. */
export function alumniSchema(today: Date) {
  const thisYear = today.getUTCFullYear();
  const yearProblem = `Enter the year you graduated, from ${FIRST_ALUMNI_YEAR} to ${thisYear}`;
  return z.object({
    name: FullNameField,
    email: EmailField,
    course: CourseField,
    graduation_year: z
      .string({ error: "Enter the year you graduated" })
      .trim()
      .min(1, "Enter the year you graduated")
      .regex(/^\d{4}$/, "Enter the year you graduated as four digits, like 2022")
      .transform(Number)
      .refine((year) => year >= FIRST_ALUMNI_YEAR && year <= thisYear, yearProblem),
  });
}

export const STAFF_FIELDS = ["university", "name", "email", "job_title"] as const;
export type StaffField = (typeof STAFF_FIELDS)[number];

/** University staff asking for an administrator account of one of the universities offered (their slugs). */
export function staffSchema(universitySlugs: ReadonlySet<string>) {
  return z.object({
    university: z
      .string({ error: "Choose your university" })
      .refine((slug) => universitySlugs.has(slug), "Choose your university from the list"),
    name: FullNameField,
    email: EmailField,
    job_title: z
      .string({ error: "Enter your job title" })
      .trim()
      .min(2, "Enter your job title")
      .max(100, "Job titles are at most 100 characters"),
  });
}
