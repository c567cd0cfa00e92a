import { Link } from "~/components/link";
import { formatShortUkDay } from "~/lib/dates";
import type { JobCardData, JobResult } from "../search-values";
import { REMOTE_LABELS, SPONSORSHIP_LABELS, TYPE_LABELS, VERIFIED_SPONSOR_LABEL, salaryLabel } from "../labels";
import { SaveJobButton } from "./save-job-button";

/** Colours of each sponsorship status, always with its words beside them (never colour alone). */
const BADGE: Record<JobResult["sponsorship"]["status"], string> = {
  likely: "border-green-700 bg-green-50 text-green-900",
  "new-entrant": "border-teal-700 bg-teal-50 text-teal-900",
  "licensed-only": "border-amber-700 bg-amber-50 text-amber-900",
  unlikely: "border-slate-500 bg-slate-50 text-slate-800",
  unknown: "border-slate-400 bg-white text-slate-800",
};

/** The most hours a week a Student visa allows in term time at degree level (the overview of gov.uk/student-visa). */
export const STUDENT_TERM_TIME_HOURS = 20;

/** A job's sponsorship verdict in words, in its colours. */
export function SponsorshipBadge({
  status,
  className = "",
}: {
  status: JobResult["sponsorship"]["status"];
  className?: string;
}) {
  return (
    <p className={`inline-block rounded border px-2 py-1 text-sm font-medium ${BADGE[status]} ${className}`}>
      {SPONSORSHIP_LABELS[status]}
    </p>
  );
}

/** The "Verified licensed sponsor" badge of an employer's job (words, with a tick that is only decoration). */
export function VerifiedSponsorBadge({ className = "" }: { className?: string }) {
  return (
    <p
      className={`inline-block rounded border border-blue-800 bg-blue-50 px-2 py-1 text-sm font-medium text-blue-900 ${className}`}
    >
      <span aria-hidden="true">✓ </span>
      {VERIFIED_SPONSOR_LABEL}
    </p>
  );
}

/**
 * One job in a list: what a student weighs first, and its sponsorship verdict in words; in the
 * part-time lists (`studentHours`), whether its hours fit a Student visa's term time. With `saved`
 * (true, false, or null for nobody logged in) it offers to save the job.
 */
export function JobCard({
  job,
  studentHours = false,
  saved,
  children,
}: {
  job: JobCardData;
  studentHours?: boolean;
  saved?: boolean | null;
  children?: React.ReactNode;
}) {
  const place = [job.location.town, job.location.region].filter(Boolean).join(", ");
  return (
    <article className="rounded border border-slate-300 bg-white p-4">
      <h3 className="text-lg font-semibold">
        <Link to={job.url} className="text-brand underline-offset-2 hover:underline">
          {job.title}
        </Link>
      </h3>
      <p className="mt-1">{job.employer.name}</p>
      {job.verifiedSponsor ? <VerifiedSponsorBadge className="mt-2" /> : null}
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        {place ? <li>{place}</li> : null}
        <li>{REMOTE_LABELS[job.location.remote]}</li>
        <li>{TYPE_LABELS[job.type]}</li>
        <li>{salaryLabel(job.salary, job.salary.competitive)}</li>
        <li>
          Posted <time dateTime={job.postedAt}>{formatShortUkDay(job.postedAt)}</time>
        </li>
      </ul>
      {studentHours ? (
        <p className="mt-3 text-sm font-medium">
          {job.hoursPerWeek === null
            ? "Hours not given: check they fit your visa"
            : job.hoursPerWeek > STUDENT_TERM_TIME_HOURS
              ? `${job.hoursPerWeek} hours a week: over a Student visa's ${STUDENT_TERM_TIME_HOURS} in term time (holidays only)`
              : `${job.hoursPerWeek} hours a week: within a Student visa's term-time limit`}
        </p>
      ) : (
        <SponsorshipBadge status={job.sponsorship.status} className="mt-3" />
      )}
      {job.demo ? (
        <p className="mt-2 text-sm text-muted">Demo listing built from public data: not a real vacancy.</p>
      ) : null}
      {children}
      {saved !== undefined ? (
        <div className="mt-3">
          <SaveJobButton slug={job.slug} title={job.title} saved={saved} />
        </div>
      ) : null}
    </article>
  );
}
