import { JobSearchReportPage, REPORT_TITLE as TITLE } from "~/features/job-search-report/components/report-page";
import { loadJobSearchReport } from "~/features/job-search-report/page.server";
import { formatDate } from "~/lib/dates";
import { breadcrumbLd, seoMeta } from "~/lib/meta";
import type { Route } from "./+types/international-student-job-search-report";

export const loader = ({ request, context }: Route.LoaderArgs) => loadJobSearchReport(request, context);

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { report, canonical } = loaderData;
  const register = report.register;
  const description = register
    ? `How many UK employers can sponsor a work visa, by route, licence rating and town, from the Home Office register of licensed sponsors of ${formatDate(register.registerDate)}; and the jobs on this site by whether they are likely to qualify for Skilled Worker sponsorship.`
    : "How many UK employers can sponsor a work visa, by route, licence rating and town, from the Home Office register of licensed sponsors; and the jobs on this site by whether they are likely to qualify for Skilled Worker sponsorship.";
  const origin = new URL(canonical).origin;
  return seoMeta({
    title: TITLE,
    description,
    url: canonical,
    jsonLd: [
      breadcrumbLd([
        ["Home", `${origin}/`],
        [TITLE, canonical],
      ]),
    ],
  });
}

export default function JobSearchReport({ loaderData }: Route.ComponentProps) {
  const { report, freshness, registerLoading } = loaderData;
  return <JobSearchReportPage report={report} freshness={freshness} registerLoading={registerLoading} />;
}
