import type { SponsorLicence } from "~/db/schema/sponsors";
import { type CsvRecord, CsvError, repairMojibake } from "~/lib/csv-reader";
import { slugify } from "~/lib/slug";
import { coreName, normaliseName, splitTradingNames } from "./normalise";
import { RouteSpellings } from "./routes";

/** The register's columns, in the order both the 2021 and the current files have them. */
const REGISTER_HEADER = ["Organisation Name", "Town/City", "County", "Type & Rating", "Route"] as const;

export type RegisterRow = { line: number; name: string; town: string; county: string; licence: SponsorLicence };

/** One organisation of the register with every route and rating it holds. */
export type RegisterOrganisation = {
  orgKey: string;
  slug: string;
  name: string;
  town: string;
  county: string;
  licences: SponsorLicence[];
  routes: string[];
  ratingKeys: string[];
  townKey: string;
  countyKey: string;
  /** The legal name first, then each trading name. */
  names: { isAlias: boolean; full: string; core: string; words: string[] }[];
};

/** Filter keys of ratings, with the label a person reads. */
export const RATING_FILTERS = {
  a: "A rating",
  b: "B rating",
  premium: "Premium",
  "sme-plus": "SME+",
  provisional: "Provisional or probationary",
} as const;
export type RatingKey = keyof typeof RATING_FILTERS;

/** Addresses of the checker that an organisation's slug must not take. */
const RESERVED_SLUGS = new Set(["recent-changes"]);

/** Trimmed, inner runs of spaces made one, stray commas at either end dropped, mis-encoding undone. */
function cleanText(value: string): string {
  return repairMojibake(value)
    .replace(/\s+/g, " ")
    .replace(/^[\s,]+|[\s,]+$/g, "");
}

/** "Worker (A rating)" → type Worker, rating A; "Worker (A (Premium))" → rating "A (Premium)". */
export function parseTypeAndRating(value: string): { type: string; rating: string } | null {
  const m = /^([^()]+?)\s*\((.+)\)$/.exec(cleanText(value));
  if (!m) return null;
  const rating = m[2]!.trim().replace(/\s+rating$/i, "");
  return rating ? { type: m[1]!.trim(), rating } : null;
}

/** The two kinds of licence: for the long-term routes (Worker) and the temporary ones. */
const LICENCE_TYPES = ["Worker", "Temporary Worker"];
/**
 * Ratings the register has used: A or B, A (Premium) and A (SME+), and the provisional and
 * probationary ones. Anything else would be filed under no rating filter and shown as it was
 * written, so a file with one is refused rather than guessed at.
 */
const KNOWN_RATING = /^(?:[AB](?: \((?:Premium|SME ?\+)\))?|.*\b(?:Provisional|Probationary)\b.*)$/i;

/** Why a type and rating read from the file is not one of the register's, or null when it is. */
export function unknownLicence({ type, rating }: { type: string; rating: string }): string | null {
  if (!LICENCE_TYPES.includes(type))
    return `has the licence type ${JSON.stringify(type)}, not ${LICENCE_TYPES.join(" or ")}`;
  if (!KNOWN_RATING.test(rating))
    return `has the rating ${JSON.stringify(rating)}, not one the register uses (A, B, A (Premium), A (SME+), provisional or probationary)`;
  return null;
}

export function ratingKeys(rating: string): RatingKey[] {
  const keys: RatingKey[] = [];
  if (/^A\b/.test(rating)) keys.push("a");
  if (/^B\b/.test(rating)) keys.push("b");
  if (/premium/i.test(rating)) keys.push("premium");
  if (/sme\s*\+/i.test(rating)) keys.push("sme-plus");
  if (/provisional|probationary/i.test(rating)) keys.push("provisional");
  return keys;
}

/** Checks the header line: the five columns, whatever their quoting, spacing or case. */
export function checkHeader(record: CsvRecord | undefined): void {
  if (!record) throw new CsvError(1, "the file is empty");
  const found = record.fields.map((f) => f.trim().toLowerCase());
  while (found.length > REGISTER_HEADER.length && found.at(-1) === "") found.pop();
  const expected = REGISTER_HEADER.map((h) => h.toLowerCase());
  if (found.length !== expected.length || found.some((f, i) => f !== expected[i])) {
    throw new CsvError(
      record.line,
      `the header must be ${REGISTER_HEADER.join(",")}, found ${record.fields.join(",")}`,
    );
  }
}

/** What each column is called in a message. */
const FIELD_NAMES = ["organisation name", "town", "county", '"Type & Rating"', "route"];
// Tabs and line breaks become spaces; other control characters never belong in the register, and
// PostgreSQL cannot store a NUL at all.
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000e-\u001f\u007f]/;

