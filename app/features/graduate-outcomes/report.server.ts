import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import {
  FOUND_THROUGH,
  GRADUATE_ACTIVITIES,
  PAY_BANDS,
  SURVEY_WAVES,
  type SurveyWave,
  WORK_ROUTES,
} from "~/db/schema/graduate-outcome-values";
import { STUDY_LEVELS, VISA_TYPES } from "~/db/schema/student-profile-values";
import { STUDY_LEVEL_LABELS, VISA_TYPE_LABELS } from "~/features/accounts";
import { type Shown, cellOf, countryName, shareOf, showBreakdown, showStudents } from "~/features/analytics";
import type { ReportChart } from "~/features/analytics/index.server";
import { ACTIVITY_LABELS, FOUND_LABELS, ROUTE_LABELS, SALARY_LABELS } from "./questions";

/**
 * The graduate outcomes page's figures for one university, already under the fewer-than-5 rule, as
 * the other analytics pages make theirs: each chart, its table and its CSV come from the same rows.
 * A breakdown whose total is shown withholds one more figure where a single withheld one could be
 * worked out (showBreakdown), within each breakdown, as those pages do.
 */

export type OutcomesFilter = { wave: SurveyWave; year: number | null };
type OutcomesFigure = { label: string; value: Shown; unit?: "percent" };

/** The graduation years the page offers: this one and the five before (a survey goes out at most 18 months after). */
export function yearsOffered(today: string): number[] {
  const year = Number(today.slice(0, 4));
  return Array.from({ length: 6 }, (_, i) => year - i);
}

/** Reads `?wave=6|15&year=YYYY` (15 months and every year without them), or says why not and shows those. */
export function readFilter(
  url: URL,
  today: string,
): { filter: OutcomesFilter; error: string | null; input: { wave: string; year: string } } {
  const wave = url.searchParams.get("wave")?.trim() || "15";
  const year = url.searchParams.get("year")?.trim() ?? "";
  const years = yearsOffered(today);
  const input = { wave, year };
  if (!SURVEY_WAVES.some((w) => String(w) === wave))
    return {
      filter: { wave: 15, year: null },
      input,
      error: "Choose the survey of 6 or 15 months after graduating. Showing 15 months, every year.",
    };
  if (year && !years.some((y) => String(y) === year))
    return {
      filter: { wave: 15, year: null },
      input,
      error: `Choose a graduation year from ${years.at(-1)} to ${years[0]}. Showing 15 months, every year.`,
    };
  return { filter: { wave: Number(wave) as SurveyWave, year: year ? Number(year) : null }, input, error: null };
}

type Counts = { surveyed: number; answered: number; working: number; staying: number; sponsored: number };
type Row = Counts & { dimension: string; value: string | null };

/**
 * Every count the page shows, in one pass over the university's surveys of a wave: one grouping set
 * per breakdown, and the totals (`all`). `staying` counts those working in the university's country.
 */
function countsOf(db: Db, universityId: number, countryId: number, filter: OutcomesFilter): Promise<Row[]> {
  const cohort = filter.year === null ? sql`` : sql` and graduation_month like ${`${filter.year}-%`}`;
  return rowsOf<Row>(
    db,
    sql`select
          case
            when grouping(course) = 0 then 'course'
            when grouping(study_level) = 0 then 'level'
            when grouping(home_country_id) = 0 then 'home'
            when grouping(visa_type) = 0 then 'visa'
            when grouping(activity) = 0 then 'activity'
            when grouping(salary_band) = 0 then 'salary'
            when grouping(work_route) = 0 then 'route'
            when grouping(found_through) = 0 then 'found'
            else 'all'
          end as dimension,
          coalesce(course, study_level::text, home_country_id::text, visa_type::text, activity, salary_band, work_route, found_through) as value,
          count(*)::int as surveyed,
          count(answered_at)::int as answered,
          (count(*) filter (where activity = 'working'))::int as working,
          (count(*) filter (where activity = 'working' and work_country_id = ${countryId}))::int as staying,
          (count(*) filter (where activity = 'working' and sponsored))::int as sponsored
        from graduate_surveys
        where university_id = ${universityId} and wave = ${filter.wave}${cohort}
        group by grouping sets ((course), (study_level), (home_country_id), (visa_type), (activity), (salary_band), (work_route), (found_through), ())`,
  );
}

const ZERO: Counts = { surveyed: 0, answered: 0, working: 0, staying: 0, sponsored: 0 };
/** Counts of students as a breakdown whose total is shown. */
const parts = (ns: readonly number[]) => showBreakdown(ns.map((n) => ({ value: n, students: n })));

