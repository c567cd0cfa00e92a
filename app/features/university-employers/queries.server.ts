import { type SQL, and, asc, count, desc, eq, ilike, isNotNull, or, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { employerOrganisations, jobIsListed, jobPostings, universities, universityEmployers } from "~/db/schema";
import type { EmployerDecision, EmployerPolicy } from "~/db/schema/job-posting-values";
import { type ListQuery, containsPattern, listPage } from "~/lib/list-query";
import { audienceOf, employerReaches, isVerifiedLicensedSponsor } from "./reach";

/**
 * The employer organisations whose jobs do not reach a university's students (employerReaches), as
 * ids for job search's in-memory index to leave out: read once per request, never per job.
 */
export async function employersHiddenFrom(
  db: Db,
  universityId: number,
  /** The university's employer policy when the caller has read it already. */
  known?: EmployerPolicy,
): Promise<ReadonlySet<number>> {
  const policy = known ?? (await policyQuery(db).execute({ universityId }))[0]?.policy;
  if (!policy) return new Set();
  const organisations = await decisionsQuery(db).execute({ universityId });
  return new Set(organisations.filter((o) => !employerReaches(policy, o.decision, o)).map((o) => o.id));
}

// Read on every page that lists jobs to a student (search, the dashboard's recommendations).
const policyQuery = preparedQuery((db) =>
  db
    .select({ policy: universities.employerPolicy })
    .from(universities)
    .where(eq(universities.id, sql.placeholder("universityId")))
    .prepare("employer_policy_of_university"),
);
const decisionsQuery = preparedQuery((db) =>
  db
    .select({
      id: employerOrganisations.id,
      verifiedAt: employerOrganisations.verifiedAt,
      registerOrgKey: employerOrganisations.registerOrgKey,
      licenceLostAt: employerOrganisations.licenceLostAt,
      decision: universityEmployers.decision,
    })
    .from(employerOrganisations)
    .leftJoin(
      universityEmployers,
      and(
        eq(universityEmployers.employerOrganisationId, employerOrganisations.id),
        eq(universityEmployers.universityId, sql.placeholder("universityId")),
      ),
    )
    .prepare("employer_decisions_of_university"),
);

/** The employers hidden from `viewer` (a student or pre-departure student of a university), or null: they see every job. */
export async function hiddenEmployersFor(
  db: Db,
  viewer: { role: string; universityId: number | null } | null,
  /** The viewer's university, when the page has read it already. */
  university?: { id: number; employerPolicy: EmployerPolicy },
): Promise<ReadonlySet<number> | null> {
  const universityId = audienceOf(viewer);
  if (universityId === null) return null;
  return employersHiddenFrom(db, universityId, university?.id === universityId ? university.employerPolicy : undefined);
}

export const EMPLOYER_SORTS = ["name", "jobs"] as const;
export type EmployerSort = (typeof EMPLOYER_SORTS)[number];

export type EmployerRow = {
  id: number;
  name: string;
  website: string;
  licensedSponsor: boolean;
  openJobs: number;
  decision: EmployerDecision | null;
  /** Whether its jobs reach the university's students now, by its decision and policy. */
  reaches: boolean;
};

const openJobs = sql<number>`(select count(*)::int from ${jobPostings} where ${jobPostings.employerOrganisationId} = ${employerOrganisations.id} and ${jobIsListed})`;

/** A page of the verified employer organisations, with the university's decision on each; found by name or website. */
export async function listEmployers(
  db: Db,
  university: { id: number; employerPolicy: EmployerPolicy },
  query: ListQuery<EmployerSort>,
) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    isNotNull(employerOrganisations.verifiedAt),
    pattern ? or(ilike(employerOrganisations.name, pattern), ilike(employerOrganisations.website, pattern)) : undefined,
  );
  const [{ total }] = (await db.select({ total: count() }).from(employerOrganisations).where(where)) as [
    { total: number },
  ];
  const by = query.dir === "asc" ? asc : desc;
  const order: SQL[] =
    query.sort === "jobs"
      ? [by(openJobs), asc(employerOrganisations.name)]
      : [by(employerOrganisations.name), asc(employerOrganisations.id)];
  const rows = await db
    .select({
      id: employerOrganisations.id,
      name: employerOrganisations.name,
      website: employerOrganisations.website,
      verifiedAt: employerOrganisations.verifiedAt,
      registerOrgKey: employerOrganisations.registerOrgKey,
      licenceLostAt: employerOrganisations.licenceLostAt,
      openJobs,
      decision: universityEmployers.decision,
    })
    .from(employerOrganisations)
    .leftJoin(
      universityEmployers,
      and(
        eq(universityEmployers.employerOrganisationId, employerOrganisations.id),
        eq(universityEmployers.universityId, university.id),
      ),
    )
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(query.offset);
  return listPage(
    rows.map(
      (r): EmployerRow => ({
        id: r.id,
        name: r.name,
        website: r.website,
        licensedSponsor: isVerifiedLicensedSponsor(r),
        openJobs: r.openJobs,
        decision: r.decision,
        reaches: employerReaches(university.employerPolicy, r.decision, r),
      }),
    ),
    total,
    query,
  );
}

