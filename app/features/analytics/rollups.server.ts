import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import { MIN_GROUP } from "./privacy";
import { type DayRange, type Grain, splitByMonths, yearMasks } from "./range";

/**
 * Reads of the rollups (app/db/schema/analytics.ts) for one university. Nothing here reads the
 * events table: each query's cost follows the days and groups asked for, not the events behind them.
 */

/** A count and the students behind it, up to five of them by id (`many`: five or more). */
export class Tally {
  value = 0;
  amount = 0;
  many = false;
  readonly ids = new Set<number>();

  add(other: { value: number; amount?: number; many: boolean; ids: Iterable<number> }): this {
    this.value += other.value;
    this.amount += other.amount ?? 0;
    this.many ||= other.many;
    for (const id of other.ids) this.ids.add(id);
    if (this.ids.size >= MIN_GROUP) this.many = true;
    return this;
  }

  /** How many students stand behind the count, up to five. */
  get students(): number {
    return this.many ? MIN_GROUP : this.ids.size;
  }
}

export type CellKey = { dimension: string; metric: string; value: string; period: string };
export type Cell = CellKey & { tally: Tally };

const DAY_PERIOD: Record<Grain | "range", SQL> = {
  range: sql`''`,
  day: sql`day::text`,
  week: sql`date_trunc('week', day)::date::text`,
  month: sql`date_trunc('month', day)::date::text`,
};

/**
 * The rollup rows behind `range` as (dimension, metric, value, period, events, amount, students):
 * summed over the range or by month, whole months come from the monthly rows and only the days at
 * the ends from the daily ones, so a year reads about 13 rows a series instead of 365.
 */
function rowsBehind(
  universityId: number,
  range: DayRange,
  metrics: readonly string[],
  dimensions: readonly string[],
  grain: Grain | "range",
): SQL {
  const which = sql`university_id = ${universityId} and dimension = any(${sql.param([...dimensions])}::text[]) and metric = any(${sql.param([...metrics])}::text[])`;
  const { months, days } =
    grain === "range" || grain === "month" ? splitByMonths(range) : { months: null, days: [range] };
  const parts = days.map(
    (
      d,
    ) => sql`select dimension, metric, value, ${DAY_PERIOD[grain]} as period, events, amount, students from analytics_daily
               where ${which} and day between ${d.from}::date and ${d.to}::date`,
  );
  if (months) {
    parts.push(sql`select dimension, metric, value, ${grain === "month" ? sql`month::text` : sql`''`} as period, events, amount, students from analytics_monthly
                   where ${which} and month between ${months.from}::date and ${months.to}::date`);
  }
  return sql.join(parts, sql` union all `);
}

/**
 * The university's counts over `range` for the metrics and dimensions asked, summed over the range
 * (`grain` "range") or by day, week or month. The students of each cell: five or more when any of
 * its rows had five, or else the union of its rows' few, which are all of them.
 */
export async function cellsOf(
  db: Db,
  universityId: number,
  range: DayRange,
  metrics: readonly string[],
  dimensions: readonly string[],
  grain: Grain | "range" = "range",
): Promise<Cell[]> {
  const behind = rowsBehind(universityId, range, metrics, dimensions, grain);
  const rows = await rowsOf<{
    dimension: string;
    metric: string;
    value: string;
    period: string;
    events: number;
    amount: number;
    widest: number;
  }>(
    db,
    sql`select dimension, metric, value, period, sum(events)::int as events, sum(amount)::float8 as amount, max(cardinality(students))::int as widest
        from (${behind}) r group by 1, 2, 3, 4`,
  );
  // Only a cell none of whose rows had five students needs its rows' few added up: at a large
  // university, hardly any over a month or more.
  const narrow = rows.filter((r) => r.widest > 0 && r.widest < MIN_GROUP);
  const few = new Map<string, number[]>();
  const keyOf = (r: CellKey) => `${r.dimension}\u0000${r.metric}\u0000${r.value}\u0000${r.period}`;
  if (narrow.length) {
    const found = await rowsOf<CellKey & { few: string }>(
      db,
      sql`select dimension, metric, value, period, string_agg(array_to_string(students, ','), ',') as few
          from (${behind}) r
          join (select distinct * from unnest(${sql.param(narrow.map((r) => r.dimension))}::text[], ${sql.param(narrow.map((r) => r.metric))}::text[], ${sql.param(narrow.map((r) => r.value))}::text[]))
            as narrow(dimension, metric, value) using (dimension, metric, value)
          where cardinality(students) between 1 and ${MIN_GROUP - 1}
          group by 1, 2, 3, 4`,
    );
    for (const f of found) few.set(keyOf(f), f.few.split(",").map(Number));
  }
  return rows.map((r) => ({
    dimension: r.dimension,
    metric: r.metric,
    value: r.value,
    period: r.period,
    tally: new Tally().add({
      value: r.events,
      amount: r.amount,
      many: r.widest >= MIN_GROUP,
      ids: r.widest >= MIN_GROUP ? [] : (few.get(keyOf(r)) ?? []),
    }),
  }));
}

