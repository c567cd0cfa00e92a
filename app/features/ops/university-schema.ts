import "~/lib/zod-jitless";
import { z } from "zod";
import { brandColourField, emailDomainsField, isEmailDomain } from "~/features/university-profile";

/**
 * The console's university forms: its details (create and edit), its plan (a sensitive change of its
 * own form), checked at the edge. Whether a slug or microsite host is another university's is the
 * database's to say (university-records.server.ts).
 */

export const DETAIL_FIELDS = [
  "name",
  "slug",
  "country",
  "email_domains",
  "microsite_host",
  "alumni_access_months",
  "self_registration",
] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export const NEW_UNIVERSITY_FIELDS = [...DETAIL_FIELDS, "brand_colour"] as const;
export type NewUniversityField = (typeof NEW_UNIVERSITY_FIELDS)[number];

/** The plan's parts, by their form field and column, as the console names them. */
export const PLAN_PARTS = [
  { field: "plan_career_hub", column: "planCareerHub", label: "Career hub" },
  { field: "plan_cih_premium", column: "planCihPremium", label: "Premium career hub" },
  { field: "plan_country_guides", column: "planCountryGuides", label: "Country guides" },
] as const;
export const PLAN_FIELDS = PLAN_PARTS.map((p) => p.field);
export type Plan = Record<(typeof PLAN_PARTS)[number]["column"], boolean>;

/** Lower-case letters, digits and single inner hyphens; not digits alone, which a path reads as an id. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const slugField = z
  .string({ error: "Enter the slug" })
  .trim()
  .toLowerCase()
  .min(1, "Enter the slug, like demo-university: it names the university in addresses")
  .max(60, "The slug is at most 60 characters")
  .refine(
    (slug) => SLUG.test(slug),
    "The slug takes lower-case letters, digits and hyphens between them, like demo-university",
  )
  .refine((slug) => /[a-z]/.test(slug), "The slug needs a letter: digits alone are read as a university's number");

/** A host name as a Host header names it: lower-cased, no scheme, port or path; never the main site's own. */
const micrositeHostField = (mainHost: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(253, "A host name is at most 253 characters")
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      if (!isEmailDomain(value)) {
        ctx.addIssue({
          code: "custom",
          message: "Enter the microsite's host name alone, like careers.demo.ac.uk (no https://, port or path)",
        });
        return z.NEVER;
      }
      if (value === mainHost) {
        ctx.addIssue({ code: "custom", message: `${value} is the platform's own address, not a microsite's` });
        return z.NEVER;
      }
      return value;
    });

const alumniMonthsField = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const months = Number(value);
    if (!/^\d+$/.test(value) || months < 1 || months > 600) {
      ctx.addIssue({ code: "custom", message: "Enter a whole number of months from 1 to 600, or leave it empty" });
      return z.NEVER;
    }
    return months;
  });

const countryField = z
  .string({ error: "Choose the university's country" })
  .regex(/^\d{1,9}$/, "Choose the university's country")
  .transform(Number);

/** A checkbox: "on" when ticked, absent (or empty, as kept values have it) when not. */
const ticked = z
  .string()
  .optional()
  .transform((v) => v === "on");

const detailsShape = (mainHost: string) => ({
  name: z
    .string({ error: "Enter the university's name" })
    .trim()
    .min(1, "Enter the university's name")
    .max(120, "The name is at most 120 characters"),
  slug: slugField,
  country: countryField,
  email_domains: emailDomainsField,
  microsite_host: micrositeHostField(mainHost),
  alumni_access_months: alumniMonthsField,
  self_registration: ticked,
});

/** The form's fields as the university's columns (the names the audit log keeps). */
const asColumns = (d: z.output<z.ZodObject<ReturnType<typeof detailsShape>>>) => ({
  name: d.name,
  slug: d.slug,
  countryId: d.country,
  emailDomains: d.email_domains,
  micrositeHost: d.microsite_host,
  alumniAccessMonths: d.alumni_access_months,
  selfRegistrationOpen: d.self_registration,
});

export const detailsSchema = (mainHost: string) => z.object(detailsShape(mainHost)).transform(asColumns);
export type UniversityDetails = z.output<ReturnType<typeof detailsSchema>>;

export const newUniversitySchema = (mainHost: string) =>
  z
    .object({ ...detailsShape(mainHost), brand_colour: brandColourField })
    .transform((d) => ({ ...asColumns(d), brandColour: d.brand_colour }));
export type NewUniversity = z.output<ReturnType<typeof newUniversitySchema>>;

export const planSchema = z
  .object({ plan_career_hub: ticked, plan_cih_premium: ticked, plan_country_guides: ticked })
  .transform(
    (p): Plan => ({
      planCareerHub: p.plan_career_hub,
      planCihPremium: p.plan_cih_premium,
      planCountryGuides: p.plan_country_guides,
    }),
  );

export const colourSchema = z.object({ brand_colour: brandColourField });
