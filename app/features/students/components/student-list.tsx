import { Form } from "react-router";
import { Link } from "~/components/link";
import { SelectField, TextField } from "~/components/form";
import { STUDY_LEVELS } from "~/db/schema/student-profile-values";
import { LEVEL_LABELS, PAGE_SIZE, STUDENT_STATUSES, type StudentStatus } from "../labels";

type Row = {
  id: number;
  name: string;
  email: string;
  role: string;
  course: string | null;
  level: (typeof STUDY_LEVELS)[number] | null;
  country: string | null;
  registeredAt: string;
  status: StudentStatus;
};
type Filters = { q?: string; course?: string; level?: string; country?: number; status?: string; page: number };
type Props = {
  rows: Row[];
  total: number;
  filters: Filters;
  problem: string | null;
  choices: { courses: string[]; countries: { id: number; name: string }[] };
};

const DAY = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Europe/London",
});
const NUMBER = new Intl.NumberFormat("en-GB");
const PATH = "/university-dashboard";

/** The filters as a query, without the page: what the CSV and the page links carry. */
function queryOf(filters: Filters, page?: number): string {
  const q = new URLSearchParams();
  for (const key of ["q", "course", "level", "country", "status"] as const)
    if (filters[key] !== undefined) q.set(key, String(filters[key]));
  if (page && page > 1) q.set("page", String(page));
  return q.toString();
}

/** The university's students: search and filters (a GET form, so a filtered list has an address), a page of rows, CSV of all that match. */
export function StudentList({ rows, total, filters, problem, choices }: Props) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const query = queryOf(filters);
  const from = (filters.page - 1) * PAGE_SIZE + 1;
  return (
    <section aria-labelledby="students-heading" className="mt-10">
      <h2 id="students-heading" className="text-2xl font-semibold">
        Your students
      </h2>
      {problem ? (
        <p role="alert" className="mt-2 rounded border border-red-300 bg-red-50 px-3 py-2 text-red-900">
          {`${problem}. Showing every student instead.`}
        </p>
      ) : null}
      <Form
        method="get"
        action={`${PATH}#students-heading`}
        className="mt-4 grid gap-4 rounded border border-slate-300 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <TextField name="q" label="Name or email" type="search" defaultValue={filters.q ?? ""} maxLength={100} />
        <SelectField
          name="course"
          label="Course"
          required={false}
          placeholder="Any course"
          defaultValue={filters.course ?? ""}
          options={choices.courses.map((c) => ({ value: c, label: c }))}
        />
        <SelectField
          name="level"
          label="Level"
          required={false}
          placeholder="Any level"
          defaultValue={filters.level ?? ""}
          options={STUDY_LEVELS.map((l) => ({ value: l, label: LEVEL_LABELS[l] }))}
        />
        <SelectField
          name="country"
          label="Home country"
          required={false}
          placeholder="Any country"
          defaultValue={filters.country ? String(filters.country) : ""}
          options={choices.countries.map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <SelectField
          name="status"
          label="Status"
          required={false}
          placeholder="Any status"
          defaultValue={filters.status ?? ""}
          options={Object.entries(STUDENT_STATUSES).map(([value, label]) => ({ value, label }))}
        />
        <div className="flex items-end gap-3">
          <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white">
            Search
          </button>
          <Link to={`${PATH}#students-heading`} className="py-2 underline">
            Clear
          </Link>
        </div>
      </Form>
      <p className="mt-4" aria-live="polite">
        {total === 0
          ? "No student matches."
          : `${NUMBER.format(total)} ${total === 1 ? "student" : "students"}${pages > 1 ? `, ${NUMBER.format(from)} to ${NUMBER.format(Math.min(total, from + PAGE_SIZE - 1))} shown` : ""}.`}{" "}
        {total > 0 ? (
          <a href={`${PATH}/students.csv${query ? `?${query}` : ""}`} download className="font-semibold underline">
            Download the list (CSV)
          </a>
        ) : null}
      </p>
      {rows.length ? (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard
        <div role="region" aria-labelledby="students-caption" tabIndex={0} className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[56rem] text-left text-sm">
            <caption id="students-caption" className="sr-only">
              Your students, by name
            </caption>
            <thead>
              <tr className="border-b border-slate-300">
                {["Name", "Email", "Course", "Level", "Home country", "Registered", "Status", "Access"].map((h) => (
                  <th key={h} scope="col" className="py-2 pr-3">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.id} className="border-b border-slate-200 align-top">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {s.name}
                    {s.role === "predeparture_student" ? (
                      <span className="block text-xs text-muted">Pre-departure</span>
                    ) : null}
                  </th>
                  <td className="py-2 pr-3 break-all">{s.email}</td>
                  <td className="py-2 pr-3">{s.course ?? "—"}</td>
                  <td className="py-2 pr-3">{s.level ? LEVEL_LABELS[s.level] : "—"}</td>
                  <td className="py-2 pr-3">{s.country ?? "—"}</td>
                  <td className="py-2 pr-3">{DAY.format(new Date(s.registeredAt))}</td>
                  <td className="py-2 pr-3">{STUDENT_STATUSES[s.status]}</td>
                  <td className="py-2">
                    {s.status === "active" || s.status === "expired" ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={s.id} />
                        <button
                          type="submit"
                          name="intent"
                          value={s.status === "active" ? "deactivate" : "reactivate"}
                          aria-label={`${s.status === "active" ? "Deactivate" : "Reactivate"} ${s.name}`}
                          className="rounded border border-slate-500 px-2 py-1"
                        >
                          {s.status === "active" ? "Deactivate" : "Reactivate"}
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <nav aria-label="Pages of students" className="mt-3 flex gap-4">
          {filters.page > 1 ? (
            <Link to={`${PATH}?${queryOf(filters, filters.page - 1)}#students-heading`} className="underline">
              Previous page
            </Link>
          ) : null}
          <span>{`Page ${filters.page} of ${pages}`}</span>
          {filters.page < pages ? (
            <Link to={`${PATH}?${queryOf(filters, filters.page + 1)}#students-heading`} className="underline">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
