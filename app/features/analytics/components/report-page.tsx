import { Form } from "react-router";
import { Link } from "~/components/link";
import { ChartFigure, type ChartTable } from "~/components/chart-figure";
import { TextField } from "~/components/form";
import { formatDate } from "~/lib/dates";

type Chart = { id: string; title: string; description?: string; svg: string; table: ChartTable; csvHref: string };
type Props = {
  path: string;
  title: string;
  intro: string;
  range: { from: string; to: string };
  input: { from: string; to: string };
  error: string | null;
  today: string;
  charts: Chart[];
  children?: React.ReactNode;
};

const DAY_MS = 86_400_000;
const back = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** The date range of a page: two dates and the common ranges as links; it works without JavaScript. */
export function RangeForm({ path, input, error, today }: Pick<Props, "path" | "input" | "error" | "today">) {
  const quick = [
    { label: "Last 30 days", from: back(today, 29) },
    { label: "Last 90 days", from: back(today, 89) },
    { label: "Last 12 months", from: back(today, 364) },
  ];
  return (
    <section aria-labelledby="range-heading" className="mt-6 rounded border border-slate-300 bg-white p-4">
      <h2 id="range-heading" className="text-lg font-semibold">
        Dates
      </h2>
      {error ? (
        <p role="alert" className="mt-2 rounded border border-red-300 bg-red-50 px-3 py-2 text-red-900">
          {error}
        </p>
      ) : null}
      <Form method="get" action={path} className="mt-2 flex flex-wrap items-end gap-4">
        <div className="w-44">
          <TextField name="from" label="From" type="date" defaultValue={input.from} max={today} />
        </div>
        <div className="w-44">
          <TextField name="to" label="To" type="date" defaultValue={input.to} max={today} />
        </div>
        <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white">
          Show
        </button>
      </Form>
      <ul className="mt-3 flex flex-wrap gap-x-4 text-sm" aria-label="Common ranges">
        {quick.map((q) => (
          <li key={q.label}>
            <Link to={`${path}?${new URLSearchParams({ from: q.from, to: today })}`} className="underline">
              {q.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ReportPage({ path, title, intro, range, input, error, today, charts, children }: Props) {
  return (
    <article>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 max-w-3xl">{intro}</p>
      <RangeForm path={path} input={input} error={error} today={today} />
      <p className="mt-4 text-sm text-muted">
        {`${formatDate(range.from)} to ${formatDate(range.to)}. Figures about fewer than 5 students show as "fewer than 5", and where that could be worked out from the others, one more figure is withheld too.`}
      </p>
      {children}
      {charts.map((c) => (
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
