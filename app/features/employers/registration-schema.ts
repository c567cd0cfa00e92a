import { z } from "zod";
import { EmailField } from "~/lib/email-field";
import { FullNameField } from "~/lib/name-field";
import { websiteDomainOf } from "./verification";

/** `organisation_website`, not `website`: that name is the public forms' honeypot. */
export const EMPLOYER_FIELDS = ["organisation_name", "organisation_website", "name", "email"] as const;
export type EmployerField = (typeof EMPLOYER_FIELDS)[number];

export const EmployerRegistrationSchema = z
  .object({
    organisation_name: z
      .string({ error: "Enter your organisation's name" })
      .trim()
      .min(2, "Enter your organisation's name")
      .max(160, "The organisation's name is at most 160 characters"),
    organisation_website: z
      .string({ error: "Enter your organisation's website" })
      .trim()
      .min(1, "Enter your organisation's website")
      .max(200, "The website is at most 200 characters")
      .refine((w) => websiteDomainOf(w) !== null, "Enter your organisation's website, like www.example.com"),
    name: FullNameField,
    email: EmailField,
  })
  .transform((v) => ({ ...v, websiteDomain: websiteDomainOf(v.organisation_website)! }));

export type EmployerRegistration = z.output<typeof EmployerRegistrationSchema>;
