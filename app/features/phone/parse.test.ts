import { type CountryCode, getCountries, getExampleNumber } from "libphonenumber-js/core";
import examples from "libphonenumber-js/examples.mobile.json";
import metadata from "libphonenumber-js/metadata.max.json";
import { describe, expect, it, vi } from "vitest";
import { PHONE_TEXT_LIMIT, displayPhone, isCountryAllowed, parsePhone, phoneErrorMessage, resolveMode } from "./parse";

const REGIONS = getCountries(metadata);
const example = (country: CountryCode) => getExampleNumber(country, examples, metadata)!;

describe("parsePhone on every region libphonenumber knows", () => {
  it("has an example for each of the 245 regions", () => {
    expect(REGIONS.length).toBe(245);
    for (const r of REGIONS) expect(example(r), r).toBeTruthy();
  });

  it.each(REGIONS)("%s: its example is valid, typed internationally or nationally", (region) => {
    const n = example(region);
    const intl = parsePhone(n.formatInternational());
    expect(intl.result).toMatchObject({
      valid: true,
      possible: true,
      countryCode: n.countryCallingCode,
      nationalNumber: n.nationalNumber,
    });
    expect(intl.e164).toBe(n.number);
    expect(intl.error).toBeNull();
    const national = parsePhone(n.formatNational(), { country: region });
    expect(national.result.valid).toBe(true);
    expect(national.e164).toBe(n.number);
  });

  it.each(REGIONS)("%s: cut to two digits is too short, with ten more digits too long", (region) => {
    const n = example(region);
    const short = parsePhone(`+${n.countryCallingCode}${n.nationalNumber.slice(0, 2)}`);
    expect(short.result.valid).toBe(false);
    expect(short.error).toBe("TOO_SHORT");
    const long = parsePhone(`+${n.countryCallingCode}${n.nationalNumber}1234567890`);
    expect(long.result.valid).toBe(false);
    expect(long.error).toBe("TOO_LONG");
    expect(long.e164).toBeNull();
  });

  it.each(REGIONS)("%s: typed nationally under another dial code is not this region's number", (region) => {
    const n = example(region);
    const other: CountryCode = n.countryCallingCode === "44" ? "FR" : "GB";
    const parsed = parsePhone(n.formatNational(), { country: other });
    expect(parsed.result.country).not.toBe(region);
    expect(parsed.e164).not.toBe(n.number);
  });
});

describe("parse errors of spec section 5", () => {
  it("NOT_A_NUMBER for text without a number", () => {
    expect(parsePhone("hello", { country: "GB" }).error).toBe("NOT_A_NUMBER");
  });
  it("INVALID_COUNTRY for national text without a country, or an unknown dial code", () => {
    expect(parsePhone("020 7946 0000").error).toBe("INVALID_COUNTRY");
    expect(parsePhone("+999 1234 5678").error).toBe("INVALID_COUNTRY");
  });
  it("TOO_LONG for text over 250 characters, which is refused unparsed", () => {
    const text = "+44 20 7946 0000" + " ".repeat(PHONE_TEXT_LIMIT);
    const r = parsePhone(text);
    expect(r.error).toBe("TOO_LONG");
    expect(r.result).toEqual({
      country: undefined,
      countryCode: undefined,
      formatted: text,
      valid: false,
      possible: false,
      nationalNumber: undefined,
    });
  });
  it("accepts the same number at exactly 250 characters", () => {
    const text = "+44 20 7946 0000".padEnd(PHONE_TEXT_LIMIT, " ");
    expect(parsePhone(text).result.valid).toBe(true);
  });
});

