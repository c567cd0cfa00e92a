import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import { jobIsListed } from "~/db/schema";
import type { ChartSpec } from "~/lib/charts/render.server";
import { ruleSetFor } from "~/features/sponsorship";
import { STUDY_LEVEL_LABELS, VISA_TYPE_LABELS } from "~/features/accounts";
import { type FairGoer, fairGoers } from "~/features/career-fairs/index.server";
import { STUDY_LEVELS, VISA_TYPES } from "~/db/schema/student-profile-values";
import { FEATURE_LABELS, JOB_KINDS, SOC_MAJOR_GROUPS, SPONSORSHIP_GROUPS, countryIso2, countryName } from "./labels";
import { pounds } from "~/lib/money";
import { type Shown, cellOf, shareOf, show, showBreakdown, showStudents } from "./privacy";
import { type DayRange, type Grain, grainOf, periodLabel, periodsOf } from "./range";
import { type Cell, type Tally, activeByHomeCountry, activeStudents, cellsOf, sumOf } from "./rollups.server";

/**
 * Each analytics page's figures for one university, already under the fewer-than-5 rule: the
 * chart, its table and its CSV are made from the same rows, so they cannot disagree.
 */

export type ReportTable = { caption: string; columns: string[]; rows: (string | number)[][] };
export type ReportChart = { id: string; title: string; description?: string; chart: ChartSpec; table: ReportTable };
export type Figure = { label: string; now: Shown; before: Shown; unit?: "percent" | "hours" };

const studentRoles = sql`role in ('student', 'predeparture_student')`;

/** A chart and its table from one breakdown: rows of categories, a column a series. */
function breakdownChart(
  id: string,
  title: string,
  options: {
    description?: string;
    first: string;
    categories: string[];
    series: { name: string; values: Shown[] }[];
    horizontal?: boolean;
    valueFormat?: ChartSpec["valueFormat"];
    kind?: "bar" | "line";
  },
): ReportChart {
  const { categories, series } = options;
  return {
    id,
    title,
    description: options.description,
    chart: {
      kind: options.kind ?? "bar",
      title,
      categories,
      series,
      horizontal: options.horizontal,
      valueFormat: options.valueFormat,
    },
    table: {
      caption: title,
      columns: [options.first, ...series.map((s) => s.name)],
      // A withheld figure (null) reads "fewer than 5" here as on the chart, never 0.
      rows: categories.map((c, i) => [c, ...series.map((s) => cellOf(s.values[i]!))]),
    },
  };
}

/** The figures of a breakdown whose total is shown, by category, with complementary suppression. */
const breakdown = (tallies: Tally[]) => showBreakdown(tallies.map((t) => ({ value: t.value, students: t.students })));

// ---------------------------------------------------------------- dashboard

/** The dashboard's headline figures over `range` and the period before it. */
export async function headlineFigures(
  db: Db,
  universityId: number,
  range: DayRange,
  previous: DayRange,
): Promise<Figure[]> {
  const metrics = ["profile.completed", "cv.exported", "job.saved", "job.applied", "video.completed"];
  const [[now, before], cellsNow, cellsBefore] = await Promise.all([
    activeStudents(db, universityId, [range, previous], ["any"]),
    cellsOf(db, universityId, range, metrics, ["all", "sponsorship"]),
    cellsOf(db, universityId, previous, metrics, ["all", "sponsorship"]),
  ]);
  const total = (cells: Cell[], metric: string) => sumOf(cells, (c) => c.metric === metric && c.dimension === "all");
  const count = (cells: Cell[], metric: string) => show(total(cells, metric));
  const eligibleShare = (cells: Cell[]) => {
    const likely = sumOf(
      cells,
      (c) =>
        c.metric === "job.applied" &&
        c.dimension === "sponsorship" &&
        (c.value === "likely" || c.value === "new-entrant"),
    );
    return shareOf(show(likely), count(cells, "job.applied"));
  };
  const hours = (cells: Cell[]) => {
    const t = total(cells, "video.completed");
    return show(t) === null ? null : Math.round((t.amount / 3600) * 10) / 10;
  };
  return [
    { label: "Active students", now: showStudents(now!.any), before: showStudents(before!.any) },
    {
      label: "Profiles completed",
      now: count(cellsNow, "profile.completed"),
      before: count(cellsBefore, "profile.completed"),
    },
    { label: "CVs exported", now: count(cellsNow, "cv.exported"), before: count(cellsBefore, "cv.exported") },
    { label: "Jobs saved", now: count(cellsNow, "job.saved"), before: count(cellsBefore, "job.saved") },
    { label: "Job applications", now: count(cellsNow, "job.applied"), before: count(cellsBefore, "job.applied") },
    {
      label: "Applications to jobs likely eligible for sponsorship",
      now: eligibleShare(cellsNow),
      before: eligibleShare(cellsBefore),
      unit: "percent",
    },
    { label: "Career video hours watched", now: hours(cellsNow), before: hours(cellsBefore), unit: "hours" },
  ];
}

