import { COUNTRIES } from "~/db/seed/countries";

/** Phone country list order for forms: the deployment's own country first, then the product's other countries. */
export function preferredPhoneCountries(systemCountryId: number): string[] {
  const own = COUNTRIES.find((c) => c.id === systemCountryId)?.iso2;
  return [...new Set([own, "GB", "IE", "AU", "CA"].filter((c): c is string => !!c))];
}
