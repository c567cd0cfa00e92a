import { Link } from "~/components/link";
import { ukDay } from "~/features/visa-clock";
import type { JourneyPageData } from "../page.server";
import { StepTick } from "./step-tick";

const FIELDS = {
  visaType: "the visa you hold",
  visaExpiry: "the date your visa ends",
  courseEnd: "the date your course ends",
  level: "your level of study",
} as const;

/** /my-journey: the steps of the journey, the visa clock as a timeline, and the other countries' routes. */
export function JourneyPage({ data, answer }: { data: JourneyPageData; answer?: { error: string } }) {
  const { clock, today, otherCountries, stages } = data;
  const { milestones, daysLeft, warnings, missing } = clock;
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-bold">My journey</h1>
      <p className="mt-2 text-lg">
        From arriving in the UK to a job that can sponsor your visa: the steps, and the dates your visa sets.
      </p>
      {answer?.error ? (
        <p role="alert" className="mt-4 rounded border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {answer.error}
        </p>
      ) : null}
      <section aria-labelledby="stages-heading" className="mt-6">
        <h2 id="stages-heading" className="text-2xl font-semibold">
          Your steps
        </h2>
        <p className="mt-1 text-sm text-muted">
          Steps you take on the platform tick themselves; tick the others when you have done them.
        </p>
        <ol className="mt-4 space-y-6">
          {stages.map((stage, i) => (
            <li key={stage.id}>
              <h3 className="text-lg font-semibold">{`${i + 1}. ${stage.title} (${stage.done} of ${stage.steps.length} done)`}</h3>
              <ul className="mt-2 space-y-2">
                {stage.steps.map((step) => (
                  <StepTick key={step.id} step={step} manual={step.manual} />
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="clock-heading" className="mt-10">
        <h2 id="clock-heading" className="text-2xl font-semibold">
          Your visa clock
        </h2>
        {daysLeft !== null ? (
          <p className="mt-3 rounded border-2 border-brand bg-white p-4 text-lg">
            {daysLeft >= 0 ? (
              <>
                <strong className="text-3xl">{daysLeft}</strong> {daysLeft === 1 ? "day" : "days"} left on your visa.
              </>
            ) : (
              "The visa end date in your profile has passed."
            )}
          </p>
        ) : null}
        {warnings.length ? (
          <div className="mt-4 rounded border-2 border-amber-700 bg-amber-50 p-4 text-amber-950">
            <h3 className="font-semibold">Act on these</h3>
            <ul className="mt-2 list-disc space-y-1 pl-6">
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {missing.length ? (
          <p className="mt-4">
            {`To work out your dates, the clock needs ${missing.map((f) => FIELDS[f]).join(", ")}. `}
            <Link to="/edit-profile" className="font-semibold text-brand underline">
              Add them to your profile
            </Link>
          </p>
        ) : null}
        {milestones.length ? (
          <>
            <ol className="mt-6 space-y-4 border-l-4 border-slate-300 pl-6" aria-label="Your dates, earliest first">
              {milestones.map((m) => (
                <li key={m.id} className={m.date < today ? "text-muted" : ""}>
                  <h3 className="font-semibold">
                    <time dateTime={m.date}>{ukDay(m.date)}</time>
                    {m.estimated ? " (estimate)" : ""}
                    {m.date < today ? " (passed)" : ""}: {m.title}
                  </h3>
                  <p className="mt-1">{m.detail}</p>
                  {m.source ? (
                    <p className="mt-1 text-sm">
                      <a href={m.source.url} className="text-brand underline" rel="noopener">
                        {m.source.title}
                      </a>
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
            <p className="mt-6">
              <a
                href="/my-journey/visa-dates.ics"
                download
                className="inline-block rounded bg-brand px-4 py-2 font-semibold text-white"
              >
                Add these dates to my calendar (.ics)
              </a>
            </p>
            <p className="mt-2 text-sm text-muted">
              Each date comes with reminders 30 and 7 days before. Importing the file again updates the dates instead of
              adding copies.
            </p>
          </>
        ) : null}
        <p className="mt-6 text-sm text-muted">
          {`Rules as checked on ${ukDay(clock.rules.checkedOn)}. Immigration rules change: check the official page before you act, and ask your university's international student advisers about your own case.`}
        </p>
      </section>
      <section aria-labelledby="elsewhere-heading" className="mt-10">
        <h2 id="elsewhere-heading" className="text-xl font-semibold">
          Studying in another country
        </h2>
        <p className="mt-2">
          The clock follows the UK's rules. For the post-study routes of the other countries we cover, read the official
          pages:
        </p>
        <ul className="mt-2 list-disc pl-6">
          {otherCountries.map((c) => (
            <li key={c.country}>
              {`${c.country}: `}
              <a href={c.source.url} className="text-brand underline" rel="noopener">
                {c.route}
              </a>
              {c.facts ? (
                <ul className="mt-1 list-[circle] pl-6 text-sm">
                  {c.facts.map((f) => (
                    <li key={f.text}>{`${f.text} (as the official page stated on ${ukDay(f.checkedOn)})`}</li>
                  ))}
                </ul>
              ) : (
                <span className="text-sm">{" (its rules are not worked out here: read the official page)"}</span>
              )}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
