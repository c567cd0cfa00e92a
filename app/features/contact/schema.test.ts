import type { CountryCode } from "libphonenumber-js/core";
import { describe, expect, it } from "vitest";
import { parsePhone, phoneErrorMessage } from "~/features/phone/parse";
import { ContactSchema, validateContact } from "./schema";

const GOOD = {
  name: "Amara Okafor",
  email: "amara@example.com",
  phone: "",
  phone_text: "",
  phone_country: "GB",
  subject: "Access for our careers service",
  message: "We would like to give our students access to the platform.",
};

const errorsOf = (raw: Record<string, unknown>) => {
  const r = validateContact(raw);
  if (r.success) throw new Error(`expected errors, got ${JSON.stringify(r.data)}`);
  return r.fieldErrors;
};
const dataOf = (raw: Record<string, unknown>) => {
  const r = validateContact(raw);
  if (!r.success) throw new Error(`expected success, got ${JSON.stringify(r.fieldErrors)}`);
  return r.data;
};

describe("the Contact us form", () => {
  it("accepts a good enquiry without a phone, trimmed, with only the fields it stores", () => {
    const data = dataOf({ ...GOOD, name: "  Amara Okafor ", email: " amara@example.com ", website: "" });
    expect(data).toEqual({
      name: "Amara Okafor",
      email: "amara@example.com",
      phone: null,
      subject: "Access for our careers service",
      message: "We would like to give our students access to the platform.",
    });
  });

  it("reads FormData entries as the action does", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...GOOD, phone_text: "020 7946 0000" })) form.set(k, v);
    expect(ContactSchema.parse(Object.fromEntries(form))).toMatchObject({ phone: "+442079460000" });
  });

  it.each([
    ["name", "", "Enter your name"],
    ["name", "   ", "Enter your name"],
    ["name", undefined, "Enter your name"],
    ["email", "", "Enter your email address"],
    ["email", "amara", "Enter an email address in the right format, like name@example.com"],
    ["email", "amara@", "Enter an email address in the right format, like name@example.com"],
    ["email", "amara @example.com", "Enter an email address in the right format, like name@example.com"],
    ["subject", "", "Enter a subject"],
    ["subject", null, "Enter a subject"],
    ["message", "", "Tell us how we can help: at least 10 characters"],
    ["message", "Help me     ", "Tell us how we can help: at least 10 characters"],
  ])("%s %j: %s", (field, value, message) => {
    expect(errorsOf({ ...GOOD, [field]: value })).toEqual({ [field]: message });
  });

  it.each([
    ["name", 121, 120, "Your name must be 120 characters or fewer"],
    ["subject", 151, 150, "The subject must be 150 characters or fewer"],
    ["message", 5001, 5000, "Your message must be 5,000 characters or fewer"],
  ])("%s: %i characters are too many, %i are fine", (field, over, limit, message) => {
    expect(errorsOf({ ...GOOD, [field]: "a".repeat(over) })).toEqual({ [field]: message });
    expect(dataOf({ ...GOOD, [field]: "a".repeat(limit) })[field as "name"]).toHaveLength(limit);
  });

  it("refuses an email address over 254 characters", () => {
    const email = `${"a".repeat(64)}@${"b".repeat(185)}.com`;
    expect(email).toHaveLength(254);
    expect(validateContact({ ...GOOD, email }).success).toBe(true);
    expect(errorsOf({ ...GOOD, email: `a${email}` })).toEqual({ email: "Email addresses are at most 254 characters" });
  });

  it("shows every field's error at once, the phone's too", () => {
    const errors = errorsOf({
      name: "",
      email: "x",
      phone_text: "12345",
      phone_country: "GB",
      subject: "",
      message: "short",
    });
    expect(Object.keys(errors).sort()).toEqual(["email", "message", "name", "phone", "subject"]);
  });
});

describe("the phone number", () => {
  it("uses the E.164 number of the phone input when JavaScript ran", () => {
    expect(dataOf({ ...GOOD, phone: "+442079460000", phone_text: "020 7946 0000", phone_country: "GB" }).phone).toBe(
      "+442079460000",
    );
    // The E.164 wins over the text: it is what the input showed as valid.
    expect(dataOf({ ...GOOD, phone: "+35312345678", phone_text: "whatever", phone_country: "GB" }).phone).toBe(
      "+35312345678",
    );
  });

  it("parses the typed text with the selected country otherwise, and stores E.164", () => {
    expect(dataOf({ ...GOOD, phone_text: "020 7946 0000", phone_country: "GB" }).phone).toBe("+442079460000");
    expect(dataOf({ ...GOOD, phone_text: "01 234 5678", phone_country: "IE" }).phone).toBe("+35312345678");
    expect(dataOf({ ...GOOD, phone_text: "01 234 5678", phone_country: "ie" }).phone).toBe("+35312345678");
    expect(dataOf({ ...GOOD, phone_text: "+353 1 234 5678", phone_country: "GB" }).phone).toBe("+35312345678");
    expect(dataOf({ ...GOOD, phone_text: "+61 2 9374 4000" }).phone).toBe("+61293744000");
  });

  it("falls back to the text when the hidden field is not E.164", () => {
    expect(dataOf({ ...GOOD, phone: "not a number", phone_text: "020 7946 0000", phone_country: "GB" }).phone).toBe(
      "+442079460000",
    );
  });

  it("is optional", () => {
    expect(dataOf({ ...GOOD, phone: "", phone_text: "   " }).phone).toBeNull();
    const { phone: _p, phone_text: _t, phone_country: _c, ...withoutPhone } = GOOD;
    expect(dataOf(withoutPhone).phone).toBeNull();
  });

  it.each([
    ["12345", "GB"],
    ["abc", "GB"],
    ["020 7946 0000 12345", "GB"],
    ["020 7946 000", "GB"],
    ["07700 900123", "GB"],
    ["020 7946 0000", ""],
    ["020 7946 0000", "XX"],
    ["+999 123 4567", "GB"],
  ])("refuses %j (country %j) with the phone parser's message", (text, country) => {
    const expected = phoneErrorMessage(
      parsePhone(text, { country: (country || undefined) as CountryCode | undefined }),
    );
    expect(expected).toBeTruthy();
    expect(errorsOf({ ...GOOD, phone_text: text, phone_country: country })).toEqual({ phone: expected });
  });

  it("names the kind of problem", () => {
    expect(errorsOf({ ...GOOD, phone_text: "12345", phone_country: "GB" }).phone).toBe(
      "This phone number is too short. Check you have typed all of it.",
    );
    expect(errorsOf({ ...GOOD, phone_text: "020 7946 0000", phone_country: "" }).phone).toBe(
      "Choose the country of this number, or start it with + and the country code.",
    );
  });

  it("refuses an E.164 number that is not valid, even from the hidden field", () => {
    expect(errorsOf({ ...GOOD, phone: "+4412", phone_text: "" }).phone).toBe(
      "This phone number is too short. Check you have typed all of it.",
    );
  });

  it("refuses text longer than the input allows", () => {
    expect(errorsOf({ ...GOOD, phone_text: `020 7946 0000${" ".repeat(10)}0000`, phone_country: "GB" })).toEqual({
      phone: "A phone number is at most 25 characters",
    });
  });
});
