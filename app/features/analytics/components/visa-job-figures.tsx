import { formatDate } from "~/lib/dates";
import { cellOf } from "../privacy";
import type { VisaJobReport } from "../reports.server";

const GBP = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });
const NUMBER = new Intl.NumberFormat("en-GB");

/** The visa and jobs page's totals, and the salary thresholds its charts hold jobs against. */
export function VisaJobFigures({ totals, thresholds }: Pick<VisaJobReport, "totals" | "thresholds">) {
  return (
    <>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {totals.map((t) => (
          <div key={t.label} className="rounded border border-slate-300 bg-white p-4">
            <dt className="text-sm text-muted">{t.label}</dt>
            <dd className="text-2xl font-bold">
              {typeof cellOf(t.value) === "number" ? NUMBER.format(t.value!) : cellOf(t.value)}
            </dd>
          </div>
        ))}
      </dl>
      {thresholds ? (
        <p className="mt-4 max-w-3xl text-sm">
          {`Salary thresholds of the rules from ${formatDate(thresholds.from)}: ${GBP.format(thresholds.general)} a year in general, ${GBP.format(thresholds.newEntrant)} for a new entrant (and at least each occupation's going rate). `}
          <a href="https://www.gov.uk/skilled-worker-visa/your-job" className="underline">
            The Skilled Worker salary rules on GOV.UK
          </a>
          .
        </p>
      ) : null}
    </>
  );
}
