import { Form, useLocation } from "react-router";
import { Link } from "~/components/link";
import { SelectField } from "~/components/form";
import { SAVED_JOBS_PATH } from "../paths";
import type { SearchValues } from "../search-values";

/** The filters a saved search keeps (the order and the page are the list's). */
const KEPT = ["q", "location", "type", "sponsorship", "salary_min", "remote"] as const;

/**
 * "Email me new jobs like these": saves the list's current filters as an alert, daily or weekly.
 * Someone not logged in is offered the login, which returns them to this search.
 */
export function AlertForm({
  list,
  values,
  signedIn,
}: {
  list: "/jobs" | "/part-time-jobs";
  values: SearchValues;
  signedIn: boolean;
}) {
  const location = useLocation();
  if (!signedIn) {
    return (
      <p className="mt-4 text-sm">
        <Link
          to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`}
          className="text-brand underline"
        >
          Log in to get new jobs like these by email
        </Link>
      </p>
    );
  }
  return (
    <Form
      method="post"
      action={SAVED_JOBS_PATH}
      className="mt-4 flex flex-wrap items-end gap-4 rounded border border-slate-300 bg-slate-50 p-4"
    >
      <input type="hidden" name="intent" value="alert-create" />
      <input type="hidden" name="list" value={list} />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      {KEPT.map((name) => (values[name] ? <input key={name} type="hidden" name={name} value={values[name]} /> : null))}
      <div>
        <SelectField
          name="frequency"
          label="Email me new jobs like these"
          options={[
            { value: "daily", label: "Daily" },
            { value: "weekly", label: "Weekly" },
          ]}
          defaultValue="weekly"
        />
      </div>
      <button type="submit" className="rounded border border-brand bg-white px-4 py-2 font-semibold text-brand">
        Create alert
      </button>
    </Form>
  );
}
