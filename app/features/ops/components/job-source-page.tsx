import { Form, href } from "react-router";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { FreshCodeField } from "~/features/staff";
import type { JobSourceAnswer, loadJobSource } from "../job-sources.server";
import { FailingFlag, runCounts, scheduleText } from "./job-sources-page";
import { momentText } from "./ops-format";

type Data = Awaited<ReturnType<typeof loadJobSource>>;
type Run = Data["source"]["runs"][number];

const BUTTON = "rounded border border-slate-500 px-3 py-1 font-semibold hover:bg-slate-100";

/** /ops/job-sources/{id}: a source's settings, its latest runs with their first errors, and its buttons. */
export function JobSourcePage({ source, answer }: Data & { answer?: JobSourceAnswer }) {
  const facts: [string, string][] = [
    ["Kind", source.kind],
    ["URL", source.url],
    ["Employer", source.employerName ?? "none (the provider names the company)"],
    ["Schedule", scheduleText(source)],
    ["Added", momentText(source.createdAt)],
    ["Last run", momentText(source.lastRunAt) || "never"],
    ["Failed runs in a row", String(source.failuresInARow)],
    ["Open jobs", source.openJobs.toLocaleString("en-GB")],
  ];
  return (
    <div>
      <p>
        <Link to={href("/ops/job-sources")} className="underline">
          All job sources
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{`Job source #${source.id}: ${source.kind}`}</h1>
      {source.failing ? (
        <p className="mt-2">
          <FailingFlag failuresInARow={source.failuresInARow} />
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        {facts.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="font-semibold">{name}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      {source.queue ? (
        <p className="mt-4 font-semibold" role="status">
          {source.queue === "failed"
            ? "Its last run requested failed in the job queue: retry it or give it up on the Job queue page."
            : `A run is ${source.queue} now: its result shows below when it ends.`}
        </p>
      ) : null}
      <Form method="post" className="mt-6 flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value="run"
          className="rounded bg-brand px-3 py-1 font-semibold text-white hover:opacity-90"
        >
          Run now
        </button>
        <button type="submit" name="intent" value={source.enabled ? "off" : "on"} className={BUTTON}>
          {source.enabled ? "Turn off" : "Turn on"}
        </button>
      </Form>
      <p className="mt-2 text-sm text-muted">
        Run now queues a run at once (one at a time per source). Turn off stops its schedule; its jobs stay.
      </p>
      <h2 className="mt-8 text-xl font-semibold">Remove the source</h2>
      <p className="mt-2">
        {`Deletes the source and its runs. Its ${source.openJobs.toLocaleString("en-GB")} open ${source.openJobs === 1 ? "job closes" : "jobs close"}, their pages saying so: this cannot be undone.`}
      </p>
      <Form method="post" className="mt-3 max-w-sm space-y-3">
        <FreshCodeField id="remove-code" error={answer?.codeError} />
        <button type="submit" name="intent" value="remove" className={BUTTON}>
          Remove source #{source.id}
        </button>
      </Form>
      <h2 className="mt-8 text-xl font-semibold">Latest runs</h2>
      {source.runs.length ? (
        <DataTable<Run>
          caption={`The latest runs of source #${source.id}`}
          minWidth="min-w-[56rem]"
          rowKey={(r) => r.id}
          rows={source.runs}
          columns={[
            { header: "Started", cell: (r) => momentText(r.startedAt) },
            { header: "Took", cell: (r) => `${(r.durationMs / 1000).toFixed(1)} s` },
            { header: "Outcome", cell: (r) => r.outcome },
            { header: "Jobs (+new ~updated -closed)", cell: (r) => runCounts(r) },
            {
              header: "First errors",
              className: "break-all",
              cell: (r) =>
                r.errors.length ? (
                  <ul className="list-disc pl-5">
                    {r.errors.map((e, i) => (
                      <li key={i}>{e}</li>
                    ))}
                  </ul>
                ) : (
                  ""
                ),
            },
          ]}
        />
      ) : (
        <p className="mt-2">Not run yet.</p>
      )}
    </div>
  );
}
