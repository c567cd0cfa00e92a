import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, SelectField, TextField } from "~/components/form";
import { type JobType, SPONSORSHIP_STATUSES, WORK_ARRANGEMENTS } from "~/db/schema/job-posting-values";
import { POSTED_LABELS, REMOTE_LABELS, SORT_LABELS, SPONSORSHIP_LABELS, TYPE_LABELS } from "../labels";
import { type JobSearchPageData, POSTED_WITHIN_DAYS, SORTS, withParams } from "../search-values";
import { AlertForm } from "./alert-form";
import { JobCard } from "./job-card";

/** Options of a filter with their counts under the other filters ("Full-time (1,204)"). */
function optionsWithCounts<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
  counts: { value: string; count: number }[] | undefined,
) {
  return values.map((value) => {
    const count = counts?.find((c) => c.value === value)?.count ?? 0;
    return { value, label: counts ? `${labels[value]} (${count.toLocaleString("en-GB")})` : labels[value] };
  });
}

export type JobListKind = {
  /** Where the form searches: the page's own address. */
  path: string;
  heading: string;
  intro: React.ReactNode;
  /** The job types the list offers (the part-time list: part-time and temporary). */
  types: readonly JobType[];
  /** Mark jobs over the Student visa's term-time hours. */
  studentHours?: boolean;
  /** The list an alert saved here searches (the pre-departure part-time list is the part-time list). */
  alertList: "/jobs" | "/part-time-jobs";
};

/** A job list with its search form: /jobs, and the part-time lists. */
export function JobSearchPage({ data, kind }: { data: JobSearchPageData; kind: JobListKind }) {
  const { values, errors, answer } = data;
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.reason;
  const page = answer?.page ?? 1;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  const filters = (["q", "location", "type", "sponsorship", "salary_min", "remote", "posted_within"] as const).filter(
    (name) => values[name],
  );
  return (
    <article>
      <h1 className="text-3xl font-bold">{kind.heading}</h1>
      <div className="mt-2 max-w-3xl text-muted">{kind.intro}</div>
      <ErrorSummary
        formError={errors.length ? "Some of the search is not valid." : null}
        fields={errors.map((e) => ({ field: e.field, message: e.reason }))}
        answer={errors.length ? errors : null}
      />
      <Form
        method="get"
        action={kind.path}
        className="mt-6 grid gap-4 rounded border border-slate-300 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <TextField
          name="q"
          label="Keywords"
          hint="Job title, employer or skill."
          type="search"
          defaultValue={values.q ?? ""}
          error={errorOf("q")}
        />
        <TextField
          name="location"
          label="Location"
          hint="A town or region."
          type="text"
          autoComplete="address-level2"
          defaultValue={values.location ?? ""}
          error={errorOf("location")}
        />
        <SelectField
          name="sponsorship"
          label="Visa sponsorship"
          required={false}
          placeholder="Any"
          options={optionsWithCounts(SPONSORSHIP_STATUSES, SPONSORSHIP_LABELS, answer?.facets.sponsorship)}
          defaultValue={values.sponsorship ?? ""}
          error={errorOf("sponsorship")}
        />
        <SelectField
          name="type"
          label="Job type"
          required={false}
          placeholder="Any"
          options={optionsWithCounts(kind.types, TYPE_LABELS, answer?.facets.type)}
          defaultValue={values.type ?? ""}
          error={errorOf("type")}
        />
        <TextField
          name="salary_min"
          label="Minimum salary"
          hint="A year, in pounds."
          type="text"
          inputMode="numeric"
          defaultValue={values.salary_min ?? ""}
          error={errorOf("salary_min")}
        />
        <SelectField
          name="remote"
          label="Where you work"
          required={false}
          placeholder="Any"
          options={optionsWithCounts(WORK_ARRANGEMENTS, REMOTE_LABELS, answer?.facets.remote)}
          defaultValue={values.remote ?? ""}
          error={errorOf("remote")}
        />
        <SelectField
          name="posted_within"
          label="Posted"
          required={false}
          placeholder="Any time"
          options={POSTED_WITHIN_DAYS.map((d) => ({ value: String(d), label: POSTED_LABELS[String(d)]! }))}
          defaultValue={values.posted_within ?? ""}
          error={errorOf("posted_within")}
        />
        <SelectField
          name="sort"
          label="Sort by"
          required={false}
          placeholder="Best match"
          options={SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
          defaultValue={values.sort ?? ""}
          error={errorOf("sort")}
        />
        <div className="sm:col-span-2 lg:col-span-4">
          <button type="submit" className="rounded bg-brand px-5 py-2.5 font-semibold text-white">
            Search
          </button>
        </div>
      </Form>
      {answer ? (
        <section aria-labelledby="results-heading" className="mt-8">
          {/* A live region around the heading, so a search made in the page is announced. */}
          <div role="status">
            <h2 id="results-heading" className="text-xl font-semibold">
              {answer.total === 0
                ? "No jobs match"
                : `${answer.total.toLocaleString("en-GB")} ${answer.total === 1 ? "job" : "jobs"}${pages > 1 ? `, page ${page} of ${pages}` : ""}`}
            </h2>
          </div>
          <AlertForm list={kind.alertList} values={values} signedIn={data.saved !== null} />
          {answer.total === 0 && filters.length ? (
            <div className="mt-3">
              <p>Try a wider search:</p>
              <ul className="mt-2 list-disc pl-6">
                {filters.map((name) => (
                  <li key={name}>
                    <Link to={withParams(kind.path, values, { [name]: "", page: "" })} className="text-brand underline">
                      {`Search without ${name === "q" ? `“${values.q}”` : name === "salary_min" ? "the minimum salary" : name === "posted_within" ? "the posting date" : `the ${name === "remote" ? "work arrangement" : name} filter`}`}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <ol className="mt-4 space-y-4">
            {answer.results.map((job) => (
              <li key={job.slug}>
                <JobCard
                  job={job}
                  studentHours={kind.studentHours}
                  saved={data.saved ? data.saved.includes(job.slug) : null}
                />
              </li>
            ))}
          </ol>
          {pages > 1 ? (
            <nav aria-label="Pages of results" className="mt-6 flex gap-4">
              {page > 1 ? (
                <Link
                  to={withParams(kind.path, values, { page: page === 2 ? "" : String(page - 1) })}
                  className="text-brand underline"
                >
                  Previous page
                </Link>
              ) : null}
              {page < pages ? (
                <Link to={withParams(kind.path, values, { page: String(page + 1) })} className="text-brand underline">
                  Next page
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      ) : null}
    </article>
  );
}
