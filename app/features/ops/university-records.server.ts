import { and, asc, count, desc, eq, ilike, ne, or, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { countries, universities, universitySso, users } from "~/db/schema";
import { approveAdminByEmail } from "~/features/accounts/index.server";
import { domainsHeldElsewhere, holdUniversityClaims } from "~/features/university-profile/index.server";
import { firstUnclaimableDomain } from "~/lib/claimable-domains.server";
import { type ListQuery, containsPattern, listPage } from "~/lib/list-query";
import type { FieldErrors } from "~/lib/validation";
import type { DetailField, NewUniversity, Plan, UniversityDetails } from "./university-schema";

/** What the console reads and writes of universities; every change is audited in its transaction. */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const UNIVERSITY_SORTS = ["name", "created"] as const;
export type UniversitySort = (typeof UNIVERSITY_SORTS)[number];

/** A university's administrators with this status, counted where the list reads the university. */
const adminsWith = (status: "active" | "awaiting_approval") =>
  sql<number>`(select count(*)::int from ${users} where ${users.universityId} = ${universities.id} and ${users.role} = 'university_admin' and ${users.accessStatus} = ${status})`;

/** One page of universities, found by name, slug or email domain, with their plan, admins and single sign-on. */
export async function listUniversities(db: Db, query: ListQuery<UniversitySort>) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = pattern
    ? or(
        ilike(universities.name, pattern),
        ilike(universities.slug, pattern),
        sql`exists (select 1 from unnest(${universities.emailDomains}) d where d ilike ${pattern})`,
      )
    : undefined;
  const [{ total }] = (await db.select({ total: count() }).from(universities).where(where)) as [{ total: number }];
  const by = query.sort === "name" ? sql`lower(${universities.name})` : universities.createdAt;
  const rows = await db
    .select({
      id: universities.id,
      name: universities.name,
      slug: universities.slug,
      micrositeHost: universities.micrositeHost,
      planCareerHub: universities.planCareerHub,
      planCihPremium: universities.planCihPremium,
      planCountryGuides: universities.planCountryGuides,
      createdAt: universities.createdAt,
      admins: adminsWith("active"),
      waiting: adminsWith("awaiting_approval"),
      ssoOn: sql<boolean>`coalesce(${universitySso.enabled}, false)`,
    })
    .from(universities)
    .leftJoin(universitySso, eq(universitySso.universityId, universities.id))
    .where(where)
    .orderBy(query.dir === "asc" ? asc(by) : desc(by), asc(universities.id))
    .limit(query.pageSize)
    .offset(query.offset);
  return listPage(rows, total, query);
}

/** Every country by name, for the university's country. */
export function countryChoices(db: Db) {
  return db.select({ id: countries.id, name: countries.name }).from(countries).orderBy(asc(countries.name));
}

/**
 * The form's fields that name what another university has (its slug, microsite host or an email
 * domain), an email domain no university may hold, or a country that does not exist. Called holding
 * the universities' claims.
 */
async function conflicts(
  tx: Tx,
  {
    slug,
    micrositeHost,
    countryId,
    emailDomains,
  }: Pick<UniversityDetails, "slug" | "micrositeHost" | "countryId" | "emailDomains">,
  universityId: number | null,
): Promise<FieldErrors<DetailField>> {
  const others = universityId === null ? undefined : ne(universities.id, universityId);
  const errors: FieldErrors<DetailField> = {};
  const [sameSlug] = await tx
    .select({ name: universities.name })
    .from(universities)
    .where(and(eq(universities.slug, slug), others));
  if (sameSlug) errors.slug = `The slug ${slug} is ${sameSlug.name}'s already: choose another`;
  if (micrositeHost) {
    const [sameHost] = await tx
      .select({ name: universities.name })
      .from(universities)
      .where(and(sql`lower(${universities.micrositeHost}) = ${micrositeHost}`, others));
    if (sameHost) errors.microsite_host = `${micrositeHost} is ${sameHost.name}'s microsite already: choose another`;
  }
  const domainProblem =
    firstUnclaimableDomain(emailDomains) ?? (await domainsHeldElsewhere(tx, emailDomains, universityId));
  if (domainProblem) errors.email_domains = domainProblem;
  const [country] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
  if (!country) errors.country = "Choose the university's country from the list";
  return errors;
}

export type RecordOutcome =
  | { ok: true; id: number; changed: boolean }
  | { ok: false; status: 400 | 404; fieldErrors: FieldErrors<DetailField> };

const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/** A new university, audited as `university.created` with what it was made with. No plan: that is a change of its own. */
export async function createUniversity(
  db: Db,
  actor: AuditActor,
  input: NewUniversity,
  now: Date,
): Promise<RecordOutcome> {
  return db.transaction(async (tx): Promise<RecordOutcome> => {
    await holdUniversityClaims(tx);
    const fieldErrors = await conflicts(tx, input, null);
    if (hasErrors(fieldErrors)) return { ok: false, status: 400, fieldErrors };
    const [row] = await tx
      .insert(universities)
      .values({ ...input, createdAt: now })
      .returning({ id: universities.id });
    await recordAudit(tx, {
      actor,
      action: "university.created",
      universityId: row!.id,
      target: { type: "university", id: row!.id },
      after: input,
      at: now,
    });
    return { ok: true, id: row!.id, changed: true };
  });
}

