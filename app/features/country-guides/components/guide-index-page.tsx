import { Link } from "~/components/link";
import { formatDate } from "~/lib/dates";
import { GUIDES_INTRO } from "../guides";
import type { GuideIndexData } from "../pages.server";

/** The guides' index: a card a country. */
export function GuideIndexPage({ data }: { data: GuideIndexData }) {
  const { guides } = data;
  return (
    <article className="max-w-4xl">
      <h1 className="text-3xl font-bold">Country guides</h1>
      <p className="mt-2 max-w-3xl text-lg">{GUIDES_INTRO}</p>
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
