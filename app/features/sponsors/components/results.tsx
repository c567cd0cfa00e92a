import { Form, useLocation } from "react-router";
import { Link } from "~/components/link";
import type { SponsorLicence } from "~/db/schema/sponsors";
import { CHECK_PATH, organisationPath } from "../paths";
import type { MatchKind } from "../search.server";
import { formatDate } from "~/lib/dates";

export type ResultItem = {
  slug: string;
  name: string;
  town: string;
  county: string;
  licences: SponsorLicence[];
  firstSeen: string;
  match: MatchKind;
};

const MATCH_LABEL: Record<MatchKind, string> = {
  exact: "Exact name",
  alias: "Trading name",
  core: "Same name, other legal form",
  known: "Known short name or spelling",
  prefix: "Name starts with your search",
  words: "Has all your words",
  fuzzy: "Similar spelling",
};

export const place = (town: string, county: string) => [town, county].filter(Boolean).join(", ") || "Town not given";

/** Each route an organisation may sponsor on, with its licence type and rating. */
export function LicenceTable({ licences, caption }: { licences: SponsorLicence[]; caption: string }) {
  return (
    <table className="mt-2 w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300">
          <th scope="col" className="py-1 pr-3">
            Route
          </th>
          <th scope="col" className="py-1 pr-3">
            Licence
          </th>
          <th scope="col" className="py-1">
            Rating
          </th>
        </tr>
      </thead>
      <tbody>
        {licences.map((l) => (
          <tr key={`${l.route}|${l.type}|${l.rating}`} className="border-b border-slate-200">
            <td className="py-1 pr-3">{l.route}</td>
            <td className="py-1 pr-3">{l.type}</td>
            <td className="py-1">{l.rating}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Search results, one card per organisation; organisations first seen after `newSince` are marked
 * new, and `shortlisted` adds a button to keep each one.
 */
export function SponsorResults({
  results,
  newSince,
  shortlisted,
}: {
  results: ResultItem[];
  newSince: string | null;
  shortlisted?: Set<string>;
}) {
  return (
    <ol className="mt-4 space-y-4">
      {results.map((r) => (
        <li key={r.slug} className="rounded border border-slate-300 p-4">
          <h3 className="text-lg font-semibold">
            <Link to={organisationPath(r.slug)} className="text-brand underline">
              {r.name}
            </Link>
          </h3>
          <p className="text-sm text-muted">
            {place(r.town, r.county)} · <span>{MATCH_LABEL[r.match]}</span>
          </p>
          {newSince && r.firstSeen > newSince ? (
            <p className="mt-1 inline-block rounded bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900">{`New: added since the register of ${formatDate(newSince)}`}</p>
          ) : null}
          <LicenceTable licences={r.licences} caption={`Licences of ${r.name}`} />
          {shortlisted ? <ShortlistButton slug={r.slug} name={r.name} saved={shortlisted.has(r.slug)} /> : null}
        </li>
      ))}
    </ol>
  );
}

/** Adds an employer to the logged-in user's shortlist, or takes it off. */
export function ShortlistButton({ slug, name, saved }: { slug: string; name: string; saved: boolean }) {
  const text = saved ? "Remove from shortlist" : "Add to shortlist";
  const location = useLocation();
  return (
    <Form method="post" className="mt-3">
      <input type="hidden" name="slug" value={slug} />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <input type="hidden" name="intent" value={saved ? "remove" : "add"} />
      <button
        type="submit"
        aria-label={`${text}: ${name}`}
        className="rounded border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-blue-50"
      >
        {text}
      </button>
    </Form>
  );
}

/** The register's licence, as the Open Government Licence asks. */
export function Attribution({ registerDate }: { registerDate: string | null }) {
  return (
    <p className="mt-10 border-t border-slate-300 pt-4 text-sm text-muted">
      Source: Home Office, Register of licensed sponsors: workers{registerDate ? `, ${formatDate(registerDate)}` : ""}.
      Contains public sector information licensed under the{" "}
      <a href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/" className="underline">
        Open Government Licence v3.0
      </a>
      . Check the{" "}
      <a href="https://www.gov.uk/government/publications/register-of-licensed-sponsors-workers" className="underline">
        current register on GOV.UK
      </a>{" "}
      before you rely on it.
    </p>
  );
}

/** The way back to the search from the checker's other pages. */
export function BackToCheck() {
  return (
    <p>
      <Link to={CHECK_PATH} className="text-brand underline">
        Back to the sponsor licence check
      </Link>
    </p>
  );
}
