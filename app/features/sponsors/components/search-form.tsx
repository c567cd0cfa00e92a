import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { RATING_FILTERS } from "../register";
import type { SearchField } from "../schema";

const INPUT = "mt-1 w-full rounded border border-slate-500 px-3 py-2";

type Values = { q?: string; route?: string; rating?: string; town?: string };

/**
 * The search form: a plain GET form (it works without JavaScript), whose name field offers
 * type-ahead suggestions from /api/sponsors/suggest through a native datalist.
 */
export function SponsorSearchForm({
  action,
  values,
  routes,
  errors,
}: {
  action: string;
  values: Values;
  routes: string[];
  errors: Partial<Record<SearchField, string>>;
}) {
  const [suggestions, setSuggestions] = useState<{ slug: string; name: string; town: string }[]>([]);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const suggest = (text: string) => {
    clearTimeout(timer.current);
    const q = text.trim();
    if (q.length < 2) return setSuggestions([]);
    // A short pause, so each keystroke of a fast typist does not become a request.
    timer.current = setTimeout(async () => {
      const ticket = ++latest.current;
      try {
        const response = await fetch(`/api/sponsors/suggest?q=${encodeURIComponent(q)}`, {
          headers: { "X-Requested-With": "XMLHttpRequest" },
        });
        const body = response.ok ? await response.json() : { suggestions: [] };
        if (ticket === latest.current) setSuggestions(body.suggestions ?? []);
      } catch {
        // Suggestions are a convenience: the search itself still works.
      }
    }, 120);
  };

  const describedBy = (field: SearchField, hint?: string) =>
    [hint, errors[field] && `${field}-error`].filter(Boolean).join(" ") || undefined;
  const error = (field: SearchField) =>
    errors[field] ? (
      <p id={`${field}-error`} className="mt-1 text-sm text-red-800">
        {errors[field]}
      </p>
    ) : null;

  return (
    <Form
      method="get"
      action={action}
      className="mt-6 space-y-4 rounded border border-slate-300 p-4"
      role="search"
      aria-label="Search the register"
    >
      <div>
        <label htmlFor="q" className="block font-medium">
          Employer name
        </label>
        <p id="q-hint" className="text-sm text-muted">
          The legal or trading name; spelling mistakes and Ltd or Limited do not matter.
        </p>
        <input
          id="q"
          name="q"
          type="search"
          list="sponsor-suggestions"
          autoComplete="off"
          spellCheck={false}
          required
          minLength={2}
          maxLength={120}
          defaultValue={values.q ?? ""}
          onChange={(e) => suggest(e.currentTarget.value)}
          aria-invalid={errors.q ? true : undefined}
          aria-describedby={describedBy("q", "q-hint")}
          className={INPUT}
        />
        <datalist id="sponsor-suggestions" data-testid="sponsor-suggestions">
          {suggestions.map((s) => (
            <option key={s.slug} value={s.name}>
              {s.town}
            </option>
          ))}
        </datalist>
        {error("q")}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor="route" className="block font-medium">
            Route
          </label>
          <select
            id="route"
            name="route"
            defaultValue={values.route ?? ""}
            aria-describedby={describedBy("route")}
            className={INPUT}
          >
            <option value="">Any route</option>
            {routes.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          {error("route")}
        </div>
        <div>
          <label htmlFor="rating" className="block font-medium">
            Rating
          </label>
          <select
            id="rating"
            name="rating"
            defaultValue={values.rating ?? ""}
            aria-describedby={describedBy("rating")}
            className={INPUT}
          >
            <option value="">Any rating</option>
            {Object.entries(RATING_FILTERS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
          {error("rating")}
        </div>
        <div>
          <label htmlFor="town" className="block font-medium">
            Town or county
          </label>
          <input
            id="town"
            name="town"
            type="text"
            maxLength={100}
            defaultValue={values.town ?? ""}
            aria-describedby={describedBy("town")}
            className={INPUT}
          />
          {error("town")}
        </div>
      </div>
      <button type="submit" className="rounded bg-brand px-5 py-2.5 font-semibold text-white hover:opacity-90">
        Check the register
      </button>
    </Form>
  );
}