// ---------------------------------------------------------------- visa and jobs

export type VisaJobReport = {
  totals: { label: string; value: Shown }[];
  charts: ReportChart[];
  thresholds: { general: number; newEntrant: number; from: string } | null;
};

function overTime(
  id: string,
  title: string,
  cells: Cell[],
  range: DayRange,
  grain: Grain,
  series: { metric: string; label: string }[],
  students = false,
): ReportChart {
  const periods = periodsOf(range, grain);
  return breakdownChart(id, title, {
    kind: "line",
    description:
      grain === "week"
        ? "Weeks are shown by the day they start (Monday); the first and last may be partly outside the range."
        : undefined,
    first: grain === "day" ? "Day" : grain === "week" ? "Week starting" : "Month",
    categories: periods.map((p) => periodLabel(p, grain)),
    series: series.map(({ metric, label }) => {
      const tallies = periods.map((p) => sumOf(cells, (c) => c.metric === metric && c.period === p));
      return { name: label, values: students ? tallies.map((t) => showStudents(t.value)) : breakdown(tallies) };
    }),
  });
}

export async function visaJobReport(
  db: Db,
  universityId: number,
  range: DayRange,
  today: string,
): Promise<VisaJobReport> {
  const metrics = JOB_KINDS.map((k) => k.metric);
  const grain = grainOf(range);
  const [cells, timeline, rules] = await Promise.all([
    cellsOf(db, universityId, range, metrics, ["all", "sponsorship", "soc", "salary"]),
    cellsOf(db, universityId, range, metrics, ["all"], grain),
    ruleSetFor(today),
  ]);
  const by = (dimension: string, categories: { label: string; values: readonly string[] }[]) =>
    JOB_KINDS.map(({ metric, label }) => ({
      name: label,
      values: breakdown(
        categories.map((cat) =>
          sumOf(cells, (c) => c.metric === metric && c.dimension === dimension && cat.values.includes(c.value)),
        ),
      ),
    }));

  const sponsorship = SPONSORSHIP_GROUPS.map((g) => ({ label: g.label, values: g.statuses as readonly string[] }));
  const soc = SOC_MAJOR_GROUPS.map(([code, label]) => ({
    label: code === "unknown" ? label : `${code} ${label}`,
    values: [code],
  }));
  const bands = rules
    ? [
        {
          label: `Below ${pounds(rules.lowerThresholds.newEntrant)} (under the new-entrant threshold)`,
          values: ["below-new-entrant"],
        },
        {
          label: `${pounds(rules.lowerThresholds.newEntrant)} to ${pounds(rules.generalThreshold - 1)} (new entrants only)`,
          values: ["new-entrant"],
        },
        { label: `${pounds(rules.generalThreshold)} or more (the general threshold)`, values: ["general"] },
        { label: "No salary in pounds to compare", values: ["none"] },
      ]
    : [
        { label: "Under the new-entrant threshold", values: ["below-new-entrant"] },
        { label: "New entrants only", values: ["new-entrant"] },
        { label: "At or above the general threshold", values: ["general"] },
        { label: "No salary in pounds to compare", values: ["none"] },
      ];
  return {
    totals: JOB_KINDS.map(({ metric, label }) => ({
      label: `Jobs ${label.toLowerCase()}`,
      value: show(sumOf(cells, (c) => c.metric === metric && c.dimension === "all")),
    })),
    thresholds: rules
      ? { general: rules.generalThreshold, newEntrant: rules.lowerThresholds.newEntrant, from: rules.effectiveFrom }
      : null,
    charts: [
      breakdownChart("by-sponsorship", "Jobs by sponsorship status", {
        description: "Each job's Skilled Worker verdict as it stood when the student looked at it.",
        first: "Sponsorship status",
        categories: sponsorship.map((c) => c.label),
        series: by("sponsorship", sponsorship),
      }),
      breakdownChart("by-occupation", "Jobs by occupation group (SOC 2020 major group)", {
        first: "Occupation group",
        categories: soc.map((c) => c.label),
        series: by("soc", soc),
        horizontal: true,
      }),
      breakdownChart("by-salary", "Jobs by salary against the Skilled Worker thresholds", {
        description:
          "The bottom of each job's pay range, a year, against the thresholds in force when the job was last judged.",
        first: "Salary band",
        categories: bands.map((c) => c.label),
        series: by("salary", bands),
        horizontal: true,
      }),
      overTime("over-time", "Jobs viewed, saved and applied to over time", timeline, range, grain, [...JOB_KINDS]),
    ],
  };
}

