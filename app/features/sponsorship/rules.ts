import { readCsv } from "~/lib/csv-reader";
import TABLE_1_1A from "./data/hc997/going-rates-table1-1a.csv?raw";
import SALARY_LIST from "./data/hc997/immigration-salary-list.csv?raw";
import SHORTAGE_LIST from "./data/hc997/temporary-shortage-list.csv?raw";
import SOC_2020 from "./data/soc2020-unit-groups.csv?raw";

/**
 * The Skilled Worker salary and occupation rules as data: the eligibility check reads only a rule set,
 * so a new statement of changes is a new rule set with the date it takes effect (and its tables in
 * data/), not new code. Sources: data/README.md.
 */

export type Occupation = {
  /** SOC 2020 unit group, four digits. */
  code: string;
  title: string;
  /** Appendix Skilled Occupations table: "1" (RQF 6+), "1a" (RQF 3-5), or null (on neither). */
  table: "1" | "1a" | null;
  /** What the table says limits the code ("only …"), for the reader to check. */
  conditions: string | null;
  /** Going rate and the 90/80/70% rates as the table prints them (already raised to their floors), a year for 37.5 hours. */
  rates: { full: number; pct90: number; pct80: number; pct70: number } | null;
  /** Whether a relevant PhD can count (options B and C). */
  phdPoints: boolean;
  /** On the Immigration Salary List: who and where it covers, and the date it leaves the list. */
  salaryList: { criteria: string; nations: string[]; removedOn: string } | null;
  /** On the Temporary Shortage List: for certificates issued before `cosIssuedBefore`, some codes for named job types only. */
  shortageList: { jobTypesOnly: string | null; cosIssuedBefore: string } | null;
};

export type RuleSet = {
  version: string;
  title: string;
  /** The first day of certificates of sponsorship these rules govern (ISO date). */
  effectiveFrom: string;
  source: { title: string; url: string };
  /** Option A's general threshold, a year (never pro-rated). */
  generalThreshold: number;
  /** The general thresholds of options B to E, a year. */
  lowerThresholds: { phdRelevant: number; phdStem: number; salaryList: number; newEntrant: number };
  /** Every option also needs at least this much an hour. */
  hourlyFloor: number;
  /** The week the going rates are set for; rates are pro-rated to the hours worked. */
  standardWeeklyHours: number;
  /** Hours past this a week do not count towards the salary. */
  maxCountedWeeklyHours: number;
  /** Weeks an hourly rate is multiplied by for a year's pay. */
  weeksPerYear: number;
  occupations: ReadonlyMap<string, Occupation>;
  /**
   * The Temporary Shortage List as a whole (its occupations' end dates are in `occupations`): the rule
   * that sets it (in the rule set's `source`), and from `noticeFrom` (our choice, a month ahead) verdicts that rest on it say it is
   * ending and where a replacement would be published. Null when the rule set has no such list.
   */
  shortageList: { rule: string; noticeFrom: string; replacements: { title: string; url: string } } | null;
  /** Official pages a reader can check the verdict against. */
  links: { title: string; url: string }[];
};

const HC_997_URL =
  "https://assets.publishing.service.gov.uk/media/68629c9b3464d9c0ad609d33/E03394848_-_HC_997_-_Immigration_Rules_Changes__Web_Accessible_.pdf";

async function* once(text: string) {
  yield text;
}

