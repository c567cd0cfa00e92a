import { type RouterContextProvider, data } from "react-router";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { requireUniversityAdmin } from "~/features/access/index.server";
import { todayInLondon } from "~/lib/dates";
import { renderChartSvg } from "~/lib/charts/render.server";
import { clockContext } from "~/lib/context";
import { csvResponse } from "~/lib/csv";
import { type DayRange, readRange } from "./range";
import { type ReportChart, engagementReport, homeCountryReport, visaJobReport } from "./reports.server";

type Make = (db: Db, universityId: number, range: DayRange, today: string) => Promise<{ charts: ReportChart[] }>;

/** The three analytics pages, by the name their CSV addresses use. */
export const REPORTS = {
  "visa-job": {
    path: "/visa-job-analytics",
    title: "Visa and job analytics",
    make: ((db, id, range, today) => visaJobReport(db, id, range, today)) satisfies Make,
  },
  "home-country": {
    path: "/home-country-job-analytics",
    title: "Home country analytics",
    make: ((db, id, range) => homeCountryReport(db, id, range)) satisfies Make,
  },
  engagement: {
    path: "/student-circus-analytics",
    title: "Student engagement analytics",
    make: ((db, id, range) => engagementReport(db, id, range)) satisfies Make,
  },
} as const;
export type ReportName = keyof typeof REPORTS;

function rangeOf(request: Request, context: Readonly<RouterContextProvider>) {
  const today = todayInLondon(context.get(clockContext)());
  return { today, choice: readRange(new URL(request.url), today) };
}

/** An analytics page's data: its figures over the range asked (or the last 30 days, with why), each chart drawn. */
export async function loadReport<N extends ReportName>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  name: N,
) {
  // The admin's own university (the campus they are on): another's figures are never computed.
  const { id: universityId } = (await requireUniversityAdmin(context)).university;
  const { today, choice } = rangeOf(request, context);
  const report = (await REPORTS[name].make(context.get(dbContext), universityId, choice.range, today)) as Awaited<
    ReturnType<(typeof REPORTS)[N]["make"]>
  >;
  const query = new URLSearchParams(choice.range).toString();
  const charts = report.charts.map(({ chart, ...rest }) => ({
    ...rest,
    svg: renderChartSvg(chart),
    csvHref: `/analytics-csv/${name}/${rest.id}?${query}`,
  }));
  return data(
    {
      ...report,
      charts,
      range: choice.range,
      previous: choice.previous,
      input: choice.input,
      error: choice.error,
      today,
    },
    { status: choice.error ? 400 : 200 },
  );
}

/** One chart's table as CSV: exactly the rows the page shows for the same range. */
export async function reportCsv(
  request: Request,
  context: Readonly<RouterContextProvider>,
  name: string,
  table: string,
): Promise<Response> {
  const { id: universityId } = (await requireUniversityAdmin(context)).university;
  if (!Object.hasOwn(REPORTS, name)) throw data(null, { status: 404 });
  const { today, choice } = rangeOf(request, context);
  if (choice.error)
    return new Response(choice.error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const report = await REPORTS[name as ReportName].make(context.get(dbContext), universityId, choice.range, today);
  const chart = report.charts.find((c) => c.id === table);
  if (!chart) throw data(null, { status: 404 });
  return csvResponse(`${name}-${chart.id}-${choice.range.from}-to-${choice.range.to}.csv`, [
    chart.table.columns,
    ...chart.table.rows,
  ]);
}
