import { Form, href } from "react-router";
import { ChartFigure } from "~/components/chart-figure";
import { RadioGroup, SelectField } from "~/components/form";
import { cellOf } from "~/features/analytics";
import type { OutcomesAnalyticsData } from "../analytics-page.server";

const NUMBER = new Intl.NumberFormat("en-GB");

/** Which survey and which graduates: a form that works without JavaScript. */
function Choice({ input, years, error }: Pick<OutcomesAnalyticsData, "input" | "years" | "error">) {
  return (
    <section aria-labelledby="choice-heading" className="mt-6 rounded border border-slate-300 bg-white p-4">
      <h2 id="choice-heading" className="text-lg font-semibold">
        Graduates
      </h2>
      {error ? (
        <p role="alert" className="mt-2 rounded border border-red-300 bg-red-50 px-3 py-2 text-red-900">
          {error}
        </p>
      ) : null}
      <Form method="get" action={href("/graduate-outcomes-analytics")} className="mt-2 flex flex-wrap items-end gap-6">
        <div className="min-w-72">
          <RadioGroup
            name="wave"
            legend="Surveyed"
            options={[
              { value: "6", label: "6 months after" },
              { value: "15", label: "15 months after" },
            ]}
            checked={input.wave}
          />
        </div>
        <div className="w-44">
          <SelectField
            name="year"
            label="Graduated in"
            options={years.map((y) => ({ value: String(y), label: String(y) }))}
            defaultValue={input.year}
            placeholder="Every year"
            required={false}
          />
        </div>
        <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white">
          Show
        </button>
      </Form>
    </section>
  );
}

/** /graduate-outcomes-analytics: the survey's answers as figures, then each chart with its table and CSV. */
export function OutcomesAnalyticsPage({ data: d }: { data: OutcomesAnalyticsData }) {
  const who = `${d.filter.year ? `Graduates of ${d.filter.year}` : "Graduates of every year"}, surveyed ${d.filter.wave} months after graduating`;
  return (
    <article>
      <h1 className="text-3xl font-bold">Graduate outcomes analytics</h1>
      <p className="mt-2 max-w-3xl">
        {`What your graduates do 6 and 15 months after graduating, from the survey emailed to them: whether they answered, what they do, whether they work in ${d.country} or elsewhere, and whether their job needed a visa sponsor; by course, level of study, home country and visa route.`}
      </p>
      <Choice input={d.input} years={d.years} error={d.error} />
      <p className="mt-4 text-sm text-muted">
        {`${who}. Figures about fewer than 5 graduates show as "fewer than 5", and where that could be worked out from the others, one more figure is withheld too.`}
      </p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {d.figures.map((f) => {
          const cell = cellOf(f.value);
          return (
            <div key={f.label} className="rounded border border-slate-300 bg-white p-4">
              <dt className="text-sm text-muted">{f.label}</dt>
              <dd className="text-2xl font-bold">
                {typeof cell === "number" ? `${NUMBER.format(cell)}${f.unit === "percent" ? "%" : ""}` : cell}
              </dd>
            </div>
          );
        })}
      </dl>
      {d.charts.map((c) => (
        <ChartFigure
          key={c.id}
          id={c.id}
          title={c.title}
          description={c.description}
          svg={c.svg}
          table={c.table}
          csvHref={c.csvHref}
        />
      ))}
    </article>
  );
}
