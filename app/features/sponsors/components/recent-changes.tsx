import { Link } from "~/components/link";
import { formatDate } from "~/lib/dates";
import type { Freshness } from "../freshness";
import { organisationPath } from "../paths";
import { StaleRegisterWarning } from "./register-warning";
import { Attribution, BackToCheck } from "./results";

type Register = { registerDate: string; organisationCount: number; added: number; removed: number; changed: number };
type Listed = { slug: string; name: string; town: string }[];

export type RecentChangesData = {
  snapshot: Register | null;
  previous: Register | null;
  freshness: Freshness | null;
  added: Listed;
  removed: Listed;
  changed: Listed;
};

/**
 * The latest register against the one before: who was added, dropped off or changed. With one
 * register there is nothing to compare, and the page says when there will be.
 */
export function RecentChanges({ snapshot, previous, freshness, added, removed, changed }: RecentChangesData) {
  if (!snapshot) {
    return (
      <p className="mt-4">
        No register has been imported yet. Changes appear here once two registers have been imported, each compared with
        the one before.
      </p>
    );
  }
  if (!previous) {
    return (
      <>
        <StaleRegisterWarning freshness={freshness} />
        <p className="mt-4 text-lg" data-testid="register-date">
          The register of <strong>{formatDate(snapshot.registerDate)}</strong>
          {` is the first one held here (${snapshot.organisationCount.toLocaleString("en-GB")} organisations), so there is no earlier register to compare it with yet.`}
        </p>
        <p className="mt-2">
          Changes appear here once a second register has been imported: the organisations added, dropped off, or whose
          routes or rating changed between the two.
        </p>
      </>
    );
  }
  const sections = [
    ["added", "Added to the register", snapshot.added, added],
    ["removed", "Dropped off the register", snapshot.removed, removed],
    ["changed", "Routes or rating changed", snapshot.changed, changed],
  ] as const;
  return (
    <>
      <StaleRegisterWarning freshness={freshness} />
      <p className="mt-4 text-lg" data-testid="register-date">
        The register of <strong>{formatDate(snapshot.registerDate)}</strong>{" "}
        {`compared with the one of ${formatDate(previous.registerDate)}.`}
      </p>
      {sections.map(([id, heading, count, list]) => (
        <section key={id} aria-labelledby={id} className="mt-8">
          <h2 id={id} className="text-2xl font-semibold">
            {heading}: {count.toLocaleString("en-GB")}
          </h2>
          {count > list.length ? <p className="text-sm text-muted">The first {list.length} by name.</p> : null}
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {list.map((c) => (
              <li key={c.slug}>
                <Link to={organisationPath(c.slug)} className="text-brand underline">
                  {c.name}
                </Link>
                {c.town ? `, ${c.town}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** The recent changes page: the comparison, with the way back to the check and the register's attribution. */
export function RecentChangesPage({ data }: { data: RecentChangesData }) {
  return (
    <div className="mx-auto max-w-3xl">
      <BackToCheck />
      <h1 className="mt-4 text-3xl font-bold">Recent changes to the sponsor register</h1>
      <RecentChanges {...data} />
      <Attribution registerDate={data.snapshot?.registerDate ?? null} />
    </div>
  );
}
