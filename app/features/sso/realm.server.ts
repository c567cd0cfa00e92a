import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { universities, universitySso } from "~/db/schema";
import type { SsoMode } from "~/db/schema/sso-values";
import { domainOf } from "~/lib/email-domains";

/** A university whose single sign-on is on: where its login starts, and whether passwords still work. */
export type SsoRealm = { slug: string; name: string; mode: SsoMode; path: string };

const realmColumns = { slug: universities.slug, name: universities.name, mode: universitySso.mode };
const realmOf = (row: { slug: string; name: string; mode: SsoMode } | undefined): SsoRealm | null =>
  row ? { ...row, path: `/sso/${row.slug}` } : null;

/**
 * The university with single sign-on on whose email domains (subdomains included) hold this address,
 * if any. Domains are one university's each (`domainsHeldElsewhere`); of two that held overlapping
 * ones before that rule, the one with the closer domain (student.demo.ac.uk over demo.ac.uk), then
 * the older, so the same address always starts at the same login.
 */
export async function ssoRealmOfEmail(db: Db, email: string): Promise<SsoRealm | null> {
  const domain = domainOf(email);
  if (!domain) return null;
  const holding = sql`from unnest(${universities.emailDomains}) d where ${domain} = lower(d) or ${domain} like '%.' || lower(d)`;
  const [row] = await db
    .select(realmColumns)
    .from(universities)
    .innerJoin(universitySso, eq(universitySso.universityId, universities.id))
    .where(and(eq(universitySso.enabled, true), sql`exists (select 1 ${holding})`))
    .orderBy(desc(sql`(select max(length(d)) ${holding})`), asc(universities.id))
    .limit(1);
  return realmOf(row);
}

/** The university of this slug when its single sign-on is on. */
export async function ssoRealmOfUniversity(db: Db, slug: string): Promise<SsoRealm | null> {
  const [row] = await db
    .select(realmColumns)
    .from(universities)
    .innerJoin(universitySso, eq(universitySso.universityId, universities.id))
    .where(and(eq(universities.slug, slug), eq(universitySso.enabled, true)));
  return realmOf(row);
}
