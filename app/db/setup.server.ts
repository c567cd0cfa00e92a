import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { hashPassword } from "~/lib/password.server";
import { seal } from "~/lib/secret-box.server";
import { todayInLondon } from "~/lib/dates";
import { zonedTime } from "~/lib/time-zones";
import type { Database, Db } from "./client.server";
import {
  STAFF_TOTP_SEAL,
  adviserOffers,
  appointmentTypes,
  careerFairExhibitors,
  careerFairTalks,
  careerFairs,
  careersAdvisers,
  countries,
  employerOrganisations,
  sponsorOrganisations,
  staffAuthenticators,
  universities,
  userCampuses,
  users,
  workshops,
} from "./schema";
import { COUNTRIES } from "./seed/countries";
import {
  DEMO_CAMPUS_GROUPS,
  DEMO_CAREER_FAIR,
  DEMO_CAREERS_SERVICE,
  DEMO_EMPLOYERS,
  DEMO_PASSWORD,
  DEMO_STAFF,
  DEMO_UNIVERSITIES,
  DEMO_USERS,
  type DemoUniversitySlug,
} from "./seed/demo";
import { demoWorkshops } from "./seed/workshops";

export function migrationsFolder(rootDir: string): string {
  return path.join(rootDir, "drizzle");
}

/** How many migrations this version has. */
export function migrationCount(rootDir: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(rootDir), "meta", "_journal.json"), "utf8"));
  return journal.entries.length;
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

/**
 * Idempotent: existing universities and accounts are left as they are (a changed password stays changed).
 * `secretsKey` seals the demo staff member's authenticator secret (`secretsKey(config)`).
 */
