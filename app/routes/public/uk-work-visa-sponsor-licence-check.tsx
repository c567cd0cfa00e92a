import { Link, data } from "react-router";
import { SponsorSearchPage } from "~/features/sponsors/components/search-page";
import { loadSearch } from "~/features/sponsors/page.server";
import { CHECKER_PATH, CHECK_PATH } from "~/features/sponsors/paths";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/uk-work-visa-sponsor-licence-check";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { page, status } = await loadSearch(context, url);
  return data(page, { status });
}

export function meta() {
  return [
    { title: pageTitle("UK work visa sponsor licence check") },
    {
      name: "description",
      content:
        "Check whether a UK employer holds a Home Office licence to sponsor workers, on which visa routes and with which rating.",
    },
  ];
}

export default function SponsorLicenceCheck({ loaderData }: Route.ComponentProps) {
  return (
    <SponsorSearchPage title="UK work visa sponsor licence check" action={CHECK_PATH} loaderData={loaderData}>
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
