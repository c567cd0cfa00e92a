import fs from "node:fs";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import { type JobType, jobPostings } from "~/db/schema";
import type { SponsorLicence } from "~/db/schema/sponsors";
import { renderMarkdown } from "~/lib/markdown.server";
import { readCsv } from "~/lib/csv-reader";
import type { EmployerStanding, RuleSet } from "~/features/sponsorship";
import { jobSlug } from "./import.server";
import { jobVerdict } from "./verdict";
import { tidyJobPostings } from "./maintenance.server";

/**
 * Demo jobs built from real parts, so the listings look like the market without being anyone's
 * vacancy: employers and towns from the sponsor register, occupations and titles from SOC 2020 and
 * HC 997, salaries spread around each occupation's going rate, descriptions from the SOC task lists.
 * Deterministic for a seed and a day, and every one says it is a demo.
 */

export const DEMO_SOURCE = "demo";
/** Where the shipped SOC 2020 unit groups are, from the project's root. */
export const SOC_UNIT_GROUPS_FILE = "seed-data/soc2020/unit-groups.csv";

export type SocUnitGroup = {
  code: string;
  title: string;
  description: string;
  tasks: string[];
  exampleTitles: string[];
};
export type DemoEmployer = { name: string; town: string; county: string; slug: string; licences: SponsorLicence[] };

/** The SOC 2020 unit groups with their description, tasks and example titles (seed-data/soc2020/unit-groups.csv). */
export async function readSocUnitGroups(file: string): Promise<SocUnitGroup[]> {
  const groups: SocUnitGroup[] = [];
  let header: string[] | null = null;
  for await (const { fields } of readCsv(fs.createReadStream(file, { encoding: "utf8" }))) {
    if (!header) {
      header = fields;
      continue;
    }
    const at = (name: string) => fields[header!.indexOf(name)] ?? "";
    groups.push({
      code: at("soc2020_unit_group"),
      title: at("title"),
      description: at("description"),
      tasks: at("tasks")
        .split(/;\s*/)
        .map((t) => t.trim().replace(/\.$/, ""))
        .filter(Boolean),
      exampleTitles: at("example_job_titles")
        .split(/;\s*/)
        .map((t) => t.trim())
        .filter(Boolean),
    });
  }
  return groups;
}

/** A small, seeded pseudo-random source (mulberry32): the same seed gives the same jobs. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + next() * (max - min),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    weighted: <T>(choices: readonly (readonly [T, number])[]): T => {
      let r = next() * choices.reduce((sum, [, w]) => sum + w, 0);
      for (const [value, weight] of choices) if ((r -= weight) < 0) return value;
      return choices.at(-1)![0];
    },
  };
}

const TYPES: [JobType, number][] = [
  ["full-time", 62],
  ["part-time", 12],
  ["graduate-scheme", 8],
  ["internship", 7],
  ["contract", 6],
  ["temporary", 5],
];

/** The National Living Wage from April 2025, the least an hourly demo job pays. */
const HOURLY_MINIMUM = 12.21;
const DAY_MS = 86_400_000;

