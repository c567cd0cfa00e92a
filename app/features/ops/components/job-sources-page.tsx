import { Form, href } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, SelectField, SubmitButton, TextField } from "~/components/form";
import { ListView } from "~/components/list-view";
import type { JobSourceRun } from "~/db/schema";
import { everyText } from "~/features/job-sources";
import { errorList } from "~/lib/validation";
import { NEW_SOURCE_FIELDS, type NewSourceAnswer } from "../job-source-form";
import type { loadJobSources } from "../job-sources.server";
import { momentText } from "./ops-format";

type Data = Awaited<ReturnType<typeof loadJobSources>>;
type Row = Data["list"]["rows"][number];

/** A run's counts as the command prints them: "+3 ~1 -2, 0 refused". */
export const runCounts = (run: Pick<JobSourceRun, "added" | "updated" | "closed" | "refused">) =>
  `+${run.added} ~${run.updated} -${run.closed}, ${run.refused} refused`;

/** How often a source runs, or that it is off. */
export const scheduleText = (s: { enabled: boolean; everyMinutes: number }) =>
  s.enabled ? everyText(s.everyMinutes) : "off";

/** The flag of a source failing run after run: in words, so it never rests on colour alone. */
export function FailingFlag({ failuresInARow }: { failuresInARow: number }) {
  return (
    <strong className="rounded border-2 border-red-700 px-2 py-0.5 text-red-800">
      {`Failing: ${failuresInARow} runs in a row`}
    </strong>
  );
}

/** /ops/job-sources: the sources with their last runs and open jobs, failing ones flagged, and "Add a source". */
export function JobSourcesPage({ list, failingOnly, kinds, answer }: Data & { answer?: NewSourceAnswer }) {
  const errors = answer?.fieldErrors ?? {};
  const typed = answer?.values;
  return (
    <div>
      <h1 className="text-3xl font-bold">Job sources</h1>
      <p className="mt-2 text-muted">
        The job boards, job-search APIs and careers pages whose jobs are fetched on a schedule. A source whose runs
        failed three times or more in a row is flagged Failing; its page shows each run&apos;s first errors.
      </p>
      <ListView<Row>
        path={href("/ops/job-sources")}
        list={list}
        caption="Job sources"
        minWidth="min-w-[72rem]"
        rowKey={(s) => s.id}
        searchLabel="Search by URL or employer"
        empty="No job source matches."
        filters={
          <label className="flex items-center gap-2 py-2 font-medium">
            <input type="checkbox" name="failing" value="1" defaultChecked={failingOnly} className="h-5 w-5" />
            Failing only
          </label>
        }
        columns={[
          {
            header: "Source",
            cell: (s) => (
              <Link to={href("/ops/job-sources/:id", { id: String(s.id) })} className="underline">
                {`#${s.id} ${s.kind}`}
              </Link>
            ),
            sortKey: "kind",
          },
          { header: "URL", cell: (s) => s.url, className: "break-all" },
          { header: "Employer", cell: (s) => s.employerName ?? "" },
          { header: "Schedule", cell: (s) => scheduleText(s) },
          {
            header: "Last run",
            cell: (s) =>
              s.lastRun ? `${momentText(s.lastRun.startedAt)}, ${s.lastRun.outcome}, ${runCounts(s.lastRun)}` : "never",
            sortKey: "lastRun",
          },
          { header: "Open jobs", cell: (s) => s.openJobs.toLocaleString("en-GB") },
          { header: "Status", cell: (s) => (s.failing ? <FailingFlag failuresInARow={s.failuresInARow} /> : "") },
        ]}
      />
      <section className="mt-10 max-w-2xl" aria-labelledby="add-source">
        <h2 id="add-source" className="text-xl font-semibold">
          Add a source
        </h2>
        <p className="mt-1 text-muted">
          How to find each kind&apos;s address: docs/features/job-sources.md. API keys (Adzuna, Reed, Teamtailor) come
          from the server&apos;s configuration, never from here.
        </p>
        <ErrorSummary formError={answer?.formError} fields={errorList(errors, NEW_SOURCE_FIELDS)} answer={answer} />
        <Form method="post" className="mt-4 space-y-5" noValidate>
          <SelectField
            name="kind"
            label="Kind"
            options={kinds.map((k) => ({ value: k, label: k }))}
            defaultValue={typed?.kind ?? ""}
            error={errors.kind}
          />
          <TextField
            name="url"
            label="URL"
            hint="The full address fetched, like https://boards-api.greenhouse.io/v1/boards/acme/jobs"
            type="url"
            spellCheck={false}
            autoCapitalize="none"
            defaultValue={typed?.url ?? ""}
            error={errors.url}
          />
          <TextField
            name="employer"
            label="Employer name (optional)"
            hint="For one employer's board: named on its jobs when the provider names no company."
            defaultValue={typed?.employer ?? ""}
            error={errors.employer}
          />
          <TextField
            name="every"
            label="How often"
            hint="Like 30m, 6h or 1d; every 6 hours when left empty."
            spellCheck={false}
            autoCapitalize="none"
            defaultValue={typed?.every ?? "6h"}
            error={errors.every}
          />
          <SubmitButton>Add the source</SubmitButton>
        </Form>
      </section>
    </div>
  );
}
