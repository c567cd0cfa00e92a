import { Form } from "react-router";
import { Link } from "~/components/link";
import { SelectField } from "~/components/form";
import { formatUkDay } from "~/lib/dates";
import type { SavedJobsPageData } from "../saved-page.server";
import { JobCard } from "./job-card";

const DAY = 86_400_000;

/** "Closes in 3 days (2 December 2026)", "Closes today", or nothing without a closing date (a passed one is a closed job). */
function closing(closingDate: string | null, today: string): string | null {
  if (!closingDate) return null;
  const days = Math.round((Date.parse(`${closingDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY);
  const day = formatUkDay(`${closingDate}T12:00:00Z`);
  if (days === 0) return `Closes today (${day})`;
  return `Closes in ${days} ${days === 1 ? "day" : "days"} (${day})`;
}

/** /my-saved-jobs: the saved jobs, closing soonest first, and the job alerts with their own buttons. */
export function SavedJobsPage({ data, answer }: { data: SavedJobsPageData; answer?: { error: string } }) {
  const { saved, alerts, today, alertsMax } = data;
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-bold">My saved jobs</h1>
      {answer?.error ? (
        <p role="alert" className="mt-4 rounded border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {answer.error}
        </p>
      ) : null}

      <section aria-labelledby="saved-heading" className="mt-8">
        <h2 id="saved-heading" className="text-xl font-semibold">
          {saved.length ? `Saved jobs (${saved.length})` : "Saved jobs"}
        </h2>
        {saved.length ? (
          <>
            <p className="mt-1 text-muted">The jobs closing soonest come first.</p>
            <ol className="mt-4 space-y-4">
              {saved.map((job) => {
                const when = job.closed ? "This job has closed." : closing(job.closingDate, today);
                return (
                  <li key={job.slug}>
                    <JobCard job={job} saved>
                      {when ? (
                        <p className={`mt-2 text-sm font-semibold ${job.closed ? "text-muted" : ""}`}>{when}</p>
                      ) : null}
                    </JobCard>
                  </li>
                );
              })}
            </ol>
          </>
        ) : (
          <p className="mt-2">
            You have not saved any jobs yet. Press “Save job” on any job to keep it here.{" "}
            <Link to="/jobs" className="text-brand underline">
              Search jobs
            </Link>
          </p>
        )}
      </section>

      <section aria-labelledby="alerts-heading" className="mt-10">
        <h2 id="alerts-heading" className="text-xl font-semibold">
          Job alerts
        </h2>
        <p className="mt-1 text-muted">{`New jobs matching a saved search, by email. Create one from any search of the job lists (at most ${alertsMax}).`}</p>
        {alerts.length ? (
          <ul className="mt-4 space-y-4">
            {alerts.map((alert) => (
              <li key={alert.id} className="rounded border border-slate-300 bg-white p-4">
                <p className="font-semibold">
                  <Link to={alert.address} className="text-brand underline">
                    {alert.description}
                  </Link>
                </p>
                {alert.pausedAt ? (
                  <p className="mt-1 text-sm">{`Emails stopped on ${formatUkDay(alert.pausedAt)} (you unsubscribed). Choose how often to start them again.`}</p>
                ) : null}
                <div className="mt-3 flex flex-wrap items-end gap-4">
                  <Form method="post" className="flex flex-wrap items-end gap-3">
                    <input type="hidden" name="intent" value="alert-frequency" />
                    <input type="hidden" name="id" value={alert.id} />
                    <div>
                      <SelectField
                        name="frequency"
                        label={`How often: ${alert.description}`}
                        options={[
                          { value: "daily", label: "Daily" },
                          { value: "weekly", label: "Weekly" },
                        ]}
                        defaultValue={alert.frequency}
                      />
                    </div>
                    <button
                      type="submit"
                      className="rounded border border-brand px-3 py-2 text-sm font-semibold text-brand"
                    >
                      {alert.pausedAt ? "Start emails again" : "Change"}
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="alert-delete" />
                    <input type="hidden" name="id" value={alert.id} />
                    <button
                      type="submit"
                      className="rounded border border-red-700 px-3 py-2 text-sm font-semibold text-red-800"
                      aria-label={`Delete alert: ${alert.description}`}
                    >
                      Delete
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2">
            You have no job alerts.{" "}
            <Link to="/jobs" className="text-brand underline">
              Search jobs
            </Link>{" "}
            and choose “Create alert” to get new jobs like those by email.
          </p>
        )}
      </section>
    </article>
  );
}
