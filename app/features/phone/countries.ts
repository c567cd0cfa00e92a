import { type CountryCode, Metadata, getCountries, getCountryCallingCode } from "libphonenumber-js/core";
import metadata from "libphonenumber-js/metadata.max.json";

/** The country entry of spec section 3. */
export type CountryEntry = {
  name: string;
  iso2: CountryCode;
  dialCode: string;
  /** 0 for the main country of a shared dial code (+1 US, +44 GB, +7 RU), then 1, 2, ... */
  priority: number;
  /**
   * Leading digits the metadata lists for a country that shares its dial code: complete area codes
   * for the +1 countries (not the US, Canada, or the Dominican Republic, whose ranges are patterns),
   * landline prefixes elsewhere (Åland's 18). The parser, not this list, decides a typed number's country.
   */
  areaCodes: string[] | null;
};

const callingCodes = (metadata as { country_calling_codes: Record<string, string[]> }).country_calling_codes;

function areaCodesOf(iso2: CountryCode): string[] | null {
  const plan = new Metadata(metadata);
  plan.selectNumberingPlan(iso2);
  const leading = plan.numberingPlan?.leadingDigits();
  return leading && /^\d+(\|\d+)*$/.test(leading) ? leading.split("|") : null;
}

/** Every region libphonenumber knows, named in `locale` and sorted by name. */
export function buildCountries(locale = "en"): CountryEntry[] {
  const names = new Intl.DisplayNames([locale], { type: "region" });
  return getCountries(metadata)
    .map((iso2) => {
      const dialCode = getCountryCallingCode(iso2, metadata);
      const sharing = callingCodes[dialCode] ?? [iso2];
      return {
        name: names.of(iso2) ?? iso2,
        iso2,
        dialCode,
        priority: Math.max(0, sharing.indexOf(iso2)),
        areaCodes: sharing.length > 1 ? areaCodesOf(iso2) : null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}