// ---------------------------------------------------------------- home countries

export type HomeCountryReport = { charts: ReportChart[] };

/** Countries with fewer than 5 of the university's students are one row, so that no small group is named. */
const OTHER = "other";
/** A row of several countries (or none given) has no one country's open jobs: the cell says so. */
const NOT_ONE_COUNTRY = "not one country";

/** Listed jobs by country: one vacancy once, however many sources list it, and none moderation took down. */
export async function openJobsByCountry(db: Db): Promise<Map<string, number>> {
  const rows = await rowsOf<{ country: string; n: number }>(
    db,
    sql`select country, count(*)::int as n from job_postings where ${jobIsListed} group by 1`,
  );
  return new Map(rows.map((j) => [j.country, j.n]));
}

export async function homeCountryReport(db: Db, universityId: number, range: DayRange): Promise<HomeCountryReport> {
  const metrics = JOB_KINDS.map((k) => k.metric);
  const [registered, active, cells, openJobs] = await Promise.all([
    rowsOf<{ home: string; n: number }>(
      db,
      sql`select coalesce(p.home_country_id::text, 'unknown') as home, count(*)::int as n from users u left join student_profiles p on p.user_id = u.id
          where u.university_id = ${universityId} and ${studentRoles} group by 1`,
    ),
    activeByHomeCountry(db, universityId, range),
    cellsOf(db, universityId, range, metrics, ["home", "home-eligible"]),
    openJobsByCountry(db),
  ]);
  const jobsIn = openJobs;
  const big = registered
    .filter((r) => r.n >= 5 && r.home !== "unknown")
    .sort((a, b) => b.n - a.n || countryName(a.home).localeCompare(countryName(b.home)));
  const groups = [...big.map((r) => ({ key: r.home, homes: [r.home] }))];
  const small = registered.filter((r) => r.n < 5 && r.home !== "unknown").map((r) => r.home);
  if (small.length) groups.push({ key: OTHER, homes: small });
  if (registered.some((r) => r.home === "unknown")) groups.push({ key: "unknown", homes: ["unknown"] });
  const label = (key: string) => (key === OTHER ? "Other countries (fewer than 5 students each)" : countryName(key));

  const students = groups.map((g) => registered.filter((r) => g.homes.includes(r.home)).reduce((s, r) => s + r.n, 0));
  const activeIn = groups.map((g) =>
    g.homes.reduce((s, h) => s + (active.get(h === "unknown" ? null : Number(h)) ?? 0), 0),
  );
  const jobs = (metric: string, dimension = "home") =>
    breakdown(
      groups.map((g) =>
        sumOf(cells, (c) => c.metric === metric && c.dimension === dimension && g.homes.includes(c.value)),
      ),
    );
  const shownStudents = showBreakdown(students.map((n) => ({ value: n, students: n })));
  const shownActive = showBreakdown(activeIn.map((n) => ({ value: n, students: n })));
  const viewed = jobs("job.viewed");
  const saved = jobs("job.saved");
  const applied = jobs("job.applied");
  const eligible = jobs("job.applied", "home-eligible");
  const categories = groups.map((g) => label(g.key));
  const top = Math.min(groups.length, 15);
  const openThere = groups.map((g) =>
    g.key === OTHER || g.key === "unknown" ? NOT_ONE_COUNTRY : (jobsIn.get(countryIso2(g.key) ?? "") ?? 0),
  );

  const table: ReportTable = {
    caption: "Students and the jobs they pursue, by home country",
    columns: [
      "Home country",
      "Students",
      "Active in the range",
      "Jobs viewed",
      "Jobs saved",
      "Jobs applied to",
      "Applications to jobs likely eligible for sponsorship",
      "Open jobs located in the country",
    ],
    rows: groups.map((_, i) => [
      categories[i]!,
      cellOf(shownStudents[i]!),
      cellOf(shownActive[i]!),
      cellOf(viewed[i]!),
      cellOf(saved[i]!),
      cellOf(applied[i]!),
      cellOf(eligible[i]!),
      openThere[i]!,
    ]),
  };
  return {
    charts: [
      {
        id: "students",
        title: "Students by home country, and those active in the range",
        description:
          groups.length > top ? `The ${top} largest groups are drawn; the table lists every one.` : undefined,
        chart: {
          kind: "bar",
          horizontal: true,
          title: "Students by home country, and those active in the range",
          categories: categories.slice(0, top),
          series: [
            { name: "Students", values: shownStudents.slice(0, top) },
            { name: "Active in the range", values: shownActive.slice(0, top) },
          ],
        },
        table,
      },
      breakdownChart("jobs", "Jobs viewed, saved and applied to, by home country", {
        first: "Home country",
        categories,
        series: [
          { name: "Viewed", values: viewed },
          { name: "Saved", values: saved },
          { name: "Applied to", values: applied },
        ],
        horizontal: true,
      }),
    ],
  };
}

