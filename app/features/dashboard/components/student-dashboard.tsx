import { Form } from "react-router";
import { Link } from "~/components/link";
import { spokenLength } from "~/features/cih";
import { SponsorshipBadge } from "~/features/jobs";
import { ukDay } from "~/features/visa-clock";
import { formatUkDay } from "~/lib/dates";
import type { StudentDashboardData } from "../student.server";

const LINK = "font-semibold text-brand underline";

function Panel({
  id,
  title,
  children,
  wide = false,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`rounded border border-slate-300 bg-white p-4 ${wide ? "lg:col-span-2" : ""}`}
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** /student-dashboard: a panel for each feature, each saying what to do next. */
export function StudentDashboardPage({
  data: d,
  answer,
}: {
  data: StudentDashboardData;
  answer?: { refused: string };
}) {
  return (
    <article>
      <h1 className="text-3xl font-bold">Student dashboard</h1>
      {answer?.refused ? (
        <p role="alert" className="mt-4 rounded border border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {answer.refused}
        </p>
      ) : null}
      <p className="mt-2 text-lg">{`Welcome back, ${d.firstName}.`}</p>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Panel id="recommended" title="Jobs for you" wide>
          {d.recommended.length ? (
            <ul className="space-y-3">
              {d.recommended.map(({ job, why }) => (
                <li key={job.slug}>
                  <Link to={job.url} className={LINK}>
                    {`${job.title} at ${job.employer.name}`}
                  </Link>
                  <p className="text-sm">{why}</p>
                  <SponsorshipBadge status={job.sponsorship.status} className="mt-1" />
                </li>
              ))}
            </ul>
          ) : (
            <p>
              No open jobs yet.{" "}
              <Link to="/jobs" className={LINK}>
                Search jobs
              </Link>
            </p>
          )}
          {d.profile.missing.some((m) => m.startsWith("where") || m.startsWith("the kinds")) ? (
            <p className="mt-3 text-sm">
              Tell us where you would like to work and the kinds of job you want, and these will fit you better.{" "}
              <Link to="/edit-profile" className={LINK}>
                Edit your profile
              </Link>
            </p>
          ) : null}
        </Panel>

        <Panel id="visa" title="Your visa clock">
          {d.visa.daysLeft !== null ? (
            <p>
              {d.visa.daysLeft >= 0 ? (
                <>
                  <strong className="text-2xl">{d.visa.daysLeft}</strong> {d.visa.daysLeft === 1 ? "day" : "days"} left
                  on your visa.
                </>
              ) : (
                "The visa end date in your profile has passed."
              )}
            </p>
          ) : d.visa.noVisa ? (
            <p>You told us you need no visa to study or work in the UK: there is nothing to count down.</p>
          ) : (
            <p>Add your visa and its end date to your profile, and the clock counts down to what you need to do.</p>
          )}
          {d.visa.next ? <p className="mt-1">{`Next: ${d.visa.next.title}, ${ukDay(d.visa.next.date)}.`}</p> : null}
          {d.visa.warnings ? (
            <p className="mt-1 font-semibold">{`${d.visa.warnings === 1 ? "One thing needs" : `${d.visa.warnings} things need`} your attention.`}</p>
          ) : null}
          <p className="mt-2">
            <Link to={d.visa.missing ? "/edit-profile" : "/my-journey"} className={LINK}>
              {d.visa.missing ? "Add your visa dates" : "My journey"}
            </Link>
          </p>
        </Panel>

        <Panel id="profile" title="Your profile">
          <p>{`Your profile is ${d.profile.percent}% complete.`}</p>
          <progress
            value={d.profile.percent}
            max={100}
            aria-label="Profile completeness"
            className="mt-1 block h-3 w-full"
          />
          {d.profile.missing.length ? (
            <p className="mt-2">
              {`Still to add: ${d.profile.missing.slice(0, 3).join(", ")}${d.profile.missing.length > 3 ? " and more" : ""}. `}
              <Link to="/edit-profile" className={LINK}>
                Complete your profile
              </Link>
            </p>
          ) : null}
        </Panel>

        <Panel id="saved" title="Saved jobs closing soon">
          {d.closingSoon.length ? (
            <ul className="space-y-2">
              {d.closingSoon.map((job) => (
                <li key={job.slug}>
                  <Link to={job.url} className={LINK}>
                    {job.title}
                  </Link>
                  {` closes ${formatUkDay(`${job.closingDate}T12:00:00Z`)}`}
                </li>
              ))}
            </ul>
          ) : (
            <p>
              {d.savedCount
                ? "None of your saved jobs closes in the next two weeks."
                : "You have not saved any jobs yet: save the ones you want to apply for, and the closing ones show here."}
            </p>
          )}
          <p className="mt-2">
            <Link to={d.savedCount ? "/my-saved-jobs" : "/jobs"} className={LINK}>
              {d.savedCount ? `All ${d.savedCount} saved jobs` : "Find jobs to save"}
            </Link>
          </p>
        </Panel>

        <Panel id="cv" title="Your CV">
          {d.cv ? (
            <p>{`${d.cv.name}, edited ${formatUkDay(d.cv.updatedAt)}${d.cv.count > 1 ? ` (and ${d.cv.count - 1} more)` : ""}.`}</p>
          ) : (
            <p>You have no CV yet. Start from a UK template: it takes about ten minutes.</p>
          )}
          {d.ats ? (
            <p className="mt-1">{`Latest applicant tracking check: ${d.ats.score} out of 100, on ${formatUkDay(d.ats.at)}.`}</p>
          ) : d.cv ? (
            <p className="mt-1">Check it against a job to see what an applicant tracking system reads.</p>
          ) : null}
          <p className="mt-2">
            <Link to={d.cv ? "/my-cvs" : "/choose-template"} className={LINK}>
              {d.cv ? "Go to My CVs" : "Create your CV"}
            </Link>
          </p>
        </Panel>

        <Panel id="videos" title="Career videos">
          {d.unfinished.length ? (
            <ul className="space-y-2">
              {d.unfinished.map((v) => (
                <li key={v.url}>
                  <Link to={v.url} className={LINK}>
                    {v.title}
                  </Link>
                  {` (${spokenLength(v.position)} of ${spokenLength(v.duration)} watched)`}
                </li>
              ))}
            </ul>
          ) : (
            <p>Short videos on CVs, interviews and UK work visas, with captions and transcripts.</p>
          )}
          <p className="mt-2">
            <Link to="/cih" className={LINK}>
              {d.unfinished.length ? "Career ignition hub" : "Watch your first video"}
            </Link>
          </p>
        </Panel>

        <Panel id="achievements" title="Achievements">
          {d.achievements.latest ? (
            <p>{`Latest: ${d.achievements.latest.title}, earned ${formatUkDay(d.achievements.latest.earnedAt)}. ${d.achievements.earned} in all.`}</p>
          ) : (
            <p>No badges yet: each one is a real step in your job search.</p>
          )}
          {d.achievements.next ? (
            <p className="mt-1">{`Next: ${d.achievements.next.title}. ${d.achievements.next.howTo}`}</p>
          ) : null}
          <p className="mt-2">
            <Link to="/achievements" className={LINK}>
              All achievements
            </Link>
          </p>
        </Panel>

        <Panel id="workshops" title="Workshops and webinars">
          {d.workshops.length ? (
            <ul className="space-y-4">
              {d.workshops.map((w) => (
                <li key={w.id}>
                  <p id={`workshop-${w.id}`} className="font-semibold">
                    {w.title}
                  </p>
                  <p className="text-sm">{`${w.when} · ${w.where}`}</p>
                  {w.mine ? (
                    <p className="text-sm">
                      {w.mine.status === "registered" ? "You have a place. " : "You are on the waiting list. "}
                      <Link to={w.mine.link} className={LINK}>
                        Your registration
                      </Link>
                    </p>
                  ) : (
                    <Form method="post" className="mt-1">
                      <input type="hidden" name="intent" value="register-workshop" />
                      <input type="hidden" name="workshop" value={w.id} />
                      <button
                        type="submit"
                        aria-describedby={`workshop-${w.id}`}
                        className="rounded border-2 border-brand px-3 py-1 text-sm font-semibold text-brand"
                      >
                        {w.full ? "Join the waiting list" : "Register"}
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p>No workshops are planned just now. Your careers service&apos;s events appear here as it adds them.</p>
          )}
          {d.manual ? (
            <p className="mt-2">
              <Link to={d.manual} className={LINK}>
                Your careers service's manual
              </Link>
            </p>
          ) : null}
        </Panel>

        {d.adviser ? (
          <Panel id="adviser" title="Careers adviser">
            {d.adviser.next ? (
              <p>{`Your next appointment: ${d.adviser.next.what}, ${d.adviser.next.when}.`}</p>
            ) : (
              <p>Book a CV review, careers guidance or advice on working in the UK after your studies.</p>
            )}
            <p className="mt-2">
              <Link to="/appointments" className={LINK}>
                {d.adviser.next ? "Your appointments" : "Book an appointment"}
              </Link>
            </p>
          </Panel>
        ) : null}
      </div>
    </article>
  );
}
