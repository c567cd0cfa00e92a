import type { Db } from "~/db/client.server";
import {
  type EmployerOrganisation,
  type JobPosting,
  type University,
  type User,
  adviserOffers,
  appointmentTypes,
  appointments,
  careersAdvisers,
  employerOrganisations,
  jobPostings,
  universities,
  users,
} from "~/db/schema";
import { SessionStore } from "~/features/auth/session.server";
import { hashPassword } from "~/lib/password.server";

/**
 * Test factories: a university, a user or a session with sensible defaults, any field overridden.
 * Every call makes a new row with its own unique slug or e-mail, so tests sharing a database never
 * collide, and no test depends on the demo seed's data.
 */
let sequence = 0;
const next = () => `${Date.now().toString(36)}${(++sequence).toString(36)}`;

export const TEST_PASSWORD = "Test-password-2026";
// argon2id is slow on purpose: hash the test password once for every user a run creates.
let passwordHash: Promise<string> | undefined;

export async function createUniversity(
  db: Db,
  overrides: Partial<typeof universities.$inferInsert> = {},
): Promise<University> {
  const id = next();
  const [row] = await db
    .insert(universities)
    .values({
      slug: `uni-${id}`,
      name: `University ${id}`,
      countryId: 226,
      micrositeHost: `uni-${id}.localhost`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}): Promise<User> {
  const id = next();
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({
      email: `user-${id}@example.test`,
      name: `Test User ${id}`,
      role: "student",
      passwordHash: await passwordHash,
      ...overrides,
    })
    .returning();
  return row!;
}

/** Where the approval flow leaves an account: "expired" is an approved account whose access end has passed. */
export type AccountState = "active" | "awaiting_approval" | "refused" | "expired";

/**
 * The columns of an account in `state`, for createUser: its address confirmed, and decided (approved or
 * refused) a day ago unless it still waits; an expired one's access ended an hour ago.
 */
export function accountIn(state: AccountState, now = new Date()): Partial<typeof users.$inferInsert> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  if (state === "awaiting_approval") return { accessStatus: state, emailVerifiedAt: dayAgo };
  return {
    accessStatus: state === "refused" ? "refused" : "active",
    emailVerifiedAt: dayAgo,
    accessDecidedAt: dayAgo,
    accessExpiresAt: state === "expired" ? new Date(now.getTime() - 3_600_000) : null,
  };
}

/** A session token for a user, issued by a SessionStore as a login would (the store is returned to look it up). */
export async function createSession(db: Db, userId: number, secret = "test-session-secret-0123456789abcdef") {
  const sessions = new SessionStore(db, secret);
  return { token: await sessions.create(userId), sessions };
}

/** An employer organisation, verified a day before `verifiedAt` unless given (null: waiting for verification). */
export async function createEmployerOrganisation(
  db: Db,
  overrides: Partial<typeof employerOrganisations.$inferInsert> = {},
): Promise<EmployerOrganisation> {
  const id = next();
  const [row] = await db
    .insert(employerOrganisations)
    .values({
      name: `Employer ${id}`,
      website: `https://employer-${id}.example`,
      websiteDomain: `employer-${id}.example`,
      verifiedAt: new Date("2026-01-01T00:00:00Z"),
      verification: "staff",
      ...overrides,
    })
    .returning();
  return row!;
}

/** An open job (a feed's unless `employerOrganisationId` is given), posted at `postedAt` (now by default). */
export async function createJobPosting(
  db: Db,
  overrides: Partial<typeof jobPostings.$inferInsert> = {},
): Promise<JobPosting> {
  const id = next();
  const [row] = await db
    .insert(jobPostings)
    .values({
      slug: `job-${id}`,
      source: overrides.employerOrganisationId ? "employer" : "test-feed",
      externalId: id,
      title: `Test job ${id}`,
      employerName: `Employer ${id}`,
      town: "London",
      region: "London",
      type: "full-time",
      descriptionMarkdown: "A job.",
      descriptionHtml: "<p>A job.</p>",
      applyEmail: "jobs@example.test",
      postedAt: new Date(),
      status: "open",
      ...overrides,
    })
    .returning();
  return row!;
}

/** A careers adviser of the university (an admin account) offering its one kind of appointment, a 30-minute CV review. */
export async function createAdviser(
  db: Db,
  universityId: number,
  offer: { name?: string; mode?: "online" | "in-person"; location?: string } = {},
): Promise<{ adviser: User; typeId: number }> {
  const adviser = await createUser(db, {
    role: "university_admin",
    universityId,
    name: offer.name ?? "Sarah Whitfield",
  });
  await db.insert(careersAdvisers).values({ userId: adviser.id, universityId });
  const [type] = await db.insert(appointmentTypes).values({ universityId, name: "CV review", minutes: 30 }).returning();
  await db.insert(adviserOffers).values({
    adviserUserId: adviser.id,
    typeId: type!.id,
    mode: offer.mode ?? "online",
    location: offer.location ?? "https://meet.example/cv",
  });
  return { adviser, typeId: type!.id };
}

/**
 * A student of the adviser's university named `name` (their address is the name's, lower case, at
 * example.test) and their 30-minute appointment with the adviser at `startsAt`, by default booked,
 * online, on London's clock; its calendar UID names the student.
 */
export async function createAppointment(
  db: Db,
  adviser: { universityId: number; adviserUserId: number; typeId: number },
  name: string,
  startsAt: Date,
  overrides: Partial<typeof appointments.$inferInsert> = {},
): Promise<User> {
  const student = await createUser(db, {
    universityId: adviser.universityId,
    name,
    email: `${name.toLowerCase()}@example.test`,
  });
  await db.insert(appointments).values({
    ...adviser,
    studentUserId: student.id,
    uid: `appointment-${name}@career-platform`,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    mode: "online",
    location: "https://meet.example/cv",
    timeZone: "Europe/London",
    ...overrides,
  });
  return student;
}
