import { type Validation, validate } from "~/lib/validation";
import { z } from "zod";
import "~/lib/zod-jitless";
import { EmailField } from "~/lib/email-field";
import { OptionalPhoneSchema, groupPhoneFields } from "~/features/phone";

/** The fields of the Contact us form, as the form posts them (the honeypot aside). */
export const CONTACT_FIELDS = ["name", "email", "phone", "phone_text", "phone_country", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Fields that can carry an error: the three phone inputs answer as one field, "phone". */
export type ContactErrorField = "name" | "email" | "phone" | "subject" | "message";
export type ContactFieldErrors = Partial<Record<ContactErrorField, string>>;

export const CONTACT_LIMITS = { name: 120, subject: 150, messageMin: 10, message: 5000 } as const;

const MESSAGES = {
  name: "Enter your name",
  nameTooLong: `Your name must be ${CONTACT_LIMITS.name} characters or fewer`,
  subject: "Enter a subject",
  subjectTooLong: `The subject must be ${CONTACT_LIMITS.subject} characters or fewer`,
  message: `Tell us how we can help: at least ${CONTACT_LIMITS.messageMin} characters`,
  messageTooLong: `Your message must be ${CONTACT_LIMITS.message.toLocaleString("en-GB")} characters or fewer`,
} as const;

const FormSchema = z.object({
  name: z.string({ error: MESSAGES.name }).trim().min(1, MESSAGES.name).max(CONTACT_LIMITS.name, MESSAGES.nameTooLong),
  email: EmailField,
  phone: OptionalPhoneSchema,
  subject: z
    .string({ error: MESSAGES.subject })
    .trim()
    .min(1, MESSAGES.subject)
    .max(CONTACT_LIMITS.subject, MESSAGES.subjectTooLong),
  message: z
    .string({ error: MESSAGES.message })
    .trim()
    .min(CONTACT_LIMITS.messageMin, MESSAGES.message)
    .max(CONTACT_LIMITS.message, MESSAGES.messageTooLong),
});

/**
 * The Contact us form, from the fields as posted (`Object.fromEntries(formData)`). The phone's
 * three inputs are judged together so that every field's error shows at once.
 */
export const ContactSchema = z.preprocess(groupPhoneFields, FormSchema);

export type ContactInput = z.output<typeof FormSchema>;

/** Validates the posted fields; on failure the first message of each field. */
export const validateContact = (raw: Record<string, unknown>): Validation<ContactInput, ContactErrorField> =>
  validate(ContactSchema, raw);
