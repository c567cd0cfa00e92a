import type { CountryCode } from "libphonenumber-js/core";
import { z } from "zod";
import { PHONE_INPUT_MAXLENGTH, parsePhone, phoneErrorMessage } from "~/features/phone/parse";

/** The fields of the Contact us form, as the form posts them (the honeypot aside). */
export const CONTACT_FIELDS = ["name", "email", "phone", "phone_text", "phone_country", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Fields that can carry an error: the three phone inputs answer as one field, "phone". */
export type ContactErrorField = "name" | "email" | "phone" | "subject" | "message";
export type ContactFieldErrors = Partial<Record<ContactErrorField, string>>;

export const CONTACT_LIMITS = { name: 120, email: 254, subject: 150, messageMin: 10, message: 5000 } as const;

const E164 = /^\+[1-9]\d{1,14}$/;
const ISO_ALPHA2 = /^[A-Z]{2}$/;

const MESSAGES = {
  name: "Enter your name",
  nameTooLong: `Your name must be ${CONTACT_LIMITS.name} characters or fewer`,
  email: "Enter your email address",
  emailFormat: "Enter an email address in the right format, like name@example.com",
  emailTooLong: `Email addresses are at most ${CONTACT_LIMITS.email} characters`,
  phoneInvalid: "Enter a valid phone number, or leave it empty",
  phoneTooLong: `A phone number is at most ${PHONE_INPUT_MAXLENGTH} characters`,
  subject: "Enter a subject",
  subjectTooLong: `The subject must be ${CONTACT_LIMITS.subject} characters or fewer`,
  message: `Tell us how we can help: at least ${CONTACT_LIMITS.messageMin} characters`,
  messageTooLong: `Your message must be ${CONTACT_LIMITS.message.toLocaleString("en-GB")} characters or fewer`,
} as const;

/** Anything but text (a missing field, a file) counts as empty. */
const optionalText = z.unknown().transform((v) => (typeof v === "string" ? v.trim() : ""));

/**
 * The optional phone number, from the three inputs the phone field posts: `phone` (E.164, set by
 * the phone input once JavaScript has run and the number is valid), `phone_text` (what was typed)
 * and `phone_country` (the selected country). Gives the number in E.164, or null when none was given.
 */
const PhoneSchema = z
  .object({ e164: optionalText, text: optionalText, country: optionalText })
  .transform(({ e164, text, country }, ctx): string | null => {
    let candidate: string;
    let defaultCountry: CountryCode | undefined;
    if (E164.test(e164)) {
      candidate = e164;
    } else if (text) {
      if (text.length > PHONE_INPUT_MAXLENGTH) {
        ctx.issues.push({ code: "custom", message: MESSAGES.phoneTooLong, input: text });
        return z.NEVER;
      }
      candidate = text;
      const upper = country.toUpperCase();
      defaultCountry = ISO_ALPHA2.test(upper) ? (upper as CountryCode) : undefined;
    } else {
      return null;
    }
    const parse = parsePhone(candidate, { country: defaultCountry });
    if (!parse.e164) {
      ctx.issues.push({ code: "custom", message: phoneErrorMessage(parse) ?? MESSAGES.phoneInvalid, input: candidate });
      return z.NEVER;
    }
    return parse.e164;
  });

const FormSchema = z.object({
  name: z.string({ error: MESSAGES.name }).trim().min(1, MESSAGES.name).max(CONTACT_LIMITS.name, MESSAGES.nameTooLong),
  email: z
    .string({ error: MESSAGES.email })
    .trim()
    .min(1, MESSAGES.email)
    .max(CONTACT_LIMITS.email, MESSAGES.emailTooLong)
    .pipe(z.email(MESSAGES.emailFormat)),
  phone: PhoneSchema,
  subject: z.string({ error: MESSAGES.subject }).trim().min(1, MESSAGES.subject).max(CONTACT_LIMITS.subject, MESSAGES.subjectTooLong),
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
export const ContactSchema = z.preprocess((raw) => {
  if (typeof raw !== "object" || raw === null) return raw;
  const r = raw as Record<string, unknown>;
  return { ...r, phone: { e164: r.phone, text: r.phone_text, country: r.phone_country } };
}, FormSchema);

export type ContactInput = z.output<typeof FormSchema>;

export type ContactValidation = { success: true; data: ContactInput } | { success: false; fieldErrors: ContactFieldErrors };

/** Validates the posted fields; on failure the first message of each field, in the form's order. */
export function validateContact(raw: Record<string, unknown>): ContactValidation {
  const parsed = ContactSchema.safeParse(raw);
  if (parsed.success) return { success: true, data: parsed.data };
  const fieldErrors: ContactFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactErrorField;
    fieldErrors[field] ??= issue.message;
  }
  return { success: false, fieldErrors };
}
