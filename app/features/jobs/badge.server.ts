import { and, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { employerOrganisations, sponsorOrganisations } from "~/db/schema";

/**
 * Which of these employer organisations earn the "Verified licensed sponsor" badge now: verified,
 * matched to a register entry that lists a licence, and not marked as having lost it by a register
 * refresh. Asked when jobs are shown, so a lost licence takes the badge off every job at once.
 */
export async function badgedOrganisations(db: Db, ids: readonly (number | null)[]): Promise<ReadonlySet<number>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Set();
  const rows = await db
    .select({ id: employerOrganisations.id })
    .from(employerOrganisations)
    .innerJoin(sponsorOrganisations, sql`${sponsorOrganisations.orgKey} = ${employerOrganisations.registerOrgKey}`)
    .where(
      and(
        inArray(employerOrganisations.id, wanted),
        isNotNull(employerOrganisations.verifiedAt),
        isNull(employerOrganisations.licenceLostAt),
        sql`jsonb_array_length(${sponsorOrganisations.licences}) > 0`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}
