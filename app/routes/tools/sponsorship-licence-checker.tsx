import { Link, data } from "react-router";
import { SponsorSearchPage } from "~/features/sponsors/components/search-page";
import { ShortlistButton } from "~/features/sponsors/components/results";
import { loadSearch, shortlistAction } from "~/features/sponsors/page.server";
import { CHECKER_PATH, organisationPath } from "~/features/sponsors/paths";
import { shortlistOf } from "~/features/sponsors/queries.server";
import { accessContext } from "~/features/access/context";
import { dbContext } from "~/db/context";
import { pageTitle } from "~/lib/meta";
import { usePageView } from "~/lib/use-page-view";
import type { Route } from "./+types/sponsorship-licence-checker";

// Guard B (logged in) has already run in the root middleware; the user is therefore set.
export async function loader({ url, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = context.get(accessContext).user!;
  const [{ page, status }, shortlist] = await Promise.all([loadSearch(context, url), shortlistOf(db, user.id)]);
  return data({ ...page, shortlist }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  return shortlistAction(request, context, context.get(accessContext).user);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Sponsorship licence checker") }];
}

export default function SponsorshipLicenceChecker({ loaderData, actionData }: Route.ComponentProps) {
  const { shortlist } = loaderData;
  const saved = new Set(shortlist.map((s) => s.slug));
  // The analytics count the students who used the checker, as their browser reports it.
  usePageView({ page: "sponsor-checker" });
  return (
    <SponsorSearchPage
      title="Sponsorship licence checker"
      action={CHECKER_PATH}
      loaderData={loaderData}
      shortlisted={saved}
    >
      {actionData?.shortlistError ? (
        <p role="alert" className="mt-6 rounded border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {actionData.shortlistError}
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