/** One question's answers as a chart and its table: how many gave each, and their share of `whole`. */
function partsChart(
  id: string,
  title: string,
  opts: {
    description?: string;
    first: string;
    whole: { label: string; value: Shown };
    parts: { label: string; n: number }[];
  },
): ReportChart {
  const shown = parts(opts.parts.map((p) => p.n));
  const categories = opts.parts.map((p) => p.label);
  return {
    id,
    title,
    description: opts.description,
    chart: { kind: "bar", horizontal: true, title, categories, series: [{ name: "Graduates", values: shown }] },
    table: {
      caption: title,
      columns: [opts.first, "Graduates", `Share of ${opts.whole.label} (%)`],
      rows: categories.map((c, i) => [c, cellOf(shown[i]!), cellOf(shareOf(shown[i]!, opts.whole.value))]),
    },
  };
}

type Group = { label: string; counts: Counts };
const TOP = 15;

/** The four measures for each group of graduates (a course, a level, a home country, a visa): charted as shares, tabled with their counts. */
function groupsChart(
  id: string,
  title: string,
  first: string,
  groups: Group[],
  country: string,
  description?: string,
): ReportChart {
  const column = (key: keyof Counts) => parts(groups.map((g) => g.counts[key]));
  const [surveyed, answered, working, staying, sponsored] = (
    ["surveyed", "answered", "working", "staying", "sponsored"] as const
  ).map(column) as [Shown[], Shown[], Shown[], Shown[], Shown[]];
  const share = (part: Shown[], whole: Shown[]) => part.map((p, i) => shareOf(p, whole[i]!));
  const measures = [
    { name: "Response rate", values: share(answered, surveyed) },
    { name: "Working, of those who answered", values: share(working, answered) },
    { name: `Working in ${country}, of those working`, values: share(staying, working) },
    { name: "In a job that needed a visa sponsor, of those working", values: share(sponsored, working) },
  ];
  const categories = groups.map((g) => g.label);
  const drawn = Math.min(groups.length, TOP);
  return {
    id,
    title,
    description:
      [description, groups.length > drawn ? `The ${drawn} largest groups are drawn; the table lists every one.` : ""]
        .filter(Boolean)
        .join(" ") || undefined,
    chart: {
      kind: "bar",
      horizontal: true,
      valueFormat: "percent",
      title,
      categories: categories.slice(0, drawn),
      series: measures.map((m) => ({ name: m.name, values: m.values.slice(0, drawn) })),
    },
    table: {
      caption: title,
      columns: [
        first,
        "Surveyed",
        "Answered",
        "Response rate (%)",
        "Working",
        "Working (% of those who answered)",
        `Working in ${country}`,
        `Working in ${country} (% of those working)`,
        "In a job that needed a visa sponsor",
        "In a job that needed a visa sponsor (% of those working)",
      ],
      rows: groups.map((g, i) => [
        g.label,
        cellOf(surveyed[i]!),
        cellOf(answered[i]!),
        cellOf(measures[0]!.values[i]!),
        cellOf(working[i]!),
        cellOf(measures[1]!.values[i]!),
        cellOf(staying[i]!),
        cellOf(measures[2]!.values[i]!),
        cellOf(sponsored[i]!),
        cellOf(measures[3]!.values[i]!),
      ]),
    },
  };
}

const add = (a: Counts, b: Counts): Counts => ({
  surveyed: a.surveyed + b.surveyed,
  answered: a.answered + b.answered,
  working: a.working + b.working,
  staying: a.staying + b.staying,
  sponsored: a.sponsored + b.sponsored,
});

/**
 * Groups of many values (courses, home countries): each of 5 graduates or more, largest first; the
 * smaller ones together as one group, so that no small group is named; those who gave none last.
 */
function bigGroups(rows: Row[], label: (value: string) => string, others: string, none: string): Group[] {
  const named = rows.filter((r) => r.value !== null);
  const big = named
    .filter((r) => r.surveyed >= 5)
    .sort((a, b) => b.surveyed - a.surveyed || label(a.value!).localeCompare(label(b.value!)))
    .map((r) => ({ label: label(r.value!), counts: r }));
  const small = named.filter((r) => r.surveyed < 5);
  const missing = rows.find((r) => r.value === null);
  return [
    ...big,
    ...(small.length ? [{ label: others, counts: small.reduce<Counts>(add, ZERO) }] : []),
    ...(missing ? [{ label: none, counts: missing }] : []),
  ];
}

/** Groups of a few known values (levels, visas), in their own order, those present only. */
function knownGroups<V extends string>(
  rows: Row[],
  order: readonly V[],
  labels: Record<V, string>,
  none: string,
): Group[] {
  const byValue = new Map(rows.map((r) => [r.value, r]));
  return [
    ...order.filter((v) => byValue.has(v)).map((v) => ({ label: labels[v], counts: byValue.get(v)! })),
    ...(byValue.has(null) ? [{ label: none, counts: byValue.get(null)! }] : []),
  ];
}

