import { Link } from "~/components/link";
import { NotFound } from "~/components/status-pages";
import { formatDate } from "~/lib/dates";
import type { OrganisationPageData } from "../page.server";
import { CHECKER_PATH } from "../paths";
import type { Change } from "../queries.server";
import { StaleRegisterWarning } from "./register-warning";
import { Attribution, BackToCheck, LicenceTable, ShortlistButton, place } from "./results";

const CHANGE_TEXT: Record<Change["kind"], string> = {
  added: "Added to the register",
  removed: "Dropped off the register",
  changed: "Routes or rating changed",
};

/** An organisation's page: where it stands on the register, its licences, the shortlist button and its history. */
export function OrganisationPage({ data, shortlistError }: { data: OrganisationPageData; shortlistError?: string }) {
  const { organisation: o, registerDate, freshness, loggedIn, saved } = data;
  if (!o) return <NotFound />;
  return (
    <div className="mx-auto max-w-3xl">
      <BackToCheck />
      <h1 className="mt-4 text-3xl font-bold">{o.name}</h1>
      <p className="mt-1 text-muted">{place(o.town, o.county)}</p>
      {o.live ? (
        <p
          className="mt-4 rounded border-2 border-green-700 bg-green-50 p-3 text-green-900"
          data-testid="register-date"
        >
          Licensed to sponsor workers on the register of{" "}
          <strong>{registerDate ? formatDate(registerDate) : "the latest import"}</strong>.
        </p>
      ) : (
        <p
          className="mt-4 rounded border-2 border-amber-700 bg-amber-50 p-3 text-amber-950"
          data-testid="register-date"
        >
          Not on the current register
          {registerDate ? (
            <>
              {" "}
              of <strong>{formatDate(registerDate)}</strong>
            </>
          ) : null}
          . The licences below are the last ones it held.
        </p>
      )}
      <StaleRegisterWarning freshness={freshness} />
      <h2 className="mt-8 text-2xl font-semibold">Routes and ratings</h2>
      <LicenceTable licences={o.licences} caption={`Licences of ${o.name}`} />
      {shortlistError ? (
        <p role="alert" className="mt-4 rounded border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {shortlistError}
        </p>
      ) : null}
      {loggedIn && o.live ? (
        <ShortlistButton slug={o.slug} name={o.name} saved={saved} />
      ) : loggedIn ? null : (
        <p className="mt-4 text-sm">
          <Link to={CHECKER_PATH} className="text-brand underline">
            Log in to keep a shortlist
          </Link>{" "}
          of the employers you check.
        </p>
      )}
      {loggedIn && saved ? (
        <p className="mt-2 text-sm">
          On{" "}
          <Link to={CHECKER_PATH} className="text-brand underline">
            your shortlist
          </Link>
          .
        </p>
      ) : null}
      <h2 className="mt-8 text-2xl font-semibold">History on the register</h2>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {o.history.map((h, i) => (
          <li key={i}>
            {`${formatDate(h.registerDate)}: ${CHANGE_TEXT[h.kind]}`}
            {h.kind === "changed" && h.before
              ? ` (before: ${h.before.map((l) => `${l.route}, ${l.rating}`).join("; ")})`
              : ""}
          </li>
        ))}
        {o.firstSeen ? (
          <li>{`On the register since at least ${formatDate(o.firstSeen)}, the first register held here that lists it.`}</li>
        ) : null}
      </ul>
      <Attribution registerDate={registerDate} />
    </div>
  );
}
