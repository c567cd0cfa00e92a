import { Link } from "~/components/link";
import { spokenLength } from "~/features/cih";
import { ukDay } from "~/features/visa-clock";
import type { PredepartureDashboardData } from "../predeparture.server";
import { StepTick } from "./step-tick";

const LINK = "font-semibold text-brand underline";

/** /jumpstart-dashboard: the countdown to the course, working while studying, the checklist, the video guide, what to read. */
export function PredepartureDashboard({ data: d, error }: { data: PredepartureDashboardData; error: string | null }) {
  const done = d.steps.filter((s) => s.done).length;
  return (
    <article>
      <h1 className="text-3xl font-bold">Jumpstart dashboard</h1>
      <p className="mt-2 text-lg">{`Welcome, ${d.firstName}. Get ready for your studies, and for work in the UK, before you travel.`}</p>
      {error ? (
        <p role="alert" className="mt-4 rounded border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {error}
        </p>
      ) : null}
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="countdown-heading" className="rounded border border-slate-300 bg-white p-4">
          <h2 id="countdown-heading" className="text-xl font-semibold">
            Your course
          </h2>
          {d.courseStart && d.daysToStart !== null ? (
            <p className="mt-2">
              {d.daysToStart > 0 ? (
                <>
                  <strong className="text-2xl">{d.daysToStart}</strong>
                  {` ${d.daysToStart === 1 ? "day" : "days"} until ${d.course ?? "your course"} starts on ${ukDay(d.courseStart)}.`}
                </>
              ) : d.daysToStart === 0 ? (
                `${d.course ?? "Your course"} starts today.`
              ) : (
                `${d.course ?? "Your course"} started on ${ukDay(d.courseStart)}: ask your university to make your account a student's.`
              )}
            </p>
          ) : (
            <p className="mt-2">
              Add the date your course starts, and we count down to it.{" "}
              <Link to="/jumpstart-edit-profile" className={LINK}>
                Edit your profile
              </Link>
            </p>
          )}
        </section>

        <section aria-labelledby="work-heading" className="rounded border border-slate-300 bg-white p-4">
          <h2 id="work-heading" className="text-xl font-semibold">
            Working while you study
          </h2>
          <p className="mt-2">
            On a Student visa for a course at degree level you can work at most 20 hours a week during term time, and
            some kinds of work are not allowed at all. Your visa decision and your CAS say what applies to you.
          </p>
          <p className="mt-2">
            <a href="https://www.gov.uk/student-visa" className={LINK} rel="noopener">
              Student visa: what you can and cannot do (GOV.UK)
            </a>
          </p>
          <p className="mt-2">
            <Link to="/jumpstart/part-time-jobs" className={LINK}>
              Part-time jobs that fit these hours
            </Link>
          </p>
        </section>

        <section
          aria-labelledby="checklist-heading"
          className="rounded border border-slate-300 bg-white p-4 lg:col-span-2"
        >
          <h2 id="checklist-heading" className="text-xl font-semibold">
            {`Before you travel (${done} of ${d.steps.length} done)`}
          </h2>
          <ul className="mt-3 space-y-2">
            {d.steps.map((step) => (
              <StepTick key={step.id} step={step} />
            ))}
          </ul>
        </section>

        <section aria-labelledby="guide-heading" className="rounded border border-slate-300 bg-white p-4">
          <h2 id="guide-heading" className="text-xl font-semibold">
            Employability video guide
          </h2>
          <ul className="mt-2 space-y-1">
            {d.videos.map((v) => (
              <li key={v.url}>
                <Link to={v.url} className="text-brand underline">
                  {v.title}
                </Link>
                {` (${spokenLength(v.duration)})`}
              </li>
            ))}
          </ul>
          <p className="mt-2">
            <Link to="/jumpstart/employability-video-guide" className={LINK}>
              The whole guide
            </Link>
          </p>
        </section>

        <section aria-labelledby="read-heading" className="rounded border border-slate-300 bg-white p-4">
          <h2 id="read-heading" className="text-xl font-semibold">
            Read and prepare
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            <li>
              <Link to="/jumpstart/resources" className="text-brand underline">
                Pre-departure resources
              </Link>
            </li>
            <li>
              <Link to="/jumpstart/linkedin-starter-playbook" className="text-brand underline">
                LinkedIn starter playbook
              </Link>
            </li>
            <li>
              <Link to="/jumpstart/reading-list" className="text-brand underline">
                Reading list
              </Link>
            </li>
            <li>
              <Link to="/jumpstart/top-30-employers" className="text-brand underline">
                The 30 employers with the most jobs likely to be sponsored
              </Link>
            </li>
          </ul>
        </section>
      </div>
    </article>
  );
}
