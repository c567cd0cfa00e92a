import { Link } from "~/components/link";
import { usePageView } from "~/lib/use-page-view";
import type { Shortlist } from "../page.server";
import { CHECKER_PATH, CHECK_PATH, organisationPath } from "../paths";
import type { SearchPageData } from "../schema";
import { ShortlistButton } from "./results";
import { SponsorSearchPage } from "./search-page";

/** The open sponsor licence check, pointing students to the checker that keeps a shortlist. */
export function LicenceCheckPage({ data }: { data: SearchPageData }) {
  return (
    <SponsorSearchPage title="UK work visa sponsor licence check" action={CHECK_PATH} loaderData={data}>
      <p className="mt-8">
        Students can keep a shortlist of the employers they checked in the{" "}
        <Link to={CHECKER_PATH} className="text-brand underline">
          sponsorship licence checker
        </Link>{" "}
        (log in first).
      </p>
    </SponsorSearchPage>
  );
}

/** The students' checker: the same search, with their shortlist under it. */
export function LicenceCheckerPage({
  data,
  shortlistError,
}: {
  data: SearchPageData & { shortlist: Shortlist };
  shortlistError?: string;
}) {
  const { shortlist } = data;
  const saved = new Set(shortlist.map((s) => s.slug));
  // The analytics count the students who used the checker, as their browser reports it.
  usePageView({ page: "sponsor-checker" });
  return (
    <SponsorSearchPage title="Sponsorship licence checker" action={CHECKER_PATH} loaderData={data} shortlisted={saved}>
      {shortlistError ? (
        <p role="alert" className="mt-6 rounded border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {shortlistError}
        </p>
      ) : null}
      <section aria-labelledby="shortlist" className="mt-10">
        <h2 id="shortlist" className="text-2xl font-semibold">
          Your shortlist
        </h2>
        {shortlist.length === 0 ? (
          <p className="mt-2 text-muted">
            Employers you add from the results or from an employer’s page are kept here.
          </p>
        ) : (
          <ul className="mt-3 space-y-3">
            {shortlist.map((s) => (
              <li key={s.slug} className="rounded border border-slate-300 p-3">
                <Link to={organisationPath(s.slug)} className="font-semibold text-brand underline">
                  {s.name}
                </Link>
                <span className="text-sm text-muted">
                  {" "}
                  · {s.onRegister ? s.town || "Town not given" : "No longer on the current register"}
                </span>
                <ShortlistButton slug={s.slug} name={s.name} saved />
              </li>
            ))}
          </ul>
        )}
      </section>
    </SponsorSearchPage>
  );
}