describe("modes", () => {
  it("auto is international with a leading + and national otherwise", () => {
    expect(resolveMode("auto", "+44 20")).toBe("international");
    expect(resolveMode("auto", "020")).toBe("national");
    expect(resolveMode(undefined, " +1")).toBe("international");
  });
  it("formats a valid number in the mode's style", () => {
    expect(parsePhone("020 7946 0000", { country: "GB" }).result.formatted).toBe("020 7946 0000");
    expect(parsePhone("020 7946 0000", { country: "GB", mode: "international" }).result.formatted).toBe(
      "+44 20 7946 0000",
    );
    expect(parsePhone("+44 20 7946 0000", { mode: "national" }).result.formatted).toBe("020 7946 0000");
    expect(parsePhone("+442079460000").result.formatted).toBe("+44 20 7946 0000");
  });
  it("leaves an invalid number as typed", () => {
    expect(parsePhone("020 79", { country: "GB" }).result.formatted).toBe("020 79");
  });
  it("logs an error for an invalid mode and uses international", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(parsePhone("020 7946 0000", { country: "GB", mode: "sideways" }).result.formatted).toBe("+44 20 7946 0000");
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Invalid phone input mode "sideways"'));
    log.mockRestore();
  });
});

describe("options", () => {
  it("onlyCountries and ignoredCountries make an excluded country's number invalid", () => {
    const fr = "+33 6 12 34 56 78";
    expect(parsePhone(fr).result.valid).toBe(true);
    const only = parsePhone(fr, { onlyCountries: ["GB", "IE"] });
    expect(only.result).toMatchObject({ valid: false, country: undefined });
    expect(only.error).toBe("INVALID_COUNTRY");
    expect(parsePhone(fr, { ignoredCountries: ["fr"] }).result.valid).toBe(false);
    expect(parsePhone(fr, { onlyCountries: ["FR"], ignoredCountries: ["GB"] }).result.valid).toBe(true);
    expect(isCountryAllowed("gb", { onlyCountries: ["GB"] })).toBe(true);
  });
  it("validCharactersOnly refuses letters and other symbols, off by default", () => {
    expect(parsePhone("020 7946 0000 ext", { country: "GB" }).result.valid).toBe(true);
    const strict = parsePhone("020 7946 0000 ext", { country: "GB", validCharactersOnly: true });
    expect(strict.result.valid).toBe(false);
    expect(strict.error).toBe("NOT_A_NUMBER");
    expect(parsePhone("(020) 7946-0000", { country: "GB", validCharactersOnly: true }).result.valid).toBe(true);
  });
  it("customValidate must match too, off by default", () => {
    const onlyLondon = /^(\+44\s?20|020)/;
    expect(parsePhone("0161 496 0000", { country: "GB", customValidate: onlyLondon }).result.valid).toBe(false);
    expect(parsePhone("020 7946 0000", { country: "GB", customValidate: onlyLondon }).result.valid).toBe(true);
    expect(parsePhone("0161 496 0000", { country: "GB", customValidate: false }).result.valid).toBe(true);
  });
});

describe("phoneErrorMessage", () => {
  it("explains each kind, prefers a custom message, and says nothing for a valid number", () => {
    expect(phoneErrorMessage(parsePhone("0207", { country: "GB" }))).toMatch(/too short/);
    expect(phoneErrorMessage(parsePhone("+4420794600001234567"))).toMatch(/too long/);
    expect(phoneErrorMessage(parsePhone("abc", { country: "GB" }))).toMatch(/using digits/);
    expect(phoneErrorMessage(parsePhone("0207", { country: "GB" }), "Check the number")).toBe("Check the number");
    expect(phoneErrorMessage(parsePhone("020 7946 0000", { country: "GB" }))).toBeNull();
  });
});

describe("displayPhone", () => {
  it("writes a stored E.164 number as people read it, and leaves anything else as written", () => {
    expect(displayPhone("+447911123456")).toBe("+44 7911 123456");
    expect(displayPhone(" +14155552671 ")).toBe("+1 415 555 2671");
    expect(displayPhone("07911 123456")).toBe("07911 123456");
    expect(displayPhone("+44 not a number")).toBe("+44 not a number");
  });
});