/** A university row locked for a change, or undefined. */
async function lockUniversity(tx: Tx, universityId: number) {
  const [row] = await tx.select().from(universities).where(eq(universities.id, universityId)).for("update");
  return row;
}

/**
 * The university's details, audited as `university.updated` with the fields that changed. A new slug
 * renames its stored logo's address (the address names the slug), and is refused once its single
 * sign-on is set up: the identity provider knows our addresses by it.
 */
export async function updateUniversityDetails(
  db: Db,
  actor: AuditActor,
  universityId: number,
  details: UniversityDetails,
  now: Date,
): Promise<RecordOutcome> {
  return db.transaction(async (tx): Promise<RecordOutcome> => {
    await holdUniversityClaims(tx);
    const before = await lockUniversity(tx, universityId);
    if (!before) return { ok: false, status: 404, fieldErrors: {} };
    const fieldErrors = await conflicts(tx, details, universityId);
    const renamed = details.slug !== before.slug;
    if (renamed && !fieldErrors.slug) {
      const [sso] = await tx
        .select({ id: universitySso.universityId })
        .from(universitySso)
        .where(eq(universitySso.universityId, universityId));
      if (sso)
        fieldErrors.slug = `The slug stays ${before.slug}: ${before.name}'s single sign-on is set up with addresses that name it`;
    }
    if (hasErrors(fieldErrors)) return { ok: false, status: 400, fieldErrors };
    const storedLogo = `/university-logo/${before.slug}.`;
    const after = {
      ...details,
      ...(renamed && before.logoUrl?.startsWith(storedLogo)
        ? { logoUrl: `/university-logo/${details.slug}.${before.logoUrl.slice(storedLogo.length)}` }
        : {}),
    };
    const changed = await audited(tx, actor, "university.updated", before, after, now);
    return { ok: true, id: universityId, changed };
  });
}

/** Sets the columns of `after` that differ from `before`, with an audit entry of them; false when none did. */
async function audited(
  tx: Tx,
  actor: AuditActor,
  action: string,
  before: typeof universities.$inferSelect,
  after: Partial<typeof universities.$inferInsert>,
  now: Date,
): Promise<boolean> {
  const was = Object.fromEntries(Object.keys(after).map((f) => [f, before[f as keyof typeof before]]));
  if (JSON.stringify(was) === JSON.stringify(after)) return false;
  await tx.update(universities).set(after).where(eq(universities.id, before.id));
  await recordAudit(tx, {
    actor,
    action,
    universityId: before.id,
    target: { type: "university", id: before.id },
    before: was,
    after,
    at: now,
  });
  return true;
}

/** The university's plan, audited as `university.plan_changed` (the caller asked for a fresh code first). */
export async function changePlan(
  db: Db,
  actor: AuditActor,
  universityId: number,
  plan: Plan,
  now: Date,
): Promise<RecordOutcome> {
  return db.transaction(async (tx): Promise<RecordOutcome> => {
    const before = await lockUniversity(tx, universityId);
    if (!before) return { ok: false, status: 404, fieldErrors: {} };
    const changed = await audited(tx, actor, "university.plan_changed", before, plan, now);
    return { ok: true, id: universityId, changed };
  });
}

/** One university as the console shows it: its record, its administrators, and its single sign-on. */
export async function universityOverview(db: Db, universityId: number) {
  const [university] = await db.select().from(universities).where(eq(universities.id, universityId));
  if (!university) return null;
  const admins = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      jobTitle: users.jobTitle,
      status: users.accessStatus,
      confirmed: sql<boolean>`${users.emailVerifiedAt} is not null`,
    })
    .from(users)
    .where(and(eq(users.universityId, universityId), eq(users.role, "university_admin")))
    .orderBy(asc(users.createdAt), asc(users.id));
  const [sso] = await db
    .select({
      protocol: universitySso.protocol,
      enabled: universitySso.enabled,
      mode: universitySso.mode,
      metadataUrl: universitySso.idpMetadataUrl,
      metadataProblem: universitySso.idpMetadataProblem,
    })
    .from(universitySso)
    .where(eq(universitySso.universityId, universityId));
  return {
    university,
    admins,
    // A problem of the metadata's last reading counts only while it is read from a URL (as the SSO tab says).
    sso: sso ? { ...sso, metadataProblem: sso.metadataUrl ? sso.metadataProblem : null } : null,
  };
}

type ApprovalDeps = Parameters<typeof approveAdminByEmail>[0];

/**
 * The university's first administrator approved from the console, through the same function as
 * `npm run admins -- approve`. Once the university has an administrator, they approve the others.
 */
export async function approveFirstAdmin(deps: ApprovalDeps, actor: AuditActor, universityId: number, email: string) {
  const [active] = await deps.db
    .select({ name: users.name })
    .from(users)
    .where(
      and(eq(users.universityId, universityId), eq(users.role, "university_admin"), eq(users.accessStatus, "active")),
    )
    .limit(1);
  if (active)
    return {
      ok: false as const,
      status: 409 as const,
      message: `The university has an administrator already (${active.name}), who approves the others on the university dashboard.`,
    };
  return approveAdminByEmail(deps, actor, email, { universityId });
}
