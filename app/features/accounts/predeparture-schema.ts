import { z } from "zod";
import { FullNameField } from "~/lib/name-field";
import { OptionalPhoneSchema, groupPhoneFields } from "~/features/phone";
import { EmailField } from "~/lib/email-field";
import { CurrentPasswordField } from "./profile-schema";

export const PREDEPARTURE_FIELDS = ["name", "email", "course", "course_start"] as const;
export type PredepartureField = (typeof PREDEPARTURE_FIELDS)[number];

/** Pre-departure registration: any address, and the offer (its course and the day it starts, within the next three years). */
export function predepartureSchema(today: Date) {
  const year = today.getUTCFullYear();
  return z.object({
    name: FullNameField,
    email: EmailField,
    course: z
      .string({ error: "Enter the course of your offer" })
      .trim()
      .min(2, "Enter the course of your offer")
      .max(200, "Course names are at most 200 characters"),
    course_start: z
      .string({ error: "Enter the date your course starts, like 2027-09-21" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date your course starts, like 2027-09-21")
      .refine((v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      }, "Enter a real date, like 2027-09-21")
      .refine(
        (v) => Number(v.slice(0, 4)) >= year - 1 && Number(v.slice(0, 4)) <= year + 3,
        `Enter a start date between ${year - 1} and ${year + 3}`,
      ),
  });
}

export const PREDEPARTURE_PROFILE_FIELDS = [
  "name",
  "email",
  "current_password",
  "phone",
  "home_country",
  "course",
  "course_start",
] as const;
export type PredepartureProfileField = (typeof PREDEPARTURE_PROFILE_FIELDS)[number];

/** /jumpstart-edit-profile: the registration's answers, with the phone and home country. */
export function predepartureProfileSchema(countryIds: ReadonlySet<number>, today: Date) {
  return z.preprocess(
    groupPhoneFields,
    predepartureSchema(today).extend({
      current_password: CurrentPasswordField,
      phone: OptionalPhoneSchema,
      home_country: z
        .string()
        .default("")
        .refine(
          (v) => v === "" || (/^\d{1,4}$/.test(v) && countryIds.has(Number(v))),
          "Choose your home country from the list",
        )
        .transform((v) => (v === "" ? null : Number(v))),
    }),
  );
}

export type PredepartureProfileInput = z.output<ReturnType<typeof predepartureProfileSchema>>;
