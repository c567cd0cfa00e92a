import type { CountryCode } from "libphonenumber-js/core";
import { z } from "zod";
import { PHONE_INPUT_MAXLENGTH, parsePhone, phoneErrorMessage } from "./parse";

const E164 = /^\+[1-9]\d{1,14}$/;
const ISO_ALPHA2 = /^[A-Z]{2}$/;

const MESSAGES = {
  phoneInvalid: "Enter a valid phone number, or leave it empty",
  phoneTooLong: `A phone number is at most ${PHONE_INPUT_MAXLENGTH} characters`,
} as const;

/** Anything but text (a missing field, a file) counts as empty. */
const optionalText = z.unknown().transform((v) => (typeof v === "string" ? v.trim() : ""));

/**
 * An optional phone number from the three inputs PhoneInput posts: `phone` (E.164, set by the
 * input once JavaScript has run and the number is valid), `phone_text` (what was typed) and
 * `phone_country` (the selected country). Gives the number in E.164, or null when none was given.
 */
export const OptionalPhoneSchema = z
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

/** For z.preprocess: gathers a form's phone, phone_text and phone_country into one `phone` field. */
export function groupPhoneFields(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null) return raw;
  const r = raw as Record<string, unknown>;
  return { ...r, phone: { e164: r.phone, text: r.phone_text, country: r.phone_country } };
}
