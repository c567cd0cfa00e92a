import { Link } from "~/components/link";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ChartFigure } from "~/components/chart-figure";
import {
  StaleRegisterWarning,
  Attribution,
  type Freshness,
  OFFICIAL_REGISTER_URL,
  CHECK_PATH,
} from "~/features/sponsors";
import { formatDate, formatUkDay } from "~/lib/dates";
import { pounds } from "~/lib/money";
import type { DrawnChart, DrawnReport } from "../page.server";
import { percentOf } from "../shares";

export const REPORT_TITLE = "International student job search report";
const NUMBER = new Intl.NumberFormat("en-GB");
const UK_TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });
const count = (n: number, one: string, many: string) => `${NUMBER.format(n)} ${n === 1 ? one : many}`;
const SKILLED_WORKER_JOB_RULES = "https://www.gov.uk/skilled-worker-visa/your-job";

function Charts({ charts }: { charts: DrawnChart[] }) {
  return charts.map((c) => (
    <ChartFigure key={c.id} id={c.id} title={c.title} description={c.description} svg={c.svg} table={c.table} />
  ));
}

/**
 * The public report: key figures, the register's charts, the jobs' charts (or a sentence while no
 * job is open), the methodology with its dates and sources, and the register's licence.
 */
export function JobSearchReportPage({
  report,
  freshness,
  registerLoading,
}: {
  report: DrawnReport;
  freshness: Freshness | null;
  registerLoading: boolean;
}) {
  const { register, jobs } = report;
  const computed = `${formatUkDay(report.computedAt)} at ${UK_TIME.format(new Date(report.computedAt))} (UK time)`;
  const figures = [
    ...(register
      ? [
          { label: "Organisations licensed to sponsor workers", value: NUMBER.format(register.organisations) },
          { label: "Visa routes they are licensed for", value: NUMBER.format(register.routes) },
        ]
      : []),
    { label: "Open jobs on this site", value: NUMBER.format(jobs.open) },
  ];

  return (
    <article className="mx-auto max-w-4xl">
      <Breadcrumbs trail={[{ to: "/", label: "Home" }]} current={REPORT_TITLE} />
      <h1 className="mt-4 text-3xl font-bold">{REPORT_TITLE}</h1>
      <p className="mt-2 max-w-3xl text-lg">
        Where an international student can look for a UK employer able to sponsor a work visa: the Home Office register
        of licensed sponsors in figures, and the jobs on this site by whether they are likely to qualify for Skilled
        Worker sponsorship.
      </p>
      <p className="mt-4" data-testid="report-dates">
        {register ? (
          <>
            From the register of licensed sponsors of <strong>{formatDate(register.registerDate)}</strong>. Figures
            computed on {computed}.
          </>
        ) : registerLoading ? (
          "The register of licensed sponsors is still loading after the first start. Try again in a few seconds."
        ) : (
          "No register of licensed sponsors has been imported yet, so there are no figures about sponsors to show."
        )}
      </p>
      <StaleRegisterWarning freshness={freshness} />

      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {figures.map((f) => (
          <div key={f.label} className="rounded border border-slate-300 bg-white p-4">
            <dt className="text-sm text-muted">{f.label}</dt>
            <dd className="text-2xl font-bold">{f.value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="register-heading" className="mt-10">
        <h2 id="register-heading" className="text-2xl font-semibold">
          Licensed sponsors
        </h2>
        {register ? (
          <>
            <p className="mt-2 max-w-3xl">
              {`${NUMBER.format(register.organisations)} organisations hold a licence to sponsor workers on the register of ${formatDate(register.registerDate)}. `}
              Whether one particular employer does, and on which routes, the{" "}
              <Link to={CHECK_PATH} className="text-brand underline">
                sponsor licence check
              </Link>{" "}
              answers.
            </p>
            <Charts charts={register.charts} />
          </>
        ) : (
          <p className="mt-2">The figures about licensed sponsors appear here once the register is imported.</p>
        )}
      </section>

      <section aria-labelledby="jobs-heading" className="mt-10">
        <h2 id="jobs-heading" className="text-2xl font-semibold">
          Jobs on this site
        </h2>
        {jobs.charts.length ? (
          <>
            <p className="mt-2 max-w-3xl">
              {`The charts below count the ${count(jobs.open, "job", "jobs")} open on this site on ${formatUkDay(report.computedAt)}, by the sponsorship verdict each job's page gives and by salary. `}
              <Link to="/jobs" className="text-brand underline">
                Search the jobs
              </Link>
              .
            </p>
            {jobs.thresholds ? (
              <p className="mt-2 max-w-3xl text-sm">
                {`Salary thresholds of the rules in force from ${formatDate(jobs.thresholds.from)}: ${pounds(jobs.thresholds.general)} a year in general, ${pounds(jobs.thresholds.newEntrant)} for a new entrant, and at least each occupation's going rate.`}
              </p>
            ) : null}
            <Charts charts={jobs.charts} />
          </>
        ) : (
          <p className="mt-2 max-w-3xl" data-testid="no-jobs">
            {jobs.demoLeftOut
              ? `No real job listing is open on this site yet, so there are no job figures to show: the ${count(jobs.demoLeftOut, "open listing is a generated demo listing", "open listings are generated demo listings")}, which this report does not count.`
              : "No job is open on this site yet, so there are no job figures to show. They appear here once jobs are listed."}
          </p>
        )}
      </section>

      <section aria-labelledby="methodology-heading" className="mt-10 max-w-3xl">
        <h2 id="methodology-heading" className="text-2xl font-semibold">
          Methodology
        </h2>

        <h3 className="mt-4 text-lg font-semibold">Sources and dates</h3>
        <ul className="mt-2 list-disc space-y-2 pl-6">
          <li>
            Licensed sponsors: the Home Office{" "}
            <a href={OFFICIAL_REGISTER_URL} className="text-brand underline">
              Register of licensed sponsors: workers
            </a>{" "}
            on GOV.UK, which the Home Office publishes again as licences are granted, downgraded and revoked.
            {register
              ? ` This report uses the register of ${formatDate(register.registerDate)} (file ${register.source}), imported here on ${formatUkDay(register.importedAt)}.`
              : " No register has been imported here yet."}
          </li>
          <li>
            Jobs: the jobs listed on this site, each with the sponsorship verdict this site gave it from the register,
            the job&apos;s occupation and its salary
            {jobs.thresholds ? (
              <>
                {" under the "}
                <a href={jobs.thresholds.url} className="text-brand underline">
                  {jobs.thresholds.title}
                </a>
                {` (in force from ${formatDate(jobs.thresholds.from)}); see `}
                <a href={SKILLED_WORKER_JOB_RULES} className="text-brand underline">
                  the Skilled Worker job and salary rules on GOV.UK
                </a>
              </>
            ) : null}
            .
          </li>
          <li>
            {`Figures computed on ${computed}. They are computed again when a new register is imported or a job is added, and at least every hour.`}
          </li>
        </ul>

        <h3 className="mt-6 text-lg font-semibold">What is counted</h3>
        <ul className="mt-2 list-disc space-y-2 pl-6">
          <li>
            {register
              ? `Organisations on the register. The register has one line per organisation, route and licence (${NUMBER.format(register.rows)} lines); lines with the same name and town are one organisation, as in the sponsor licence check (${NUMBER.format(register.organisations)}).`
              : "Organisations on the register: lines with the same name and town are one organisation, as in the sponsor licence check."}
          </li>
          <li>
            By route and by licence type and rating, an organisation counts once on each route, and once for each type
            and rating, it holds, so those figures add up to more than the number of organisations. Shares are of all
            organisations.
          </li>
          <li>
            {register
              ? `By place, the town or city the register gives, with spellings that differ only in capitals or punctuation counted together (${NUMBER.format(register.towns)} towns and cities in all${register.townNotGiven ? `; ${NUMBER.format(register.townNotGiven)} organisations give none` : ""}). The register has no region column, and gives a county for ${NUMBER.format(register.countyGiven)} of the ${NUMBER.format(register.organisations)} organisations (${percentOf(register.countyGiven, register.organisations)}%), so the report counts places by town or city rather than by county.`
              : "By place, the town or city the register gives: it has no region column, and its county column is often blank."}
          </li>
          <li>
            Jobs open on the day the figures were computed, by the verdict and salary band each had when this site last
            judged it.
          </li>
        </ul>

        <h3 className="mt-6 text-lg font-semibold">What is not counted</h3>
        <ul className="mt-2 list-disc space-y-2 pl-6">
          <li>
            Vacancies or visas: a licence says an organisation may sponsor workers, not that it is hiring or will
            sponsor a particular job. The register does not say how many people each organisation sponsors.
          </li>
          <li>Organisations licensed only for students (the register of student sponsors is a separate list).</li>
          <li>
            Closed jobs
            {jobs.demoLeftOut
              ? `, and the ${count(jobs.demoLeftOut, "generated demo listing", "generated demo listings")} on this site, which are not real vacancies`
              : ""}
            .
          </li>
          <li>
            Occupation going rates: the salary bands compare pay with the general and new-entrant thresholds only. A job
            page gives the full verdict, with the going rate of its occupation.
          </li>
        </ul>
      </section>

      <Attribution registerDate={register?.registerDate ?? null} />
    </article>
  );
}
