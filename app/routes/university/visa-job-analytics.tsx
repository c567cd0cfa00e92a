import { ReportPage } from "~/features/analytics/components/report-page";
import { loadReport } from "~/features/analytics/page.server";
import { cellOf } from "~/features/analytics/privacy";
import { formatDate } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/visa-job-analytics";

const PATH = "/visa-job-analytics";
const GBP = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });
const NUMBER = new Intl.NumberFormat("en-GB");

export const loader = ({ request, context }: Route.LoaderArgs) => loadReport(request, context, "visa-job");

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Visa and job analytics") }, { name: "robots", content: "noindex" }];
}

export default function VisaJobAnalytics({ loaderData }: Route.ComponentProps) {
  const { totals, thresholds } = loaderData;
  return (
    <ReportPage
      path={PATH}
      title="Visa and job analytics"
      intro="The jobs your students looked at, saved and applied to, by whether a licensed sponsor could employ them on the Skilled Worker route, by occupation and by salary against the thresholds."
      {...loaderData}
    >
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
    </ReportPage>
  );
}