/** A data line as a register row; trailing empty fields (trailing commas) are ignored. */
export function parseRow(record: CsvRecord): RegisterRow {
  const fields = [...record.fields];
  while (fields.length > REGISTER_HEADER.length && fields.at(-1)!.trim() === "") fields.pop();
  if (fields.length !== REGISTER_HEADER.length) {
    throw new CsvError(record.line, `expected ${REGISTER_HEADER.length} fields, found ${fields.length}`);
  }
  fields.forEach((field, i) => {
    const control = CONTROL_CHARACTER.exec(field)?.[0];
    if (control) {
      const code = control.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
      throw new CsvError(record.line, `the ${FIELD_NAMES[i]} holds a control character (U+${code})`);
    }
  });
  const [name, town, county, typeAndRating, route] = fields.map(cleanText) as [string, string, string, string, string];
  if (!normaliseName(name)) throw new CsvError(record.line, "the organisation name is empty");
  const parsed = parseTypeAndRating(typeAndRating);
  if (!parsed)
    throw new CsvError(
      record.line,
      `"Type & Rating" should look like "Worker (A rating)", found ${JSON.stringify(typeAndRating)}`,
    );
  const unknown = unknownLicence(parsed);
  if (unknown) throw new CsvError(record.line, `"Type & Rating" ${unknown}`);
  if (!route) throw new CsvError(record.line, "the route is empty");
  return { line: record.line, name, town, county, licence: { route, ...parsed } };
}

const orgKeyOf = (name: string, town: string) => `${normaliseName(name)}|${normaliseName(town)}`;

/**
 * Collects rows into organisations: one per name and town, with each distinct licence once; a
 * route spelt two ways is one route (see routes.ts).
 */
export class RegisterGrouper {
  private byKey = new Map<
    string,
    { name: string; town: string; county: string; licences: Map<string, SponsorLicence> }
  >();
  private routes = new RouteSpellings();
  rows = 0;

  add(row: RegisterRow): void {
    this.rows++;
    const key = orgKeyOf(row.name, row.town);
    let org = this.byKey.get(key);
    if (!org) {
      org = { name: row.name, town: row.town, county: row.county, licences: new Map() };
      this.byKey.set(key, org);
    }
    if (!org.county && row.county) org.county = row.county;
    const l = { ...row.licence, route: this.routes.of(row.licence.route) };
    org.licences.set(`${l.route}|${l.type}|${l.rating}`, l);
  }

  /** The organisations, in key order, each with a slug unique in this register. */
  organisations(): RegisterOrganisation[] {
    const keys = [...this.byKey.keys()].sort();
    const orgs = keys.map((orgKey) => {
      const o = this.byKey.get(orgKey)!;
      const licences = [...o.licences.values()].sort(
        (a, b) => a.route.localeCompare(b.route) || a.type.localeCompare(b.type),
      );
      const { legal, aliases } = splitTradingNames(o.name);
      const names = [legal, ...aliases].map((n, i) => {
        const full = normaliseName(n);
        const core = coreName(full);
        return { isAlias: i > 0, full, core, words: [...new Set(core.split(" "))] };
      });
      return {
        orgKey,
        slug: "",
        name: o.name,
        town: o.town,
        county: o.county,
        licences,
        routes: [...new Set(licences.map((l) => l.route))],
        ratingKeys: [...new Set(licences.flatMap((l) => ratingKeys(l.rating)))],
        townKey: normaliseName(o.town),
        countyKey: normaliseName(o.county),
        names,
      };
    });
    assignSlugs(orgs);
    return orgs;
  }
}

/**
 * Slugs from the name; the town is added when two organisations share a name, then a number.
 * An organisation already on the register keeps its slug (`kept`, by organisation key), so its
 * address survives a change of case or legal form spelling in the register.
 */
export function assignSlugs(orgs: RegisterOrganisation[], kept: ReadonlyMap<string, string> = new Map()): void {
  const taken = new Set<string>();
  const settled = new Set<RegisterOrganisation>();
  for (const o of orgs) {
    const slug = kept.get(o.orgKey);
    if (slug && !taken.has(slug)) {
      o.slug = slug;
      taken.add(slug);
      settled.add(o);
    }
  }
  const byBase = new Map<string, RegisterOrganisation[]>();
  for (const o of orgs) {
    if (settled.has(o)) continue;
    const base = slugify(o.name) || "organisation";
    const group = byBase.get(base);
    if (group) group.push(o);
    else byBase.set(base, [o]);
  }
  const claim = (o: RegisterOrganisation, wanted: string) => {
    let slug = wanted;
    for (let n = 2; taken.has(slug) || RESERVED_SLUGS.has(slug); n++) slug = `${wanted}-${n}`;
    taken.add(slug);
    o.slug = slug;
  };
  for (const [base, group] of byBase) {
    if (group.length === 1) claim(group[0]!, base);
    else for (const o of group) claim(o, [base, slugify(o.town)].filter(Boolean).join("-"));
  }
}