/** Sets the university's employer policy, audited in the same transaction; false when it already was this one. */
export async function setEmployerPolicy(
  db: Db,
  actor: AuditActor,
  universityId: number,
  policy: EmployerPolicy,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ policy: universities.employerPolicy })
      .from(universities)
      .where(eq(universities.id, universityId))
      .for("update");
    if (!current || current.policy === policy) return false;
    await tx.update(universities).set({ employerPolicy: policy }).where(eq(universities.id, universityId));
    await recordAudit(tx, {
      actor,
      action: "university.employer_policy_changed",
      universityId,
      target: { type: "university", id: universityId },
      before: { employerPolicy: current.policy },
      after: { employerPolicy: policy },
      at: now,
    });
    return true;
  });
}

const DECISION_ACTIONS = { approved: "approved", blocked: "blocked", none: "cleared" } as const;

/**
 * The university's decision on one verified employer: approved, blocked, or none (the policy decides),
 * audited in the same transaction. Not found for an organisation that is not verified (the page lists
 * no other); `changed` false when the decision already was this one.
 */
export async function decideOnEmployer(
  db: Db,
  actor: AuditActor & { id: number },
  universityId: number,
  organisationId: number,
  decision: EmployerDecision | null,
  now: Date,
): Promise<{ ok: true; name: string; changed: boolean } | { ok: false }> {
  return db.transaction(async (tx) => {
    const [organisation] = await tx
      .select({ name: employerOrganisations.name })
      .from(employerOrganisations)
      .where(and(eq(employerOrganisations.id, organisationId), isNotNull(employerOrganisations.verifiedAt)));
    if (!organisation) return { ok: false };
    const mine = and(
      eq(universityEmployers.universityId, universityId),
      eq(universityEmployers.employerOrganisationId, organisationId),
    );
    const [current] = await tx
      .select({ decision: universityEmployers.decision })
      .from(universityEmployers)
      .where(mine)
      .for("update");
    const before = current?.decision ?? null;
    if (before === decision) return { ok: true, name: organisation.name, changed: false };
    if (decision === null) await tx.delete(universityEmployers).where(mine);
    else
      await tx
        .insert(universityEmployers)
        .values({ universityId, employerOrganisationId: organisationId, decision, decidedBy: actor.id, decidedAt: now })
        .onConflictDoUpdate({
          target: [universityEmployers.universityId, universityEmployers.employerOrganisationId],
          set: { decision, decidedBy: actor.id, decidedAt: now },
        });
    await recordAudit(tx, {
      actor,
      action: `university_employer.${DECISION_ACTIONS[decision ?? "none"]}`,
      universityId,
      target: { type: "employer_organisation", id: organisationId },
      before: { decision: before },
      after: { decision },
      at: now,
    });
    return { ok: true, name: organisation.name, changed: true };
  });
}