// ---------------------------------------------------------------- engagement

const FUNNEL = [
  { metric: "first:profile.completed", label: "Completed their profile" },
  { metric: "first:job.viewed", label: "Viewed a job" },
  { metric: "first:job.saved", label: "Saved a job" },
  { metric: "first:job.applied", label: "Applied to a job" },
] as const;

export async function engagementReport(
  db: Db,
  universityId: number,
  range: DayRange,
): Promise<{ charts: ReportChart[] }> {
  const features = ["jobs", "cv", "hub", "calculator", "sponsors"] as const;
  const weeksFrom = periodsOf(range, "week")[0]!;
  const [weekly, [use], funnel, registrations, goers] = await Promise.all([
    cellsOf(db, universityId, { from: weeksFrom, to: range.to }, ["active:week"], ["all"], "day"),
    activeStudents(db, universityId, [range], ["any", ...features]),
    cellsOf(
      db,
      universityId,
      range,
      FUNNEL.map((f) => f.metric),
      ["all"],
      "month",
    ),
    rowsOf<{ month: string; n: number }>(
      db,
      sql`select date_trunc('month', (created_at at time zone 'Europe/London')::date)::date::text as month, count(*)::int as n from users
          where university_id = ${universityId} and ${studentRoles}
            and (created_at at time zone 'Europe/London')::date between ${range.from}::date and ${range.to}::date
          group by 1`,
    ),
    fairGoers(db, universityId, range),
  ]);
  const months = periodsOf(range, "month");
  const registeredIn = (month: string) => registrations.find((r) => r.month === month)?.n ?? 0;
  const reached = (metric: string, month?: string) =>
    sumOf(funnel, (c) => c.metric === metric && (!month || c.period === month)).value;
  const registered = registrations.reduce((s, r) => s + r.n, 0);
  const active = showStudents(use!.any);

  const funnelSteps = [
    { label: "Registered", n: registered },
    ...FUNNEL.map((f) => ({ label: f.label, n: reached(f.metric) })),
  ];
  const funnelShown = funnelSteps.map((s) => showStudents(s.n));
  const cohortSteps = FUNNEL.filter((f) => f.metric !== "first:job.saved");

  return {
    charts: [
      overTime(
        "weekly-active",
        "Students active each week",
        weekly,
        { from: weeksFrom, to: range.to },
        "week",
        [{ metric: "active:week", label: "Active students" }],
        true,
      ),
      {
        id: "features",
        title: "Students who used each feature",
        description: "A student who used several features counts once for each.",
        chart: {
          kind: "bar",
          horizontal: true,
          title: "Students who used each feature",
          categories: features.map((f) => FEATURE_LABELS[f]),
          series: [{ name: "Students", values: features.map((f) => showStudents(use![f])) }],
        },
        table: {
          caption: "Students who used each feature in the range",
          columns: ["Feature", "Students", "Share of active students (%)"],
          rows: features.map((f) => [
            FEATURE_LABELS[f],
            cellOf(showStudents(use![f])),
            cellOf(shareOf(showStudents(use![f]), active)),
          ]),
        },
      },
      {
        id: "funnel",
        title: "From registration to a first application",
        description: "Students who registered in the range, and how many of them have since taken each step.",
        chart: {
          kind: "bar",
          title: "From registration to a first application",
          categories: funnelSteps.map((s) => s.label),
          series: [{ name: "Students", values: funnelShown }],
        },
        table: {
          caption: "Students who registered in the range, by the furthest steps they have taken",
          columns: ["Step", "Students", "Share of those registered (%)"],
          rows: funnelSteps.map((s, i) => [
            s.label,
            cellOf(funnelShown[i]!),
            cellOf(shareOf(funnelShown[i]!, funnelShown[0]!)),
          ]),
        },
      },
      {
        id: "cohorts",
        title: "Cohorts by registration month",
        description: "For the students who registered each month, the share who have taken each step so far.",
        chart: {
          kind: "bar",
          title: "Cohorts by registration month",
          valueFormat: "percent",
          categories: months.map((m) => periodLabel(m, "month")),
          series: cohortSteps.map((f) => ({
            name: f.label,
            values: months.map((m) => shareOf(showStudents(reached(f.metric, m)), showStudents(registeredIn(m)))),
          })),
        },
        table: {
          caption: "Cohorts by registration month: students registered, and the share who have taken each step",
          columns: ["Registered in", "Students registered", ...cohortSteps.map((f) => `${f.label} (%)`)],
          rows: months.map((m) => [
            periodLabel(m, "month"),
            cellOf(showStudents(registeredIn(m))),
            ...cohortSteps.map((f) =>
              cellOf(shareOf(showStudents(reached(f.metric, m)), showStudents(registeredIn(m)))),
            ),
          ]),
        },
      },
      ...fairCharts(goers),
    ],
  };
}