/** A CSV's rows as objects keyed by its header. */
async function rowsOf(text: string): Promise<Record<string, string>[]> {
  const rows: Record<string, string>[] = [];
  let header: string[] | null = null;
  for await (const { fields } of readCsv(once(text))) {
    if (!header) header = fields;
    else rows.push(Object.fromEntries(header.map((name, i) => [name, (fields[i] ?? "").trim()])));
  }
  return rows;
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** "31 December 2026" as "2026-12-31". */
export function isoDay(written: string): string {
  const match = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(written.trim());
  const month = match ? MONTHS.indexOf(match[2]!.toLowerCase()) : -1;
  if (!match || month < 0) throw new Error(`Not a date like "31 December 2026": ${written}`);
  return `${match[3]}-${String(month + 1).padStart(2, "0")}-${match[1]!.padStart(2, "0")}`;
}

const money = (value: string) => Number(value.replace(/[£,]/g, ""));

/** The occupations of HC 997's tables, keyed by SOC code, with every other SOC 2020 unit group as not eligible. */
async function hc997Occupations(): Promise<Map<string, Occupation>> {
  const occupations = new Map<string, Occupation>();
  for (const row of await rowsOf(SOC_2020)) {
    occupations.set(row.soc_code!, {
      code: row.soc_code!,
      title: row.title!,
      table: null,
      conditions: null,
      rates: null,
      phdPoints: false,
      salaryList: null,
      shortageList: null,
    });
  }
  for (const row of await rowsOf(TABLE_1_1A)) {
    const known = occupations.get(row.soc_code!);
    if (!known) throw new Error(`HC 997 Table ${row.table}: ${row.soc_code} is not a SOC 2020 unit group`);
    known.table = row.table === "1" ? "1" : "1a";
    known.conditions = row.occupation_conditions || null;
    known.rates = {
      full: money(row.going_rate_annual_gbp!),
      pct90: money(row.rate_90pct_annual_gbp!),
      pct80: money(row.rate_80pct_annual_gbp!),
      pct70: money(row.rate_70pct_annual_gbp!),
    };
    known.phdPoints = row.eligible_for_phd_points === "Yes";
  }
  for (const row of await rowsOf(SALARY_LIST)) {
    const nations = (["england", "scotland", "wales", "northern_ireland"] as const)
      .filter((n) => row[n] === "Yes")
      .map((n) => n.replace("_", " "));
    occupations.get(row.soc_code!)!.salaryList = {
      criteria: row.criteria!,
      nations,
      removedOn: isoDay(row.removal_date!),
    };
  }
  for (const row of await rowsOf(SHORTAGE_LIST)) {
    occupations.get(row.soc_code!)!.shortageList = {
      jobTypesOnly: row.eligible_job_types_only || null,
      cosIssuedBefore: row.cos_issued_before!,
    };
  }
  return occupations;
}

async function hc997(): Promise<RuleSet> {
  return {
    version: "HC 997",
    title: "Statement of Changes in Immigration Rules HC 997",
    effectiveFrom: "2025-07-22",
    source: { title: "Statement of Changes in Immigration Rules HC 997 (laid 1 July 2025)", url: HC_997_URL },
    generalThreshold: 41_700,
    lowerThresholds: { phdRelevant: 37_500, phdStem: 33_400, salaryList: 33_400, newEntrant: 33_400 },
    hourlyFloor: 17.13,
    standardWeeklyHours: 37.5,
    maxCountedWeeklyHours: 48,
    weeksPerYear: 52,
    occupations: await hc997Occupations(),
    shortageList: {
      rule: "Appendix Skilled Worker SW 6.1A (HC 997)",
      noticeFrom: "2026-12-01",
      replacements: {
        title: "Statements of changes to the Immigration Rules (GOV.UK)",
        url: "https://www.gov.uk/government/collections/immigration-rules-statement-of-changes",
      },
    },
    links: [
      { title: "Skilled Worker visa: your job (GOV.UK)", url: "https://www.gov.uk/skilled-worker-visa/your-job" },
      {
        title: "Immigration Rules Appendix Skilled Worker",
        url: "https://www.gov.uk/guidance/immigration-rules/immigration-rules-appendix-skilled-worker",
      },
      {
        title: "Immigration Rules Appendix Skilled Occupations",
        url: "https://www.gov.uk/guidance/immigration-rules/immigration-rules-appendix-skilled-occupations",
      },
      { title: "HC 997 (the tables these figures come from)", url: HC_997_URL },
    ],
  };
}

let loaded: Promise<RuleSet[]> | null = null;

/** Every rule set, newest first (read once). */
export function ruleSets(): Promise<RuleSet[]> {
  loaded ??= Promise.all([hc997()]).then((sets) => sets.sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom)));
  return loaded;
}

/**
 * The days a job's verdict can change on with no change to the job: each rule set's first day, the
 * Temporary Shortage List's end (its certificates must be issued before it) and each Immigration Salary
 * List removal. Sorted, each once, ISO dates.
 */
export async function ruleChangeDays(): Promise<string[]> {
  const days = new Set<string>();
  for (const rules of await ruleSets()) {
    days.add(rules.effectiveFrom);
    for (const occupation of rules.occupations.values()) {
      if (occupation.shortageList) days.add(occupation.shortageList.cosIssuedBefore);
      if (occupation.salaryList) days.add(occupation.salaryList.removedOn);
    }
  }
  return [...days].sort();
}

/** The rule set that governs a certificate issued on `cosDate`, or null when none of ours does (never a guess). */
export async function ruleSetFor(cosDate: string): Promise<RuleSet | null> {
  return (await ruleSets()).find((rules) => rules.effectiveFrom <= cosDate) ?? null;
}
