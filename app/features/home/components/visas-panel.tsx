import { Link } from "~/components/link";
import { formatDate } from "~/lib/dates";
import type { VisaPanel as Panel } from "../home.server";

/**
 * The main routes to work after graduating, as the country guide's visa-details page dates them,
 * each with the official page to check it against. The full section is for members, which the link
 * says, since visitors are the ones who see the home page.
 */
export function VisasPanel({
  visas,
  place,
  accentBorderClass,
}: {
  visas: Panel;
  place: string;
  accentBorderClass: string;
}) {
  return (
    <section
      aria-labelledby="visas-heading"
      data-visas={visas.country}
      className={`rounded-xl border border-l-8 border-slate-200 bg-white p-6 ${accentBorderClass}`}
    >
      <h2 id="visas-heading" className="text-2xl font-bold">
        Visas: staying to work in {place}
      </h2>
      <ul className="mt-4 space-y-4">
        {visas.rules.map((r) => (
          <li key={r.rule}>
            <p>{r.rule}</p>
            <p className="mt-1 text-sm text-muted">
              {"Applies from "}
              <time dateTime={r.from}>{formatDate(r.from)}</time>
              {" · "}
              <a href={r.source} className="text-brand underline" rel="noopener">
                Official page ({new URL(r.source).hostname})
              </a>
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm">Rules change: check the official page before you rely on one.</p>
      <p className="mt-4">
        <Link to={`/country-guide/${visas.country}/visa-details`} className="font-semibold text-brand underline">
          Read the full visa details section (log in needed)
        </Link>
      </p>
      <p className="mt-1 text-sm text-muted">
        The section is for students whose university includes the country guides.
      </p>
    </section>
  );
}
