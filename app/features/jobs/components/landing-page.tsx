import { Fragment } from "react";
import { Link } from "~/components/link";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { formatDate } from "~/lib/dates";
import type { Paragraph } from "../landing-pages";
import type { LandingPageData } from "../landing.server";
import { JobCard } from "./job-card";

/** Text with its links: our own pages through the router, official pages as plain links. */
function Rich({ parts }: { parts: Paragraph }) {
  return parts.map((part, i) =>
    typeof part === "string" ? (
      <Fragment key={i}>{part}</Fragment>
    ) : part.href.startsWith("/") ? (
      <Link key={i} to={part.href} className="text-brand underline">
        {part.text}
      </Link>
    ) : (
      <a key={i} href={part.href} className="text-brand underline" rel="noopener noreferrer">
        {part.text}
      </a>
    ),
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** An SEO landing page (or the India career fair): its introduction, the fair, its newest jobs and its questions. */
export function JobLandingPage({ data }: { data: LandingPageData }) {
  const { page, total, results, more, eventOver } = data;
  const { event } = page;
  return (
    <article>
      <Breadcrumbs
        trail={[{ to: "/", label: "Home" }, ...(event ? [] : [{ to: "/jobs", label: "Jobs" }])]}
        current={page.heading}
      />

      <h1 className="mt-4 text-3xl font-bold">{page.heading}</h1>
      <div className="mt-3 max-w-3xl space-y-3 text-lg">
        {page.intro.map((paragraph, i) => (
          <p key={i}>
            <Rich parts={paragraph} />
          </p>
        ))}
      </div>

      {event ? (
        <section
          aria-labelledby="event-heading"
          className="mt-8 max-w-3xl rounded border border-slate-300 bg-white p-4"
        >
          <h2 id="event-heading" className="text-xl font-semibold">
            About the fair
          </h2>
          {eventOver ? (
            <p className="mt-3 rounded border-2 border-slate-600 bg-slate-50 p-3 font-semibold">{`This fair took place on ${event.day}. The jobs below are still open.`}</p>
          ) : null}
          <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-muted">Date</dt>
              <dd>
                <time dateTime={event.startDate.slice(0, 10)}>{event.day}</time>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted">Time</dt>
              <dd>
                <time dateTime={event.startDate}>{event.indiaTime}</time>
                <span className="block text-sm text-muted">{event.ukTime}</span>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted">Where</dt>
              <dd>Online, on this page</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">Cost</dt>
              <dd>Free, no registration</dd>
            </div>
          </dl>
          {event.sections.map((section) => (
            <Fragment key={section.heading}>
              <h3 className="mt-5 text-lg font-semibold">{section.heading}</h3>
              <ul className="mt-2 list-disc space-y-1 pl-6">
                {section.items.map((item, i) => (
                  <li key={i}>
                    <Rich parts={item} />
                  </li>
                ))}
              </ul>
            </Fragment>
          ))}
        </section>
      ) : null}

      <section aria-labelledby="jobs-heading" className="mt-10">
        <h2 id="jobs-heading" className="text-2xl font-semibold">
          {page.jobsHeading}
        </h2>
        <p className="mt-2 max-w-3xl text-muted">
          <Rich parts={page.listNote} />{" "}
          {total > results.length
            ? `The ${results.length} newest of ${count(total, "job", "jobs")} are shown.`
            : total > 0
              ? `${count(total, "job", "jobs")}.`
              : null}
        </p>
        {results.length ? (
          <ol className="mt-4 space-y-4">
            {results.map((job) => (
              <li key={job.slug}>
                <JobCard job={job} />
              </li>
            ))}
          </ol>
        ) : (
          <div className="mt-4 rounded border border-slate-300 bg-white p-4">
            <p className="font-semibold">No open jobs match this page right now.</p>
            <p className="mt-1">
              Try the{" "}
              <Link to="/jobs" className="text-brand underline">
                full job search
              </Link>
              , with filters for place, type, salary and sponsorship.
            </p>
          </div>
        )}
        {total > 0 && more.exact ? (
          <p className="mt-6">
            <Link to={more.href} className="font-semibold text-brand underline">
              {`See all ${count(total, "job", "jobs")}`}
            </Link>
          </p>
        ) : null}
        {!more.exact && more.label ? (
          <p className="mt-6">
            <Link to={more.href} className="font-semibold text-brand underline">
              {more.label}
            </Link>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="faq-heading" className="mt-12 max-w-3xl">
        <h2 id="faq-heading" className="text-2xl font-semibold">
          Frequently asked questions
        </h2>
        {page.faq.map((item) => (
          <Fragment key={item.question}>
            <h3 className="mt-6 text-lg font-semibold">{item.question}</h3>
            <p className="mt-2">
              <Rich parts={item.answer} />
            </p>
          </Fragment>
        ))}
        <p className="mt-8 text-sm text-muted">
          {"Last checked "}
          <time dateTime={page.checkedOn}>{formatDate(page.checkedOn)}</time>
          {
            ". Immigration rules change: check the official pages linked above before you act. This is general information, not immigration advice."
          }
        </p>
      </section>
    </article>
  );
}
