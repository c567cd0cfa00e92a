import path from "node:path";
import { sql } from "drizzle-orm";
import { hashPassword } from "~/lib/password.server";
import type { Database, Db } from "./client.server";
import { countries, universities, users } from "./schema";
import { COUNTRIES } from "./seed/countries";
import { DEMO_PASSWORD, DEMO_UNIVERSITIES, DEMO_USERS } from "./seed/demo";

export function migrationsFolder(rootDir: string): string {
  return path.join(rootDir, "drizzle");
}

/** Applies pending migrations, then the reference data every deployment needs. */
export async function migrate(database: Database, rootDir: string): Promise<void> {
  await database.migrate(migrationsFolder(rootDir));
  await seedReferenceData(database.db);
}

export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(countries)
    .values([...COUNTRIES])
    .onConflictDoUpdate({ target: countries.id, set: { iso2: sql`excluded.iso2`, name: sql`excluded.name` } });
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(universities);
  return (row?.n ?? 0) === 0;
}

/** Idempotent: existing universities and accounts are left as they are (a changed password stays changed). */
export async function seedDemoData(db: Db): Promise<void> {
  await db
    .insert(universities)
    .values(DEMO_UNIVERSITIES.map((u) => ({ ...u, emailDomains: [...u.emailDomains] })))
    // A database seeded before registration existed gets the demo domains too.
    .onConflictDoUpdate({ target: universities.slug, set: { emailDomains: sql`excluded.email_domains` } });
  const unis = await db.select({ id: universities.id, slug: universities.slug }).from(universities);
  const idBySlug = new Map(unis.map((u) => [u.slug, u.id]));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    await db
      .insert(users)
      .values({
        email: u.email,
        name: u.name,
        role: u.role,
        passwordHash,
        emailVerifiedAt: new Date(),
        universityId: idBySlug.get(u.university),
        countryGuideAccess: u.countryGuideAccess,
        cihPremiumAccess: u.cihPremiumAccess,
      })
      .onConflictDoNothing();
  }
}
