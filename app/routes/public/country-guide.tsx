import { Link } from "react-router";
import { dbContext } from "~/db/context";
import { siteOrigin } from "~/features/access/site-url.server";
import { guideIndex } from "~/features/country-guides/queries.server";
import { formatDate } from "~/lib/dates";
import { breadcrumbLd, seoMeta } from "~/lib/meta";
import type { Route } from "./+types/country-guide";

const INTRO =
  "Working after your studies, country by country: the job market, how people find jobs, CVs, interviews and the visas that let you stay.";

export async function loader({ context }: Route.LoaderArgs) {
  return { guides: await guideIndex(context.get(dbContext)), origin: siteOrigin(context) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { origin } = loaderData;
  return seoMeta({
    title: "Country guides",
    description: INTRO,
    url: `${origin}/country-guide`,
    jsonLd: [
      breadcrumbLd([
        ["Home", `${origin}/`],
        ["Country guides", `${origin}/country-guide`],
      ]),
    ],
  });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function CountryGuides({ loaderData }: Route.ComponentProps) {
  const { guides } = loaderData;
  return (
    <article className="max-w-4xl">
      <h1 className="text-3xl font-bold">Country guides</h1>
      <p className="mt-2 max-w-3xl text-lg">{INTRO}</p>
      <p className="mt-2 max-w-3xl">
        Each guide&apos;s overview is open to everyone. Its thirteen sections are for students whose university includes
        the guides.
      </p>
      {guides.length === 0 ? <p className="mt-6">No guide is published yet.</p> : null}
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {guides.map((g) => (
          <li key={g.country} className="rounded border border-slate-300 bg-white p-5">
            <h2 className="text-xl font-semibold">
              <Link to={`/country-guide/${g.country}/overview`} className="text-brand underline">
                {`Working in ${g.name}`}
              </Link>
            </h2>
            <p className="mt-2">{g.summary}</p>
            <p className="mt-2 text-sm text-muted">{`Overview and ${g.sections} sections · reviewed ${formatDate(g.reviewedOn)}`}</p>
          </li>
        ))}
      </ul>
    </article>
  );
}
