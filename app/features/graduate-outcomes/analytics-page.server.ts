import { type RouterContextProvider, data } from "react-router";
import { dbContext } from "~/db/context";
import { requireUniversityAdmin } from "~/features/access/index.server";
import { renderChartSvg } from "~/lib/charts/render.server";
import { clockContext } from "~/lib/context";
import { csvResponse } from "~/lib/csv";
import { todayInLondon } from "~/lib/dates";
import { type OutcomesFilter, outcomesReport, readFilter, yearsOffered } from "./report.server";

type Context = Readonly<RouterContextProvider>;

/** The page's name in the analytics CSV addresses (/analytics-csv/graduate-outcomes/{chart}). */
export const OUTCOMES_REPORT = "graduate-outcomes";

/** The admin's own university's report for the survey and year asked (another's is never computed). */
async function reportFor(request: Request, context: Context) {
  const { university } = await requireUniversityAdmin(context);
  const today = todayInLondon(context.get(clockContext)());
  const choice = readFilter(new URL(request.url), today);
  return { ...choice, today, report: await outcomesReport(context.get(dbContext), university, choice.filter) };
}

const queryOf = (f: OutcomesFilter) =>
  new URLSearchParams({ wave: String(f.wave), ...(f.year ? { year: String(f.year) } : {}) }).toString();

/** /graduate-outcomes-analytics: the figures, each chart drawn with its table and CSV link, and the choice shown. */
export async function loadOutcomesAnalytics(request: Request, context: Context) {
  const { filter, error, input, today, report } = await reportFor(request, context);
  return data(
    {
      country: report.country,
      figures: report.figures,
      charts: report.charts.map(({ chart, ...rest }) => ({
        ...rest,
        svg: renderChartSvg(chart),
        csvHref: `/analytics-csv/${OUTCOMES_REPORT}/${rest.id}?${queryOf(filter)}`,
      })),
      filter,
      input,
      error,
      years: yearsOffered(today),
    },
    { status: error ? 400 : 200 },
  );
}

export type OutcomesAnalyticsData = Awaited<ReturnType<typeof loadOutcomesAnalytics>>["data"];

/** One chart's table as CSV: exactly the rows the page shows for the same survey and year. */
export async function outcomesCsv(request: Request, context: Context, table: string): Promise<Response> {
  const { filter, error, report } = await reportFor(request, context);
  if (error) return new Response(error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const chart = report.charts.find((c) => c.id === table);
  if (!chart) throw data(null, { status: 404 });
  return csvResponse(
    `${OUTCOMES_REPORT}-${chart.id}-${filter.wave}-months${filter.year ? `-${filter.year}` : ""}.csv`,
    [chart.table.columns, ...chart.table.rows],
  );
}