function standingOf(employer: DemoEmployer): EmployerStanding {
  const skilled = employer.licences.find((l) => l.route === "Skilled Worker");
  return { name: employer.name, licensed: true, skilledWorker: !!skilled, rating: skilled?.rating ?? null };
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** `count` demo postings, ready to insert, posted over the 45 days before `now`; about one in twelve already closed. */
export function demoJobPostings(
  parts: { groups: readonly SocUnitGroup[]; employers: readonly DemoEmployer[]; rules: RuleSet },
  options: { count: number; now: Date; today: string; seed?: number },
) {
  const { groups, employers, rules } = parts;
  const rng = random(options.seed ?? 2026);
  const withTitles = groups.filter((g) => g.exampleTitles.length && g.tasks.length && rules.occupations.has(g.code));
  const table1 = withTitles.filter((g) => rules.occupations.get(g.code)!.table === "1");
  const table1a = withTitles.filter((g) => rules.occupations.get(g.code)!.table === "1a");
  const others = withTitles.filter((g) => rules.occupations.get(g.code)!.table === null);
  const sponsors = employers.filter((e) => e.licences.some((l) => l.route === "Skilled Worker"));
  const otherEmployers = employers.filter((e) => !e.licences.some((l) => l.route === "Skilled Worker"));
  if (!withTitles.length || !employers.length) return [];
  // Most jobs are graduate-level (Table 1), some below degree level (Table 1a), a few in occupations no visa route takes.
  const pools = (
    [
      [table1, 70],
      [table1a, 20],
      [others, 10],
    ] as const
  ).filter(([pool]) => pool.length);

  return Array.from({ length: options.count }, (_, i) => {
    const group = rng.pick(rng.weighted(pools));
    const occupation = rules.occupations.get(group.code)!;
    const type = rng.weighted(TYPES);
    const employer =
      otherEmployers.length && rng.next() < 0.12
        ? rng.pick(otherEmployers)
        : rng.pick(sponsors.length ? sponsors : employers);
    const base = rng.pick(group.exampleTitles);
    const title =
      type === "graduate-scheme" ? `Graduate ${lowerFirst(base)}` : type === "internship" ? `${base} intern` : base;
    const hourly = type === "part-time" || type === "temporary";
    const hoursPerWeek = hourly
      ? Math.round(rng.between(8, 30))
      : rng.next() < 0.2
        ? null
        : rng.pick([35, 37.5, 37.5, 37.5, 40]);
    const going = occupation.rates?.full ?? 28_000;
    const factor = (type === "internship" ? 0.65 : type === "graduate-scheme" ? 0.8 : 1) * rng.between(0.7, 1.35);
    const competitive = rng.next() < 0.05;
    let salaryMin: number | null = null;
    let salaryMax: number | null = null;
    if (!competitive && hourly) {
      salaryMin = Math.max(HOURLY_MINIMUM, Math.round(((going / 1950) * factor) / 0.05) * 0.05);
      salaryMax = rng.next() < 0.6 ? salaryMin : Math.round(salaryMin * rng.between(1, 1.15) * 100) / 100;
    } else if (!competitive) {
      salaryMin = Math.max(HOURLY_MINIMUM * 1950, Math.round((going * factor) / 500) * 500);
      salaryMax = rng.next() < 0.4 ? salaryMin : Math.round((salaryMin * rng.between(1.05, 1.25)) / 500) * 500;
    }
    const salaryPeriod = competitive ? null : hourly ? ("hour" as const) : ("year" as const);
    const postedAt = new Date(options.now.getTime() - Math.floor(rng.between(0, 45) * 24) * 3_600_000);
    const closingDate = new Date(postedAt.getTime() + 30 * DAY_MS).toISOString().slice(0, 10);
    const closed = closingDate < options.today;
    const tasks = [...group.tasks].sort(() => rng.next() - 0.5).slice(0, 5);
    const workArrangement = rng.weighted([
      ["on-site", 70],
      ["hybrid", 20],
      ["remote", 10],
    ] as const);
    const description = [
      "*A demo listing generated from public data (ONS SOC 2020 and the register of licensed sponsors): it is not a real vacancy.*",
      "## About the role",
      group.description,
      "## What you will do",
      ...tasks.map((t) => `- ${t.charAt(0).toUpperCase()}${t.slice(1)}`),
      `## About ${employer.name}`,
      `${employer.name} is based in ${employer.town}${workArrangement === "remote" ? "; this role is remote" : workArrangement === "hybrid" ? "; this role is hybrid" : ""}.`,
    ].join("\n\n");
    const record = { id: `demo-${i + 1}`, title, employer: employer.name };
    const verdict = jobVerdict(
      {
        socCode: group.code,
        salaryMin,
        salaryPeriod,
        salaryCurrency: salaryMin === null ? null : "GBP",
        hoursPerWeek,
        country: "GB",
      },
      rules,
      standingOf(employer),
      options.today,
    );
    return {
      slug: jobSlug(DEMO_SOURCE, record),
      source: DEMO_SOURCE,
      externalId: record.id,
      title,
      employerName: employer.name,
      sponsorSlug: employer.slug,
      town: employer.town || null,
      region: employer.county || null,
      country: "GB",
      workArrangement,
      salaryMin,
      salaryMax,
      salaryCurrency: salaryMin === null ? null : "GBP",
      salaryPeriod,
      salaryCompetitive: competitive,
      salaryText: null,
      hoursPerWeek,
      type,
      socCode: group.code,
      socConfidence: 1,
      socSource: "source" as const,
      descriptionMarkdown: description,
      descriptionHtml: renderMarkdown(description),
      applyUrl: `https://jobs.example/demo/${record.id}`,
      applyEmail: null,
      postedAt,
      closingDate,
      status: closed ? ("closed" as const) : ("open" as const),
      closedAt: closed ? new Date(`${closingDate}T23:59:59Z`) : null,
      sponsorshipStatus: verdict.status,
      salaryBand: verdict.salaryBand,
      sponsorshipReasons: verdict.reasons,
      sponsorshipRules: verdict.rules,
      demo: true,
    };
  });
}

/** Employers for the demo: a deterministic sample of the register, most of them Skilled Worker sponsors. */
export async function demoEmployers(db: Db, limit = 1_500): Promise<DemoEmployer[]> {
  return rowsOf<DemoEmployer>(
    db,
    sql`select name, town, county, slug, licences from sponsor_organisations where town <> '' order by md5(org_key) limit ${limit}`,
  );
}

/** Writes the demo jobs once: a database that has any already keeps them. Answers how many it wrote. */
export async function insertDemoJobsIfNone(db: Db, postings: ReturnType<typeof demoJobPostings>): Promise<number> {
  const [row] = await rowsOf<{ any: boolean }>(
    db,
    sql`select exists (select 1 from job_postings where source = ${DEMO_SOURCE}) as any`,
  );
  if (row?.any || postings.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (let start = 0; start < postings.length; start += 500) {
      await tx
        .insert(jobPostings)
        .values(postings.slice(start, start + 500))
        .onConflictDoNothing();
    }
  });
  await tidyJobPostings(db, postings.length);
  return postings.length;
}
