/**
 * Places as providers write them, as the feed's town, region and ISO 3166-1 alpha-2 country. Country names
 * come from the runtime's own English region names, so every country is known, not a hand-kept list.
 */
const REGION_NAMES = new Intl.DisplayNames(["en"], { type: "region" });
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const normal = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[.]/g, "")
    .replace(/^the /, "")
    .replace(/\s+/g, " ")
    .trim();

// Codes the runtime names that are not countries of ISO 3166-1 now: groupings, reservations, former states.
const NOT_COUNTRIES = new Set("AC CP CQ DG EA IC TA EU EZ UN UK QO XA XB DD FX BU CS SU TP YU ZR".split(" "));
const BY_NAME = new Map<string, string>();
for (const a of LETTERS)
  for (const b of LETTERS) {
    const code = a + b;
    const name = REGION_NAMES.of(code);
    // The first code of a name wins: "United Kingdom" is GB, not the reserved UK.
    if (name && name !== code && name !== "Unknown Region" && !BY_NAME.has(normal(name)) && !NOT_COUNTRIES.has(code))
      BY_NAME.set(normal(name), code);
  }
// What job boards write besides the official names.
for (const [name, code] of Object.entries({
  uk: "GB",
  "great britain": "GB",
  britain: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  gbr: "GB",
  usa: "US",
  "united states of america": "US",
  "republic of ireland": "IE",
  uae: "AE",
  deutschland: "DE",
  espana: "ES",
  holland: "NL",
}))
  BY_NAME.set(name, code);

const UK_NATIONS: Record<string, string> = {
  england: "England",
  scotland: "Scotland",
  wales: "Wales",
  "northern ireland": "Northern Ireland",
};

// "Austin, TX": a US state's code where a country would be.
const US_STATES = new Set(
  "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC".split(
    " ",
  ),
);

/** A country name or code ("United Kingdom", "gb", "UK", "Deutschland") as an ISO code; undefined when unknown. */
export function countryCode(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  const trimmed = text.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const code = trimmed.toUpperCase() === "UK" ? "GB" : trimmed.toUpperCase();
    const name = REGION_NAMES.of(code);
    return name && BY_NAME.get(normal(name)) === code ? code : undefined;
  }
  return BY_NAME.get(normal(trimmed));
}

export type Place = { town?: string; region?: string; country?: string };

/**
 * A place written as text: "London", "Manchester, England, United Kingdom", "Austin, TX", "Remote - UK",
 * "Berlin, Germany". The last part is the country when it names one; a UK nation names the UK and is the
 * region. Words about remote work are not a town.
 */
export function placeFromText(text: string | null | undefined): Place {
  const parts = (text ?? "")
    .replace(/\((?:remote|hybrid|on-?site)\)/gi, "")
    .split(/,|\s[-–|]\s/)
    .map((part) => part.trim())
    .filter((part) => part && !/^(remote|hybrid|on-?site|anywhere|flexible|home[\s-]based)$/i.test(part));
  if (parts.length === 0) return {};
  const last = parts.at(-1)!;
  const nation = UK_NATIONS[normal(last)];
  if (nation) {
    parts.pop();
    return { town: parts[0], region: parts.length > 1 ? parts[1] : nation, country: "GB" };
  }
  if (US_STATES.has(last) && parts.length > 1) return { town: parts[0], region: last, country: "US" };
  const country = countryCode(last);
  if (country) {
    parts.pop();
    const nationBefore = parts.length > 1 ? UK_NATIONS[normal(parts.at(-1)!)] : undefined;
    return { town: parts[0], region: nationBefore ?? (parts.length > 1 ? parts[1] : undefined), country };
  }
  return { town: parts[0], region: parts.length > 1 ? parts[1] : undefined };
}

/**
 * Of a job's several places, the one it is listed under: the first in the UK, else the first. The others are
 * not kept (the feed holds one place a job); the description the provider wrote usually names them.
 */
export function firstUkPlace(places: Place[]): Place {
  const known = places.filter((place) => place.town || place.region || place.country);
  return known.find((place) => place.country === "GB") ?? known[0] ?? {};
}
