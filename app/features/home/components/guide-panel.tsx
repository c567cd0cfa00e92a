import { Link } from "~/components/link";
import type { FeaturedGuide } from "../home.server";

/**
 * The system country's guide on the home page: its overview, open to everyone, and the sections a
 * student here needs first. The home page is for visitors (members go to their dashboards), so the
 * sections' login is said beside them rather than found out.
 */
export function GuidePanel({ guide }: { guide: FeaturedGuide }) {
  const to = (page: string) => `/country-guide/${guide.country}/${page}`;
  return (
    <section
      aria-labelledby="guide-heading"
      data-guide={guide.country}
      className="rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 id="guide-heading" className="text-2xl font-bold">
        Working in {guide.place}: the country guide
      </h2>
      <p className="mt-3">{guide.summary}</p>
      <p className="mt-3">
        <Link to={to("overview")} className="font-semibold text-brand underline">
          Read the overview of the guide to working in {guide.place}
        </Link>
      </p>
      {guide.sections.length ? (
        <>
          <h3 className="mt-6 text-lg font-semibold">Sections to read first</h3>
          <p className="mt-1 text-sm text-muted">
            For students whose university includes the country guides: choosing one asks you to log in.
          </p>
          <ul className="mt-3 space-y-4">
            {guide.sections.map((s) => (
              <li key={s.page}>
                <Link to={to(s.page)} className="font-semibold text-brand underline">
                  {s.title}
                </Link>
                <p className="mt-1 text-sm">{s.summary}</p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