export async function seedDemoData(db: Db, secretsKey: Buffer, now = new Date()): Promise<void> {
  await db
    .insert(universities)
    .values(DEMO_UNIVERSITIES.map((u) => ({ ...u, emailDomains: [...u.emailDomains] })))
    // A database seeded before registration existed gets the demo domains too.
    .onConflictDoUpdate({ target: universities.slug, set: { emailDomains: sql`excluded.email_domains` } });
  const unis = await db.select({ id: universities.id, slug: universities.slug }).from(universities);
  const idBySlug = new Map(unis.map((u) => [u.slug, u.id]));
  // A campus names its group's main university, whose id exists only once both are written.
  for (const [campus, group] of Object.entries(DEMO_CAMPUS_GROUPS)) {
    const groupId = group && idBySlug.get(group);
    if (!groupId) throw new Error(`Demo data: the group ${group} of ${campus} is not a demo university`);
    await db.update(universities).set({ groupId }).where(sql`${universities.slug} = ${campus}`);
  }
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
  await seedDemoCampuses(db, idBySlug);
  const [staff] = await db
    .insert(users)
    .values({
      email: DEMO_STAFF.email,
      name: DEMO_STAFF.name,
      role: "platform_staff",
      passwordHash,
      emailVerifiedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (staff) {
    await db.insert(staffAuthenticators).values({
      userId: staff.id,
      secretSealed: seal(secretsKey, STAFF_TOTP_SEAL, DEMO_STAFF.totpSecret),
      enrolledAt: now,
    });
  }
  await seedDemoEmployers(db, passwordHash, staff?.id ?? null, now);
  await seedDemoCareersService(db, idBySlug);
  await seedDemoCareerFair(db, idBySlug, now);
  const [{ n: events }] = (await db.select({ n: sql<number>`count(*)::int` }).from(workshops)) as [{ n: number }];
  if (events === 0) await db.insert(workshops).values(demoWorkshops(now, idBySlug.get("demo-university")));
}

/** Demo University's adviser and kinds of appointment, made once. */
async function seedDemoCareersService(db: Db, idBySlug: Map<string, number>): Promise<void> {
  const { university, adviser, hours, kinds } = DEMO_CAREERS_SERVICE;
  const universityId = idBySlug.get(university);
  const [person] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${adviser}`);
  if (!universityId || !person) return;
  const [made] = await db
    .insert(careersAdvisers)
    .values({ userId: person.id, universityId, timeZone: hours.timeZone, weekly: hours.weekly })
    .onConflictDoNothing()
    .returning({ userId: careersAdvisers.userId });
  if (!made) return;
  for (const kind of kinds) {
    const [type] = await db
      .insert(appointmentTypes)
      .values({ universityId, name: kind.name, minutes: kind.minutes, description: kind.description })
      .returning({ id: appointmentTypes.id });
    await db
      .insert(adviserOffers)
      .values({ adviserUserId: made.userId, typeId: type!.id, mode: kind.mode, location: kind.location });
  }
}

/** Demo University's career fair, its exhibitors and talks, made once. */
async function seedDemoCareerFair(db: Db, idBySlug: Map<string, number>, now: Date): Promise<void> {
  const fair = DEMO_CAREER_FAIR;
  const universityId = idBySlug.get(fair.university);
  if (!universityId) return;
  const day = new Date(Date.parse(`${todayInLondon(now)}T12:00:00Z`) + fair.daysAhead * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const [made] = await db
    .insert(careerFairs)
    .values({
      slug: fair.slug,
      universityId,
      title: fair.title,
      summary: fair.summary,
      startsAt: zonedTime(day, fair.start, fair.timeZone),
      endsAt: zonedTime(day, fair.end, fair.timeZone),
      timeZone: fair.timeZone,
      format: "in-person",
      venue: fair.venue,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: careerFairs.id });
  if (!made) return;
  const [employer] = await db
    .select({ organisation: users.employerOrganisationId })
    .from(users)
    .where(sql`lower(${users.email}) = ${fair.employer}`);
  await db
    .insert(careerFairExhibitors)
    .values([
      ...(employer?.organisation ? [{ fairId: made.id, employerOrganisationId: employer.organisation }] : []),
      ...fair.typedExhibitors.map((name) => ({ fairId: made.id, name })),
    ]);
  await db.insert(careerFairTalks).values(
    fair.talks.map((t) => ({
      fairId: made.id,
      title: t.title,
      speaker: t.speaker,
      startTime: t.start,
      endTime: t.end,
      room: t.room,
    })),
  );
}

/** The demo's employers and their organisations, each made once (with its person). */
async function seedDemoEmployers(db: Db, passwordHash: string, staffId: number | null, now: Date): Promise<void> {
  const [licensed] = await db
    .select({ orgKey: sponsorOrganisations.orgKey, name: sponsorOrganisations.name })
    .from(sponsorOrganisations)
    .where(sql`'a' = any(${sponsorOrganisations.ratingKeys})`)
    .orderBy(sponsorOrganisations.name)
    .limit(1);
  const [staff] = staffId
    ? [{ id: staffId }]
    : await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${DEMO_STAFF.email}`);
  for (const e of DEMO_EMPLOYERS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${e.email}`);
    if (existing) continue;
    const verified = !e.verified
      ? { holdsNoLicence: true }
      : licensed
        ? { registerOrgKey: licensed.orgKey, verifiedAt: now, verification: "register_a_rated" as const }
        : { holdsNoLicence: true, verifiedAt: now, verifiedBy: staff?.id ?? null, verification: "staff" as const };
    await db.transaction(async (tx) => {
      const [organisation] = await tx
        .insert(employerOrganisations)
        .values({
          name: e.verified && licensed ? licensed.name : e.organisation,
          website: e.website,
          websiteDomain: new URL(e.website).hostname.replace(/^www\./, ""),
          ...verified,
          createdAt: now,
        })
        .returning({ id: employerOrganisations.id });
      await tx.insert(users).values({
        email: e.email,
        name: e.name,
        role: "employer",
        passwordHash,
        emailVerifiedAt: now,
        employerOrganisationId: organisation!.id,
      });
    });
  }
}

/**
 * The demo's multi-campus students: their university and each other campus as `user_campuses` rows.
 * It writes the rows itself (the database layer cannot use the auth feature's addCampus), with
 * the same rule: campuses of one group only.
 */
async function seedDemoCampuses(db: Db, idBySlug: Map<string, number>): Promise<void> {
  const groupOf = (slug: DemoUniversitySlug) => DEMO_CAMPUS_GROUPS[slug] ?? slug;
  for (const u of DEMO_USERS) {
    if (!u.otherCampuses?.length) continue;
    const stray = u.otherCampuses.find((c) => groupOf(c) !== groupOf(u.university));
    if (stray) throw new Error(`Demo data: ${stray} is not a campus of ${u.university}'s group (${u.email})`);
    const [user] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${u.email}`);
    if (!user) continue;
    await db
      .insert(userCampuses)
      .values(
        [u.university, ...u.otherCampuses].map((slug) => ({ userId: user.id, universityId: idBySlug.get(slug)! })),
      )
      .onConflictDoNothing();
  }
}
