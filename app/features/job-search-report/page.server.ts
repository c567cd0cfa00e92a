import { type RouterContextProvider, href } from "react-router";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { siteOrigin } from "~/features/access/index.server";
import { sponsorRegisterContext, registerFreshness } from "~/features/sponsors";
import { todayInLondon } from "~/lib/dates";
import { renderChartSvg } from "~/lib/charts/render.server";
import { clockContext } from "~/lib/context";
import { type JobSearchReport, type ReportChart, buildJobSearchReport, reportVersion } from "./report.server";

export const REPORT_PATH = href("/international-student-job-search-report");

/** Figures older than this are computed again even when nothing they depend on seems to have changed. */
export const REPORT_MAX_AGE_MS = 60 * 60 * 1000;

/** A chart as the page shows it: drawn, without the spec it was drawn from. */
export type DrawnChart = Omit<ReportChart, "chart"> & { svg: string };
export type DrawnReport = Omit<JobSearchReport, "register" | "jobs"> & {
  register: (Omit<NonNullable<JobSearchReport["register"]>, "charts"> & { charts: DrawnChart[] }) | null;
  jobs: Omit<JobSearchReport["jobs"], "charts"> & { charts: DrawnChart[] };
};

const draw = (charts: ReportChart[]): DrawnChart[] =>
  charts.map(({ chart, ...rest }) => ({ ...rest, svg: renderChartSvg(chart) }));

type Memo = { version: string; day: string; expires: number; report: Promise<DrawnReport> };
/**
 * The figures are the same for everyone, so each database's latest are kept (figures and drawn
 * charts) until the register is imported again, a job is added, the UK day changes or an hour
 * passes. On the demo database (the 2021 register's 38,365 organisations, 3,000 jobs) computing
 * them took 150 ms and drawing the charts 15 ms (PGlite, 2-core machine, 2026-11-25); a view served
 * from here, 1 ms. Keyed by the database so that tests, each with their own, never see another's
 * figures.
 */
const memos = new WeakMap<Db, Memo>();

/** The report's figures with their charts drawn, computed at most once per register, newest job, day and hour. */
export async function drawnReport(db: Db, now: Date): Promise<DrawnReport> {
  const version = await reportVersion(db);
  const day = todayInLondon(now);
  const memo = memos.get(db);
  if (memo && memo.version === version && memo.day === day && now.getTime() < memo.expires) return memo.report;
  const report = buildJobSearchReport(db, now).then(
    (r): DrawnReport => ({
      ...r,
      register: r.register ? { ...r.register, charts: draw(r.register.charts) } : null,
      jobs: { ...r.jobs, charts: draw(r.jobs.charts) },
    }),
  );
  memos.set(db, { version, day, expires: now.getTime() + REPORT_MAX_AGE_MS, report });
  // A failure is not kept: the next view tries again.
  report.catch(() => {
    if (memos.get(db)?.report === report) memos.delete(db);
  });
  return report;
}

/** The page's data: the report, how old its register is today, and the address it is published under. */
export async function loadJobSearchReport(request: Request, context: Readonly<RouterContextProvider>) {
  const now = context.get(clockContext)();
  const report = await drawnReport(context.get(dbContext), now);
  return {
    report,
    freshness: registerFreshness(report.register?.registerDate ?? null, todayInLondon(now)),
    registerLoading: !report.register && context.get(sponsorRegisterContext).loading,
    canonical: `${siteOrigin(context)}${REPORT_PATH}`,
  };
}
