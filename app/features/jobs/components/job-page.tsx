import type { ReactNode } from "react";
import { Link } from "~/components/link";
import { RuleNoticeBox } from "~/features/sponsorship";
import { organisationPath } from "~/features/sponsors";
import { formatUkDay } from "~/lib/dates";
import { usePageView } from "~/lib/use-page-view";
import type { JobPageData, JobReportForm } from "../job-page.server";
import { REMOTE_LABELS, SPONSORSHIP_LABELS, TYPE_LABELS, salaryLabel } from "../labels";
import { JobCard, VerifiedSponsorBadge } from "./job-card";
import { ReportJob } from "./report-job";
import { SaveJobButton } from "./save-job-button";

/**
 * A job's page: what the job is, its sponsorship verdict, how to apply, similar jobs, and "Report this
 * job". An employer's `preview` of their own job shows it as students will, without the buttons that act.
 */
export function JobPage({
  data,
  reportAnswer,
  apply,
  preview = false,
}: {
  data: JobPageData;
  reportAnswer?: JobReportForm;
  /** An employer's job: "Apply with your CV" (the applications feature's), in place of an external apply link. */
  apply?: ReactNode;
  preview?: boolean;
}) {
  const { job, rules, notice, similar, saved } = data;
  usePageView(data.view);
  const place = [job.location.town, job.location.region].filter(Boolean).join(", ");
  const share = `mailto:?subject=${encodeURIComponent(`${job.title} at ${job.employer.name}`)}&body=${encodeURIComponent(`${data.origin}${job.url}`)}`;
  return (
    <article className="max-w-3xl">
      <p>
        <Link to="/jobs" className="text-brand underline">
          All jobs
        </Link>
      </p>
      {job.closed ? (
        <div role="status" className="mt-4 rounded border-2 border-slate-600 bg-slate-50 p-4">
          <p className="font-semibold">{`This job has closed${job.closedAt ? ` (${formatUkDay(job.closedAt)})` : ""}.`}</p>
          <p className="mt-1">
            It stays here for reference.{" "}
            <Link to={`/jobs?q=${encodeURIComponent(job.title)}`} className="text-brand underline">
              Search open jobs like it
            </Link>
          </p>
        </div>
      ) : null}
      <h1 className="mt-4 text-3xl font-bold">{job.title}</h1>
      <p className="mt-1 text-lg">{job.employer.name}</p>
      {job.verifiedSponsor ? <VerifiedSponsorBadge className="mt-2" /> : null}
      {preview ? null : (
        <div className="mt-3">
          <SaveJobButton slug={job.slug} title={job.title} saved={saved} />
        </div>
      )}
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {place ? (
          <div>
            <dt className="text-sm text-muted">Location</dt>
            <dd>{`${place} (${REMOTE_LABELS[job.location.remote].toLowerCase()})`}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-sm text-muted">Salary</dt>
          <dd>
            {salaryLabel(job.salary, job.salary.competitive)}
            {job.salaryText ? (
              <span className="block text-sm text-muted">{`As advertised: ${job.salaryText}`}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Type</dt>
          <dd>{`${TYPE_LABELS[job.type]}${job.hoursPerWeek ? `, ${job.hoursPerWeek} hours a week` : ""}`}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Posted</dt>
          <dd>
            {formatUkDay(job.postedAt)}
            {job.closingDate ? `; closes ${formatUkDay(`${job.closingDate}T12:00:00Z`)}` : ""}
          </dd>
        </div>
        {job.soc ? (
          <div>
            <dt className="text-sm text-muted">Occupation</dt>
            <dd>
              {`${job.soc.title} (SOC ${job.soc.code})`}
              {job.soc.confidence !== null && job.soc.confidence < 1 ? (
                <span className="block text-sm text-muted">Worked out from the job title</span>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      {job.demo ? (
        <p className="mt-4 text-sm text-muted">A demo listing built from public data: not a real vacancy.</p>
      ) : null}

      <section aria-labelledby="sponsorship-heading" className="mt-8 rounded border border-slate-300 bg-white p-4">
        <h2 id="sponsorship-heading" className="text-xl font-semibold">
          Visa sponsorship
        </h2>
        <p className="mt-2 font-semibold">{SPONSORSHIP_LABELS[job.sponsorship.status]}</p>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {job.sponsorship.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
        {notice ? <RuleNoticeBox notice={notice} /> : null}
        {job.employer.sponsorSlug ? (
          <p className="mt-3">
            <Link to={organisationPath(job.employer.sponsorSlug)} className="text-brand underline">
              {`${job.employer.name} on the register of licensed sponsors`}
            </Link>
          </p>
        ) : null}
        <p className="mt-3 text-sm text-muted">
          {`Checked against the Skilled Worker rules of ${rules.version} (certificates of sponsorship issued from ${formatUkDay(`${rules.effectiveFrom}T12:00:00Z`)}) for a certificate issued today, on the bottom of the salary range. This is guidance, not legal advice: the employer decides whether to sponsor, and the Home Office decides the visa.`}
        </p>
        <p className="mt-2 text-sm">
          <Link to="/check-a-job-offer" className="text-brand underline">
            Check an offer of your own
          </Link>
        </p>
        <ul className="mt-2 space-y-1 text-sm">
          {rules.links.map((link) => (
            <li key={link.url}>
              <a href={link.url} className="text-brand underline" rel="noopener noreferrer">
                {link.title}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="description-heading" className="mt-8">
        <h2 id="description-heading" className="text-xl font-semibold">
          About the job
        </h2>
        {/* Sanitised when the job was imported (renderMarkdown, the blog's allow-list). */}
        <div className="prose mt-3 max-w-none" dangerouslySetInnerHTML={{ __html: job.descriptionHtml }} />
      </section>

      {!job.closed && !preview ? (
        <section aria-labelledby="apply-heading" className="mt-8">
          <h2 id="apply-heading" className="text-xl font-semibold">
            Apply
          </h2>
          <div className="mt-3 flex flex-wrap items-center gap-4">
            {!apply && (job.applyUrl || job.applyEmail) ? (
              // Posted (a GET writes nothing) to our address, which records the application and goes on to the employer's.
              <form method="post" action={`/jobs/${job.slug}/apply`}>
                <button type="submit" className="rounded bg-brand px-5 py-2.5 font-semibold text-white">
                  {job.applyUrl ? `Apply on ${job.employer.name}'s site` : `Apply by email to ${job.applyEmail}`}
                </button>
              </form>
            ) : null}
            <a href={share} className="rounded border border-slate-500 px-5 py-2.5 font-semibold">
              Share by email
            </a>
          </div>
          {apply}
          {apply && job.applyUrl ? (
            // An employer's own page for the job, as it gave it: more about the job, not another way in.
            <p className="mt-3">
              <a href={job.applyUrl} className="text-brand underline" rel="noopener noreferrer">
                {`More about the job on ${job.employer.name}'s own site`}
              </a>
            </p>
          ) : null}
          {saved !== null ? (
            <p className="mt-4">
              Before you apply:{" "}
              <Link to={`/download-cv?job=${job.slug}`} className="text-brand underline">
                check your CV against this job
              </Link>{" "}
              (the key terms of the advert your CV lacks, and what a recruiter's software reads).
            </p>
          ) : null}
        </section>
      ) : null}

      {similar.length ? (
        <section aria-labelledby="similar-heading" className="mt-10">
          <h2 id="similar-heading" className="text-xl font-semibold">
            Similar jobs
          </h2>
          <ul className="mt-4 space-y-4">
            {similar.map((other) => (
              <li key={other.slug}>
                <JobCard job={other} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {preview ? null : <ReportJob answer={reportAnswer} />}
    </article>
  );
}