/** The cells matching `pick`, added together. */
export function sumOf(cells: readonly Cell[], pick: (c: CellKey) => boolean): Tally {
  const total = new Tally();
  for (const c of cells) if (pick(c)) total.add(c.tally);
  return total;
}

/** The features whose days a student's activity keeps ("any": anything at all). */
export type Feature = "any" | "jobs" | "cv" | "hub" | "calculator" | "sponsors";

/** "The student's bits for `feature` share a day with one of `ranges`'s", in SQL. */
function activeIn(feature: Feature, range: DayRange): SQL {
  const column = sql.raw(`days_${feature}`);
  const years = yearMasks(range).map(
    ({ year, mask }) => sql`(year = ${year} and (${column} & ${mask}::bit(366)) <> repeat('0', 366)::bit(366))`,
  );
  return sql.join(years, sql` or `);
}

/**
 * How many students match `condition` over `range`'s rows: a student has a row a year, so a range
 * within one year counts rows, and only one across years needs them told apart.
 */
function studentsWhere(range: DayRange, condition: SQL): SQL {
  return yearsOf(range).length === 1
    ? sql`count(*) filter (where ${condition})`
    : sql`count(distinct user_id) filter (where ${condition})`;
}

function yearsOf(...ranges: DayRange[]): number[] {
  const years = new Set<number>();
  for (const r of ranges) for (let y = Number(r.from.slice(0, 4)); y <= Number(r.to.slice(0, 4)); y++) years.add(y);
  return [...years];
}

/** How many of the university's students were active in each range, for each feature asked. */
export async function activeStudents<F extends Feature>(
  db: Db,
  universityId: number,
  ranges: readonly DayRange[],
  features: readonly F[],
): Promise<Record<F, number>[]> {
  const columns = ranges.flatMap((range, r) =>
    features.map((f) => sql`${studentsWhere(range, activeIn(f, range))}::int as ${sql.identifier(`${f}_${r}`)}`),
  );
  const [row] = await rowsOf<Record<string, number>>(
    db,
    sql`select ${sql.join(columns, sql`, `)} from analytics_activity where university_id = ${universityId} and year = any(${sql.param(yearsOf(...ranges))}::int[])`,
  );
  return ranges.map(
    (_, r) => Object.fromEntries(features.map((f) => [f, Number(row?.[`${f}_${r}`] ?? 0)])) as Record<F, number>,
  );
}

/** How many of the university's students were active in `range`, by the home country they last gave (a country id, or null). */
export async function activeByHomeCountry(
  db: Db,
  universityId: number,
  range: DayRange,
): Promise<Map<number | null, number>> {
  const rows = await rowsOf<{ home: number | null; n: number }>(
    db,
    sql`select home_country_id as home, ${studentsWhere(range, activeIn("any", range))}::int as n from analytics_activity
        where university_id = ${universityId} and year = any(${sql.param(yearsOf(range))}::int[])
        group by 1`,
  );
  return new Map(rows.map((r) => [r.home, r.n]));
}
