import { useLocation } from "react-router";
import { PART_TIME_TYPES, type JobSearchPageData } from "../search-values";
import { STUDENT_TERM_TIME_HOURS } from "./job-card";
import { JobSearchPage, type JobListKind } from "./search-page";

const RULE_URL = "https://www.gov.uk/student-visa";

/** The part-time list for students and, at /jumpstart/part-time-jobs, for those about to arrive. */
export function PartTimeJobsPage({ data }: { data: JobSearchPageData }) {
  const arriving = useLocation().pathname.startsWith("/jumpstart/");
  const kind: JobListKind = {
    path: arriving ? "/jumpstart/part-time-jobs" : "/part-time-jobs",
    heading: arriving ? "Part-time jobs for new arrivals" : "Part-time jobs",
    types: PART_TIME_TYPES,
    alertList: "/part-time-jobs",
    studentHours: true,
    intro: (
      <>
        <p>
          {`${arriving ? "Once you arrive, a" : "A"} Student visa at degree level lets you work at most ${STUDENT_TERM_TIME_HOURS} hours a week during term time, and full time in the official holidays of your university. Your visa may allow fewer hours: it says on your BRP or eVisa. `}
          <a href={RULE_URL} className="text-brand underline" rel="noopener noreferrer">
            GOV.UK: what you can and cannot do with a Student visa
          </a>
          {" (checked 23 November 2026)."}
        </p>
        <p className="mt-2">Each job below says whether its hours fit term time.</p>
      </>
    ),
  };
  return <JobSearchPage data={data} kind={kind} />;
}
