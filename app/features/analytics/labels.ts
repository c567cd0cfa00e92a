import type { SponsorshipStatus } from "~/db/schema/job-posting-values";
import { COUNTRIES } from "~/db/seed/countries";

/** The sponsorship groups the pages show: a new entrant's likely verdict is a likely one. */
export const SPONSORSHIP_GROUPS = [
  { label: "Likely eligible", statuses: ["likely", "new-entrant"] },
  { label: "Licensed sponsor only", statuses: ["licensed-only"] },
  { label: "Not sponsorable", statuses: ["unlikely"] },
  { label: "Unknown", statuses: ["unknown"] },
] as const satisfies readonly { label: string; statuses: readonly SponsorshipStatus[] }[];

/** SOC 2020's major groups (ONS), by the first digit of a code. */
export const SOC_MAJOR_GROUPS: readonly (readonly [string, string])[] = [
  ["1", "Managers, directors and senior officials"],
  ["2", "Professional occupations"],
  ["3", "Associate professional occupations"],
  ["4", "Administrative and secretarial occupations"],
  ["5", "Skilled trades occupations"],
  ["6", "Caring, leisure and other service occupations"],
  ["7", "Sales and customer service occupations"],
  ["8", "Process, plant and machine operatives"],
  ["9", "Elementary occupations"],
  ["unknown", "Occupation not known"],
];

export const JOB_KINDS = [
  { metric: "job.viewed", label: "Viewed" },
  { metric: "job.saved", label: "Saved" },
  { metric: "job.applied", label: "Applied to" },
] as const;

export const FEATURE_LABELS = {
  jobs: "Jobs",
  cv: "CV builder",
  hub: "Career video hub",
  calculator: "Points calculator (Australia)",
  sponsors: "Sponsorship licence checker",
} as const;

const COUNTRY_NAMES = new Map(COUNTRIES.map((c) => [String(c.id), c.name]));
const COUNTRY_ISO = new Map(COUNTRIES.map((c) => [String(c.id), c.iso2]));

/** A home country's name by its id as the rollups write it ("unknown": not given). */
export const countryName = (id: string) => COUNTRY_NAMES.get(id) ?? "Not given";
export const countryIso2 = (id: string) => COUNTRY_ISO.get(id) ?? null;