/** The profile's visa as an admin reads it. */
const PROFILE_VISA_LABELS = { ...VISA_TYPE_LABELS, none_needed: "No visa needed" };

/** A country's name as a sentence says it after "in": "the United Kingdom", "the Netherlands", "Canada". */
export function inSentence(country: string): string {
  return /^(United |Netherlands|Philippines|Bahamas|Gambia|Maldives|Comoros|Seychelles|Czech Republic|Dominican Republic|Central African Republic|Marshall Islands|Solomon Islands|Republic of |Democratic Republic )/.test(
    country,
  )
    ? `the ${country}`
    : country;
}

export async function outcomesReport(
  db: Db,
  university: { id: number; countryId: number },
  filter: OutcomesFilter,
): Promise<{ country: string; figures: OutcomesFigure[]; charts: ReportChart[] }> {
  const rows = await countsOf(db, university.id, university.countryId, filter);
  const of = (dimension: string) => rows.filter((r) => r.dimension === dimension);
  const all = of("all")[0] ?? ZERO;
  const country = inSentence(countryName(String(university.countryId)));
  const answered = showStudents(all.answered);
  const working = showStudents(all.working);
  const where = parts([all.staying, all.working - all.staying]);
  const sponsor = parts([all.sponsored, all.working - all.sponsored]);
  const count = (dimension: string, value: string) => of(dimension).find((r) => r.value === value)?.surveyed ?? 0;
  const answers = <V extends string>(dimension: string, values: readonly V[], labels: Record<V, string>) =>
    values.map((v) => ({ label: labels[v], n: count(dimension, v) }));
  const ofWorking = { label: "those working", value: working };

  return {
    country,
    figures: [
      { label: "Graduates surveyed", value: showStudents(all.surveyed) },
      { label: "Answered", value: answered },
      { label: "Response rate", value: shareOf(answered, showStudents(all.surveyed)), unit: "percent" },
      { label: "Working, of those who answered", value: shareOf(working, answered), unit: "percent" },
      { label: `Working in ${country}, of those working`, value: shareOf(where[0]!, working), unit: "percent" },
      {
        label: "In a job that needed a visa sponsor, of those working",
        value: shareOf(sponsor[0]!, working),
        unit: "percent",
      },
    ],
    charts: [
      partsChart("activity", "What graduates are doing", {
        first: "Main activity",
        whole: { label: "those who answered", value: answered },
        parts: answers("activity", GRADUATE_ACTIVITIES, ACTIVITY_LABELS),
      }),
      partsChart("staying", `Working in ${country} or elsewhere`, {
        description: `Graduates working, by the country they work in: ${country}, where they studied, or another.`,
        first: "Where they work",
        whole: ofWorking,
        parts: [
          { label: `In ${country}`, n: all.staying },
          { label: "In another country", n: all.working - all.staying },
        ],
      }),
      partsChart("sponsorship", "Whether the job needed a visa sponsor", {
        first: "The job",
        whole: ofWorking,
        parts: [
          { label: "Needed a visa sponsor", n: all.sponsored },
          { label: "Did not need one", n: all.working - all.sponsored },
        ],
      }),
      partsChart("route", "The visa working graduates work on", {
        first: "Visa",
        whole: ofWorking,
        parts: answers("route", WORK_ROUTES, ROUTE_LABELS),
      }),
      partsChart("salary", "Salaries of working graduates", {
        description: "Before tax, for a year, in pounds or about as much in pounds, as the graduates gave them.",
        first: "Salary",
        whole: ofWorking,
        parts: answers("salary", PAY_BANDS, SALARY_LABELS),
      }),
      partsChart("found", "How working graduates found their job", {
        first: "How they found it",
        whole: ofWorking,
        parts: answers("found", FOUND_THROUGH, FOUND_LABELS),
      }),
      groupsChart(
        "by-course",
        "Outcomes by course",
        "Course",
        bigGroups(of("course"), (v) => v, "Other courses (fewer than 5 graduates each)", "Course not given"),
        country,
      ),
      groupsChart(
        "by-level",
        "Outcomes by level of study",
        "Level of study",
        knownGroups(of("level"), STUDY_LEVELS, STUDY_LEVEL_LABELS, "Level not given"),
        country,
      ),
      groupsChart(
        "by-home-country",
        "Outcomes by home country",
        "Home country",
        bigGroups(of("home"), countryName, "Other countries (fewer than 5 graduates each)", "Home country not given"),
        country,
      ),
      groupsChart(
        "by-visa",
        "Outcomes by visa route",
        "Visa route",
        knownGroups(of("visa"), VISA_TYPES, PROFILE_VISA_LABELS, "Visa not given"),
        country,
        "The visa on the graduate's profile when the survey was sent.",
      ),
    ],
  };
}
