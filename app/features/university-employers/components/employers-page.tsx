import { Form, href } from "react-router";
import { ErrorSummary, RadioGroup } from "~/components/form";
import { ListView } from "~/components/list-view";
import { EMPLOYER_POLICIES, VERIFIED_SPONSOR_LABEL } from "~/db/schema/job-posting-values";
import { errorList } from "~/lib/validation";
import type { PolicyAnswer, UniversityEmployersData } from "../page.server";
import { POLICY_LABELS } from "../reach";

type Row = UniversityEmployersData["list"]["rows"][number];

const DECISION_LABELS = { approved: "Approved", blocked: "Blocked" } as const;

const BUTTON = "rounded border border-slate-500 px-3 py-1 font-semibold hover:bg-slate-100";

/** A row's buttons: each decision it does not hold yet, and clearing the one it holds. */
function DecisionButtons({ row }: { row: Row }) {
  const button = (intent: string, label: string) => (
    <button type="submit" name="intent" value={intent} className={BUTTON}>
      {label}
      <span className="sr-only"> {row.name}</span>
    </button>
  );
  return (
    <Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="organisation" value={row.id} />
      {row.decision !== "approved" ? button("approve", "Approve") : null}
      {row.decision !== "blocked" ? button("block", "Block") : null}
      {row.decision ? button("clear", "Clear decision") : null}
    </Form>
  );
}

const COLUMNS = [
  { header: "Employer", sortKey: "name", cell: (r: Row) => <span className="font-semibold">{r.name}</span> },
  { header: "Website", cell: (r: Row) => r.website, className: "break-all" },
  { header: VERIFIED_SPONSOR_LABEL, cell: (r: Row) => (r.licensedSponsor ? "Yes" : "No") },
  { header: "Open jobs", sortKey: "jobs", cell: (r: Row) => r.openJobs.toLocaleString("en-GB") },
  { header: "Your decision", cell: (r: Row) => (r.decision ? DECISION_LABELS[r.decision] : "No decision") },
  { header: "Reaches your students", cell: (r: Row) => (r.reaches ? "Yes" : "No") },
  { header: "Actions", cell: (r: Row) => <DecisionButtons row={r} /> },
];

/** /university-dashboard/employers: which employers' jobs the university's students see. */
export function UniversityEmployersPage({ data, answer }: { data: UniversityEmployersData; answer?: PolicyAnswer }) {
  const errors = errorList(answer?.fieldErrors ?? {}, ["policy"]);
  return (
    <div>
      <h1 className="text-3xl font-bold">Employers</h1>
      <p className="mt-2 max-w-3xl text-muted">
        Choose which employers&apos; jobs reach the students of {data.universityName}: in their job search,
        recommendations and job alerts. A blocked employer&apos;s jobs are left out for your students only. Jobs from
        job feeds are not posted by employer accounts and are not affected.
      </p>
      <ErrorSummary fields={errors} answer={answer} />
      <section aria-labelledby="policy-heading" className="mt-6 max-w-3xl">
        <h2 id="policy-heading" className="text-xl font-semibold">
          Your policy
        </h2>
        <Form method="post" className="mt-2 space-y-4">
          <RadioGroup
            name="policy"
            legend="Which employers' jobs your students see"
            hint="Your decisions below come first: an approved employer always reaches your students, a blocked one never."
            error={answer?.fieldErrors.policy}
            checked={data.policy}
            options={EMPLOYER_POLICIES.map((value) => ({ value, label: POLICY_LABELS[value] }))}
          />
          <button
            type="submit"
            name="intent"
            value="policy"
            className="rounded bg-brand px-4 py-2 font-semibold text-white hover:opacity-90"
          >
            Save policy
          </button>
        </Form>
      </section>
      <section aria-labelledby="employers-heading" className="mt-8">
        <h2 id="employers-heading" className="text-xl font-semibold">
          Verified employers
        </h2>
        <ListView
          path={href("/university-dashboard/employers")}
          list={data.list}
          caption="Verified employers"
          columns={COLUMNS}
          rowKey={(r) => r.id}
          minWidth="min-w-[64rem]"
          searchLabel="Search by name or website"
          empty="No verified employer matches."
        />
      </section>
    </div>
  );
}
