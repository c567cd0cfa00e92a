import type { Db } from "~/db/client.server";
import { searchSponsors } from "~/features/sponsors/index.server";
import type { EmployerStanding } from "./eligibility";

/** Matches that name the organisation itself, not merely resemble it: a near miss never vouches for a licence. */
const FIRM_MATCHES = new Set(["exact", "alias", "core", "known"]);

/**
 * An employer's standing on the sponsor register, found with the sponsor checker's own matching. The
 * best firm match counts, under the register's own name; a name with none is not on the register. Its
 * Skilled Worker line gives the rating.
 */
export async function employerStanding(
  db: Db,
  name: string,
): Promise<NonNullable<EmployerStanding> & { slug: string | null }> {
  const { results } = await searchSponsors(db, name, {}, { limit: 5, offset: 0 });
  const found = results.find((r) => FIRM_MATCHES.has(r.match));
  if (!found) return { name, licensed: false, skilledWorker: false, rating: null, slug: null };
  const skilled = found.licences.find((l) => l.route === "Skilled Worker");
  return {
    name: found.name,
    licensed: true,
    skilledWorker: !!skilled,
    rating: skilled?.rating ?? null,
    slug: found.slug,
  };
}
