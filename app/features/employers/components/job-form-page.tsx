import { useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, SelectField, TextField } from "~/components/form";
import { JOB_TYPES, WORK_ARRANGEMENTS } from "~/db/schema/job-posting-values";
import { REMOTE_LABELS, TYPE_LABELS } from "~/features/jobs";
import { errorList } from "~/lib/validation";
import { FORM_PAY_PERIODS, JOB_FIELDS } from "../job-form";
import type { JobFormAnswer, JobFormPageData, VerdictPanel } from "../jobs-pages.server";

const PERIOD_LABELS = { year: "A year", month: "A month", week: "A week", day: "A day", hour: "An hour" } as const;
/** How long typing pauses before the verdict is asked for again. */
const LIVE_DELAY_MS = 400;

/**
 * /employer/jobs/new and /employer/jobs/{id}/edit: the job's fields (the job feeds'), with the
 * sponsorship verdict beside them, asked for as the employer types and by "Check the verdict"
 * without JavaScript. The occupation follows the classifier's suggestion from the title until the
 * employer chooses one.
 */
export function JobFormPage({ data, answer }: { data: JobFormPageData; answer?: JobFormAnswer }) {
  const values = answer?.values ?? data.values;
  const errors = answer?.fieldErrors ?? {};
  const fetcher = useFetcher<{ panel?: VerdictPanel }>();
  const served = answer?.panel ?? data.panel;
  const panel = fetcher.data?.panel ?? served;
  const [soc, setSoc] = useState(values.soc || served?.suggestion?.code || "");
  const chosen = useRef(!!values.soc);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    const suggested = fetcher.data?.panel?.suggestion?.code;
    if (!chosen.current && suggested && suggested !== soc) setSoc(suggested);
  }, [fetcher.data, soc]);

  const ask = (event: React.FormEvent<HTMLFormElement>) => {
    if ((event.target as HTMLElement).getAttribute("name") === "soc") chosen.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!form.current) return;
      const params = new URLSearchParams();
      for (const [name, value] of new FormData(form.current))
        if ((JOB_FIELDS as readonly string[]).includes(name) && typeof value === "string") params.set(name, value);
      void fetcher.load(`/employer/jobs/verdict?${params}`);
    }, LIVE_DELAY_MS);
  };

  return (
    <div className="mx-auto max-w-5xl">
      <p>
        <Link to="/employer/jobs" className="text-brand underline">
          Your jobs
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold">{data.job ? `Edit: ${data.job.title}` : "Post a job"}</h1>
      {data.job ? <p className="mt-1">{`Status: ${data.job.status}`}</p> : null}
      {data.verified ? null : (
        <p className="mt-4 rounded border border-amber-300 bg-amber-50 px-4 py-3">
          Your organisation is not verified yet: once published, your job waits for our team&apos;s review.
        </p>
      )}
      <ErrorSummary fields={errorList(errors, JOB_FIELDS)} formError={answer?.formError} answer={answer} />
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <Form method="post" ref={form} onChange={ask} className="space-y-5" noValidate>
          <TextField name="title" label="Job title" defaultValue={values.title} error={errors.title} required />
          <SelectField
            name="type"
            label="Type of job"
            options={JOB_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            defaultValue={values.type}
            error={errors.type}
          />
          <fieldset className="space-y-4">
            <legend className="font-semibold">Where</legend>
            <TextField name="town" label="Town or city" defaultValue={values.town} error={errors.town} />
            <TextField name="region" label="Region (optional)" defaultValue={values.region} error={errors.region} />
            <TextField
              name="country"
              label="Country"
              hint="A two-letter code: GB for the United Kingdom"
              defaultValue={values.country}
              error={errors.country}
            />
            <SelectField
              name="remote"
              label="Where the work is done"
              options={WORK_ARRANGEMENTS.map((w) => ({ value: w, label: REMOTE_LABELS[w] }))}
              defaultValue={values.remote}
              error={errors.remote}
            />
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="font-semibold">Pay and hours</legend>
            <TextField
              name="salary_min"
              label="Lowest salary (£)"
              hint="The bottom of the range: the verdict is judged on it"
              inputMode="decimal"
              defaultValue={values.salary_min}
              error={errors.salary_min}
            />
            <TextField
              name="salary_max"
              label="Highest salary (£, optional)"
              inputMode="decimal"
              defaultValue={values.salary_max}
              error={errors.salary_max}
            />
            <SelectField
              name="salary_period"
              label="Salary paid per"
              options={FORM_PAY_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
              defaultValue={values.salary_period}
              error={errors.salary_period}
              required={false}
            />
            <TextField
              name="salary"
              label="Salary in words (optional)"
              hint="As you would advertise it, for example “£38,000 to £42,000 plus bonus”"
              defaultValue={values.salary}
              error={errors.salary}
            />
            <TextField
              name="hours_per_week"
              label="Hours a week"
              inputMode="decimal"
              defaultValue={values.hours_per_week}
              error={errors.hours_per_week}
            />
          </fieldset>
          <div>
            <label htmlFor="soc" className="block font-medium">
              Occupation (SOC 2020)
            </label>
            <p id="soc-hint" className="text-sm text-muted">
              Suggested from the job title; change it if another fits better.
            </p>
            <select
              id="soc"
              name="soc"
              value={soc}
              onChange={(event) => setSoc(event.target.value)}
              aria-describedby={errors.soc ? "soc-hint soc-error" : "soc-hint"}
              aria-invalid={errors.soc ? true : undefined}
              className="mt-1 w-full rounded border border-slate-500 bg-white px-3 py-2"
            >
              <option value="">Not chosen</option>
              {data.occupations.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {errors.soc ? (
              <p id="soc-error" className="mt-1 text-sm text-red-800">
                {errors.soc}
              </p>
            ) : null}
          </div>
          <TextField
            name="description"
            label="Description"
            hint="Markdown: a blank line between paragraphs, - for a list, **bold**"
            multiline
            rows={12}
            defaultValue={values.description}
            error={errors.description}
          />
          <TextField
            name="closing_date"
            label="Closing date (optional)"
            hint="The job closes at the end of the day before it"
            type="date"
            defaultValue={values.closing_date}
            error={errors.closing_date}
          />
          <TextField
            name="apply_url"
            label="Your own page for the job (optional)"
            hint="Linked from the job's page as more about the job. Students apply here, with a CV from their builder"
            type="url"
            defaultValue={values.apply_url}
            error={errors.apply_url}
          />
          <div className="flex flex-wrap gap-4">
            <button
              type="submit"
              name="intent"
              value="check"
              className="rounded border border-slate-600 px-4 py-2.5 font-semibold"
            >
              Check the verdict
            </button>
            <button
              type="submit"
              name="intent"
              value="save"
              className="rounded bg-brand px-4 py-2.5 font-semibold text-white"
            >
              Save and preview
            </button>
          </div>
        </Form>
        <VerdictPanelView panel={panel} />
      </div>
    </div>
  );
}

/** The verdict as it stands: announced politely to screen readers as it changes. */
function VerdictPanelView({ panel }: { panel: VerdictPanel | null }) {
  return (
    <section
      aria-labelledby="verdict-heading"
      aria-live="polite"
      className="h-fit rounded border border-slate-300 bg-white p-4 lg:sticky lg:top-4"
    >
      <h2 id="verdict-heading" className="text-xl font-semibold">
        Sponsorship verdict
      </h2>
      {panel ? (
        <>
          <p className="mt-2 font-semibold" data-testid="verdict-label">
            {panel.label}
          </p>
          {panel.suggestion ? (
            <p className="mt-2 text-sm">{`Occupation suggested from the title: ${panel.suggestion.code} ${panel.suggestion.title}`}</p>
          ) : null}
          {panel.advice.length ? (
            <>
              <h3 className="mt-3 font-semibold">What would change it</h3>
              <ul className="mt-1 list-disc space-y-1 pl-6">
                {panel.advice.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </>
          ) : null}
          <h3 className="mt-3 font-semibold">Why</h3>
          <ul className="mt-1 list-disc space-y-1 pl-6 text-sm">
            {panel.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2">
          Fill in the title, salary, hours and occupation to see whether the job could be sponsored on a Skilled Worker
          visa, and what would change that.
        </p>
      )}
    </section>
  );
}
