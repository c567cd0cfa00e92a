import {
  type CountryCode,
  ParseError,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
} from "libphonenumber-js/core";
import metadata from "libphonenumber-js/metadata.max.json";

// Shared by the phone input and the server, so both judge a number by the same rules.

/** Spec section 9: the input's maxlength, and the longest text parsed at all. */
export const PHONE_INPUT_MAXLENGTH = 25;
export const PHONE_TEXT_LIMIT = 250;

export const PHONE_MODES = ["auto", "international", "national"] as const;
export type PhoneMode = (typeof PHONE_MODES)[number];

export const PHONE_ERRORS = ["NOT_A_NUMBER", "INVALID_COUNTRY", "TOO_SHORT", "TOO_LONG"] as const;
export type PhoneError = (typeof PHONE_ERRORS)[number];

/** The phone result of spec section 3, exactly. */
export type PhoneResult = {
  country: CountryCode | undefined;
  countryCode: string | undefined;
  formatted: string;
  valid: boolean;
  possible: boolean;
  nationalNumber: string | undefined;
};

export type PhoneOptions = {
  /** The selected country, for numbers typed without "+". */
  country?: CountryCode;
  /** "auto", "international" or "national"; anything else logs an error and means international. */
  mode?: string;
  onlyCountries?: readonly string[];
  ignoredCountries?: readonly string[];
  /** Refuse text with anything but digits, spaces, parentheses, hyphens and "+". */
  validCharactersOnly?: boolean;
  /** A pattern the text must also match. */
  customValidate?: RegExp | false;
};

export type PhoneParse = {
  result: PhoneResult;
  /** Why the number is not valid, when one of the spec's kinds says it. */
  error: PhoneError | null;
  /** The number in E.164 (+447911123456) when valid, for storing. */
  e164: string | null;
};

const VALID_CHARACTERS = /^[\d\s()+-]*$/;

/** Spec: auto means international when the text starts with "+", else national. */
export function resolveMode(mode: string | undefined, text: string): "international" | "national" {
  if (mode === undefined || mode === "auto") return text.trimStart().startsWith("+") ? "international" : "national";
  if (mode === "international" || mode === "national") return mode;
  console.error(`Invalid phone input mode "${mode}": use auto, international or national. Using international.`);
  return "international";
}

export function isCountryAllowed(
  country: string,
  options: Pick<PhoneOptions, "onlyCountries" | "ignoredCountries">,
): boolean {
  const upper = country.toUpperCase();
  if (options.onlyCountries?.length && !options.onlyCountries.some((c) => c.toUpperCase() === upper)) return false;
  return !options.ignoredCountries?.some((c) => c.toUpperCase() === upper);
}

export function parsePhone(text: string, options: PhoneOptions = {}): PhoneParse {
  const mode = resolveMode(options.mode, text);
  const international = text.trimStart().startsWith("+");
  const unparsed: PhoneResult = {
    country: undefined,
    countryCode: undefined,
    formatted: text,
    valid: false,
    possible: false,
    nationalNumber: undefined,
  };
  let number;
  try {
    number = international
      ? parsePhoneNumberWithError(text, metadata)
      : parsePhoneNumberWithError(text, { defaultCountry: options.country }, metadata);
  } catch (error) {
    if (error instanceof ParseError) return { result: unparsed, error: error.message as PhoneError, e164: null };
    throw error;
  }
  let valid = number.isValid();
  let country = number.country;
  let error: PhoneError | null = null;
  if (country && !isCountryAllowed(country, options)) {
    valid = false;
    country = undefined;
    error = "INVALID_COUNTRY";
  }
  if (options.validCharactersOnly && !VALID_CHARACTERS.test(text)) {
    valid = false;
    error ??= "NOT_A_NUMBER";
  }
  if (options.customValidate && !options.customValidate.test(text)) valid = false;
  if (!valid && !error) {
    const length = validatePhoneNumberLength(number.number, metadata);
    if (length === "TOO_SHORT" || length === "TOO_LONG" || length === "NOT_A_NUMBER" || length === "INVALID_COUNTRY")
      error = length;
  }
  return {
    result: {
      country,
      countryCode: number.countryCallingCode,
      formatted: valid ? number.format(mode === "international" ? "INTERNATIONAL" : "NATIONAL") : text,
      valid,
      possible: number.isPossible(),
      nationalNumber: number.nationalNumber,
    },
    error,
    e164: valid ? number.number : null,
  };
}

/** What to tell the person typing, by the kind of problem. */
export function phoneErrorMessage(parse: PhoneParse, invalidMsg = ""): string | null {
  if (parse.result.valid) return null;
  if (invalidMsg) return invalidMsg;
  switch (parse.error) {
    case "NOT_A_NUMBER":
      return "Enter a phone number using digits, spaces, brackets or hyphens.";
    case "INVALID_COUNTRY":
      return "Choose the country of this number, or start it with + and the country code.";
    case "TOO_SHORT":
      return "This phone number is too short. Check you have typed all of it.";
    case "TOO_LONG":
      return "This phone number is too long. Check for extra digits.";
    default:
      return "This is not a valid phone number for the country chosen. Check the number and the country.";
  }
}

/**
 * A stored number as people read it: "+447911123456" becomes "+44 7911 123456"; text that is not a
 * number in international form stays as written.
 */
export function displayPhone(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith("+")) return trimmed;
  try {
    return parsePhoneNumberWithError(trimmed, metadata).formatInternational();
  } catch {
    return trimmed;
  }
}
