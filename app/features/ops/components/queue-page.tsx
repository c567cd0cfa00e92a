import { href } from "react-router";
import { SelectField } from "~/components/form";
import { ListView } from "~/components/list-view";
import type { loadQueue } from "../queue.server";
import { ageText, momentText } from "./ops-format";
import { OldestWaiting, RetryOrGiveUp } from "./row-buttons";

type Data = Awaited<ReturnType<typeof loadQueue>>;
type Row = Data["list"]["rows"][number];

/** /ops/queue: the background jobs, the oldest one waiting for a runner, and a failed job's buttons. */
export function QueuePage({ list, state, states, kind, kinds, oldestWaitingMs }: Data) {
  return (
    <div>
      <h1 className="text-3xl font-bold">Job queue</h1>
      <p className="mt-2 text-muted">
        The platform&apos;s background work (sending email, alerts, refreshes). A job that fails is tried again after a
        growing wait; after its last attempt it is failed and kept here with its error. Retry makes it due now with its
        attempts counted afresh; Give up removes it.
      </p>
      <OldestWaiting
        label="Oldest job waiting for a runner"
        age={oldestWaitingMs === null ? null : `due ${ageText(oldestWaitingMs)} ago`}
      />
      <ListView<Row>
        path={href("/ops/queue")}
        list={list}
        caption="Jobs"
        minWidth="min-w-[64rem]"
        rowKey={(j) => j.id}
        empty="No job matches."
        filters={
          <>
            <div className="min-w-48">
              <SelectField
                name="state"
                label="State"
                required={false}
                placeholder="Any state"
                defaultValue={state ?? ""}
                options={states.map((s) => ({ value: s, label: s }))}
              />
            </div>
            <div className="min-w-48">
              <SelectField
                name="kind"
                label="Kind"
                required={false}
                placeholder="Any kind"
                defaultValue={kind ?? ""}
                options={kinds.map((k) => ({ value: k, label: k }))}
              />
            </div>
          </>
        }
        columns={[
          { header: "Job", cell: (j) => `#${j.id} ${j.kind}`, sortKey: "kind" },
          { header: "State", cell: (j) => (j.everyMs ? `${j.state} (recurring)` : j.state) },
          { header: "Due", cell: (j) => momentText(j.runAt), sortKey: "runAt" },
          { header: "Attempts", cell: (j) => j.attempts, sortKey: "attempts" },
          { header: "Last error", cell: (j) => j.lastError ?? "", className: "break-all" },
          { header: "Payload", cell: (j) => <code>{j.payload}</code>, className: "break-all" },
          { header: "Queued", cell: (j) => momentText(j.createdAt), sortKey: "created" },
          {
            header: "Actions",
            cell: (j) => (j.state === "failed" ? <RetryOrGiveUp id={j.id} what={`job #${j.id}`} /> : null),
          },
        ]}
      />
    </div>
  );
}
