import { Link } from "~/components/link";
import { ErrorSummary } from "~/components/form";
import { RECENT_CHANGES_PATH, organisationPath } from "../paths";
import type { SearchField, SearchPageData } from "../schema";
import { formatDate } from "~/lib/dates";
import { errorList } from "~/lib/validation";
import { StaleRegisterWarning } from "./register-warning";
import { Attribution, SponsorResults } from "./results";
import { SponsorSearchForm } from "./search-form";

const FIELD_ORDER: SearchField[] = ["q", "route", "rating", "town", "page"];

/** The checker: search form, its answer and the register's date; the logged-in page adds the shortlist. */
export function SponsorSearchPage({
  title,
  action,
  loaderData,
  shortlisted,
  children,
}: {
  title: string;
  action: string;
  loaderData: SearchPageData;
  shortlisted?: Set<string>;
  children?: React.ReactNode;
}) {
  const { registerDate, freshness, registerLoading, newSince, routes, values, errors, search } = loaderData;
  // A bad page number is told at the search box: the form has no page field.
  const summary = errorList(errors, FIELD_ORDER).map(({ field, message }) => ({
    field: field === "page" ? "q" : field,
    message,
  }));
  const pageLink = (page: number) => `${action}?${new URLSearchParams({ ...values, page: String(page) })}`;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-lg">
        Check whether a UK employer holds a licence to sponsor workers, on which visa routes and with which rating.
      </p>
      <p className="mt-4 text-lg" data-testid="register-date">
        {registerDate ? (
          <>
            Register of licensed sponsors as of <strong>{formatDate(registerDate)}</strong>.{" "}
            <Link to={RECENT_CHANGES_PATH} className="text-brand underline">
              See who was added or dropped off
            </Link>
            .
          </>
        ) : registerLoading ? (
          "The register is still loading after the first start. Try again in a few seconds."
        ) : (
          "No register has been imported yet."
        )}
      </p>
      <StaleRegisterWarning freshness={freshness} />
      <ErrorSummary fields={summary} answer={summary.length ? errors : null} />
      <SponsorSearchForm action={action} values={values} routes={routes} errors={errors} />
      {search && registerDate ? (
        <SearchOutcome
          registerDate={registerDate}
          newSince={newSince}
          query={values.q}
          filtered={!!(values.route || values.rating || values.town)}
          search={search}
          shortlisted={shortlisted}
          pageLink={pageLink}
        />
      ) : null}
      {children}
      <Attribution registerDate={registerDate} />
    </div>
  );
}

function SearchOutcome({
  registerDate,
  newSince,
  query,
  filtered,
  search,
  shortlisted,
  pageLink,
}: {
  registerDate: string;
  newSince: string | null;
  query: string;
  filtered: boolean;
  search: NonNullable<SearchPageData["search"]>;
  shortlisted?: Set<string>;
  pageLink: (page: number) => string;
}) {
  if (search.total === 0) {
    return (
      <section aria-labelledby="answer" className="mt-8 rounded border-2 border-amber-700 bg-amber-50 p-4">
        <h2 id="answer" className="text-xl font-semibold">
          {`Not found on the register: “${query}”`}
        </h2>
        {search.dropped.length ? (
          <div className="mt-2">
            <p>{`Dropped off the register since the one of ${newSince ? formatDate(newSince) : "the previous import"}:`}</p>
            <ul className="mt-1 list-disc pl-6">
              {search.dropped.map((d) => (
                <li key={d.slug}>
                  <Link to={organisationPath(d.slug)} className="text-brand underline">
                    {d.name}
                  </Link>
                  {d.town ? `, ${d.town}` : ""}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="mt-2">
          No licensed sponsor on the register of <strong>{formatDate(registerDate)}</strong> matches this name
          {filtered ? " with these filters" : ""}. Before you conclude the employer cannot sponsor you:
        </p>
        <ul className="mt-2 list-disc pl-6">
          <li>try the company’s legal name (on its website’s footer or at Companies House) rather than its brand;</li>
          <li>use fewer words, or just the first word of the name;</li>
          <li>remove the route, rating or town filters;</li>
          <li>ask the employer: a licence may be newer than this register.</li>
        </ul>
      </section>
    );
  }
  const first = search.results[0]!;
  const exact = first.match === "exact" || first.match === "alias" || first.match === "core";
  return (
    <section aria-labelledby="answer" className="mt-8">
      <h2 id="answer" className="text-xl font-semibold">
        {search.ambiguous
          ? `Several organisations match “${query}” equally well`
          : exact
            ? `“${query}” is on the register`
            : first.match === "known"
              ? `“${query}” is on the register under the name ${first.name}`
              : `No exact match for “${query}”: ${search.total} similar ${search.total === 1 ? "name" : "names"}`}
      </h2>
      {search.ambiguous ? (
        <p className="mt-1">
          They are different legal entities. Check the town and the full name against your job offer before relying on
          one.
        </p>
      ) : null}
      <p className="mt-1">
        {search.total} {search.total === 1 ? "organisation" : "organisations"} on the register of{" "}
        <strong>{formatDate(registerDate)}</strong>, best match first. Page {search.page} of {search.pages}.
      </p>
      <SponsorResults results={search.results} newSince={newSince} shortlisted={shortlisted} />
      {search.pages > 1 ? (
        <nav aria-label="Result pages" className="mt-4 flex gap-4">
          {search.page > 1 ? (
            <Link to={pageLink(search.page - 1)} className="text-brand underline">
              Previous page
            </Link>
          ) : null}
          {search.page < search.pages ? (
            <Link to={pageLink(search.page + 1)} className="text-brand underline">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