// ---------------------------------------------------------------- career fairs

const NOT_GIVEN = "Not given";

/**
 * Registered and attended by one of the student's answers. `fixed`: every value, in order (a level, a
 * visa); without it (a course, a home country, typed or many), the values of 5 students or more by
 * size, and the rest as one row, so that no small group is named.
 */
function fairChart(
  id: string,
  title: string,
  first: string,
  goers: readonly FairGoer[],
  keyOf: (g: FairGoer) => string | null,
  labelOf: (key: string) => string,
  fixed?: readonly string[],
): ReportChart {
  const byKey = Map.groupBy(goers, (g) => keyOf(g) ?? "");
  const given = [...byKey.keys()].filter((k) => k !== "");
  const big =
    fixed ??
    given
      .filter((k) => byKey.get(k)!.length >= 5)
      .sort((a, b) => byKey.get(b)!.length - byKey.get(a)!.length || labelOf(a).localeCompare(labelOf(b)));
  const groups = big.map((k) => ({ label: labelOf(k), keys: [k] }));
  const small = fixed ? [] : given.filter((k) => !big.includes(k));
  if (small.length) groups.push({ label: "Others (fewer than 5 students each)", keys: small });
  if (byKey.has("")) groups.push({ label: NOT_GIVEN, keys: [""] });
  const count = (attended: boolean) =>
    showBreakdown(
      groups.map((g) => {
        const n = g.keys.reduce(
          (sum, k) => sum + (byKey.get(k) ?? []).filter((x) => !attended || x.attended).length,
          0,
        );
        return { value: n, students: n };
      }),
    );
  return breakdownChart(id, title, {
    description:
      "Your students who registered for a career fair held in the range (your university's or the platform's), each counted once, by what their profile says now.",
    first,
    categories: groups.map((g) => g.label),
    series: [
      { name: "Registered", values: count(false) },
      { name: "Attended", values: count(true) },
    ],
    horizontal: true,
  });
}

/** Career fairs' registrations and attendance by course, level, home country and visa (the issue's four cuts). */
function fairCharts(goers: readonly FairGoer[]): ReportChart[] {
  const courses = new Map<string, string>();
  for (const g of goers)
    if (g.course) courses.set(g.course.toLowerCase(), courses.get(g.course.toLowerCase()) ?? g.course);
  return [
    fairChart(
      "fairs-by-course",
      "Career fairs by course",
      "Course",
      goers,
      (g) => g.course?.toLowerCase() ?? null,
      (k) => courses.get(k) ?? k,
    ),
    fairChart(
      "fairs-by-level",
      "Career fairs by level of study",
      "Level",
      goers,
      (g) => g.level,
      (k) => STUDY_LEVEL_LABELS[k as keyof typeof STUDY_LEVEL_LABELS],
      STUDY_LEVELS,
    ),
    fairChart(
      "fairs-by-home-country",
      "Career fairs by home country",
      "Home country",
      goers,
      (g) => (g.home === null ? null : String(g.home)),
      countryName,
    ),
    fairChart(
      "fairs-by-visa",
      "Career fairs by visa",
      "Visa",
      goers,
      (g) => g.visa,
      (k) => VISA_TYPE_LABELS[k as keyof typeof VISA_TYPE_LABELS],
      VISA_TYPES,
    ),
  ];
}
