import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { recordEvent } from "~/db/events.server";
import { preparedQuery } from "~/db/prepared.server";
import { type StudentProfile, events, studentProfiles, universities, users } from "~/db/schema";
import type { SessionStore } from "~/features/auth/index.server";
import { composeEmail, greetingFor } from "~/features/email";
import type { Outbox } from "~/features/email/index.server";
import type { Limiter } from "~/lib/rate-limit";
import type { PredepartureProfileInput } from "./predeparture-schema";
import type { ProfileInput } from "./profile-schema";
import { checkOwnPassword, currentPasswordLimit } from "./passwords.server";
import { checkToken, consumeToken, issueToken } from "~/db/tokens.server";
import { profileCompleteness } from "./profile-completeness";
import { brandOf } from "./university.server";

type Deps = { db: Db; outbox: Outbox; sessions: SessionStore; limiter: Limiter; now: Date; origin: string };

export type ProfileView = { name: string; email: string; profile: StudentProfile | null };

const profileQuery = preparedQuery((db) =>
  db
    .select({ name: users.name, email: users.email, profile: studentProfiles })
    .from(users)
    // The join names the student, not users.id, so that a kept page holding it is dropped by this
    // student's profile changing, not anyone's (app/db/reads.server.ts).
    .leftJoin(studentProfiles, eq(studentProfiles.userId, sql.placeholder("userId")))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("profile_of_user"),
);

export async function loadProfile(db: Db, userId: number): Promise<ProfileView> {
  const [row] = await profileQuery(db).execute({ userId });
  return row!;
}

type ProfileValues = Partial<Omit<typeof studentProfiles.$inferInsert, "userId" | "updatedAt">>;

export type SaveOutcome =
  | { ok: true; emailChangeSentTo: string | null }
  | { ok: false; field: "current_password"; message: string }
  | { ok: false; retryAfterSeconds: number };

/**
 * Saves a profile: the name, the profile's values, and a new email address, which needs the current
 * password (the address is how the account is recovered, so a borrowed session must not move it)
 * and takes effect only once its owner opens the link sent to it (at `confirmPath`, the profile page
 * that takes it). The answer says where the link went, whether or not another account uses that address.
 */
async function save(
  deps: Deps,
  userId: number,
  input: { name: string; email: string; currentPassword: string; profile: ProfileValues },
  confirmPath: string,
): Promise<SaveOutcome> {
  const { db, outbox, now, origin } = deps;
  const [stored] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const changesEmail = input.email.toLowerCase() !== stored!.email.toLowerCase();
  if (changesEmail) {
    if (!input.currentPassword)
      return {
        ok: false,
        field: "current_password",
        message: "Enter your current password to change your email address",
      };
    const check = await checkOwnPassword(db, deps.limiter, userId, input.currentPassword, currentPasswordLimit(userId));
    if (typeof check === "object") return { ok: false, ...check };
    if (check === "wrong")
      return { ok: false, field: "current_password", message: "Your current password is not right" };
  }
  const result = await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ name: input.name, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ universityId: users.universityId });
    const values = { ...input.profile, updatedAt: now };
    const [saved] = await tx
      .insert(studentProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: studentProfiles.userId, set: values })
      .returning();
    // The first time the profile is complete is an achievement; a later edit that completes it again is not.
    if (profileCompleteness(saved!).percent === 100) {
      const [before] = await tx
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.userId, userId), eq(events.kind, "profile.completed")))
        .limit(1);
      if (!before)
        await recordEvent(tx, { kind: "profile.completed", userId, universityId: user!.universityId, at: now });
    }
    if (!changesEmail) return { ok: true as const, emailChangeSentTo: null };

    const [university] = user!.universityId
      ? await tx.select().from(universities).where(eq(universities.id, user!.universityId))
      : [];
    const token = await issueToken(tx, { userId, purpose: "change_email", data: { email: input.email } }, now);
    await outbox.queue(tx, {
      kind: "email-change",
      to: input.email,
      universityId: university?.id ?? null,
      email: composeEmail(
        {
          subject: "Confirm your new email address",
          greeting: greetingFor(input.name),
          paragraphs: ["You asked to use this address for your careers account. It takes effect when you confirm it."],
          action: { label: "Confirm my new address", url: `${origin}${confirmPath}?confirm_email=${token}` },
          after: [
            "The link works once, for 24 hours, while you are logged in. If you did not ask for this, ignore this email: nothing changes.",
          ],
        },
        brandOf(university),
      ),
    });
    return { ok: true as const, emailChangeSentTo: input.email };
  });
  if (result.emailChangeSentTo) outbox.flush();
  return result;
}

/** A student's whole profile (/edit-profile). */
export function saveProfile(deps: Deps, userId: number, input: ProfileInput) {
  const profile: ProfileValues = {
    phone: input.phone,
    homeCountryId: input.home_country,
    course: input.course,
    studyLevel: input.study_level,
    graduationDate: input.graduation,
    visaType: input.visa_type,
    visaExpiry: input.visa_expiry,
    sectors: input.sectors,
    locations: input.locations,
    jobTypes: input.job_types,
    linkedinUrl: input.linkedin_url,
    jobAlerts: input.job_alerts,
    newsletters: input.newsletters,
  };
  return save(
    deps,
    userId,
    { name: input.name, email: input.email, currentPassword: input.current_password, profile },
    "/edit-profile",
  );
}

/** A pre-departure student's profile (/jumpstart-edit-profile): the offer, home country and phone. */
export function savePredepartureProfile(deps: Deps, userId: number, input: PredepartureProfileInput) {
  const profile: ProfileValues = {
    phone: input.phone,
    homeCountryId: input.home_country,
    course: input.course,
    courseStartDate: input.course_start,
  };
  return save(
    deps,
    userId,
    { name: input.name, email: input.email, currentPassword: input.current_password, profile },
    "/jumpstart-edit-profile",
  );
}

const LINK_FAILED =
  "This confirmation link does not work: it was used, it expired, or it was sent for another account.";

export type EmailChangeOutcome = { ok: true; email: string } | { ok: false; message: string };

/**
 * Confirms a new email address from its link, for the logged-in user it was sent for. The old
 * address is told, so a change the owner did not make does not go unnoticed.
 */
export async function confirmEmailChange(deps: Deps, userId: number, token: string): Promise<EmailChangeOutcome> {
  const { db, outbox, now, origin } = deps;
  const outcome = await db.transaction(async (tx): Promise<EmailChangeOutcome> => {
    // A link sent for another account does nothing, and stays unused for its owner.
    const peek = await checkToken(tx, token, "change_email", now);
    const used =
      peek.ok && peek.userId === userId && peek.data?.email ? await consumeToken(tx, token, "change_email", now) : null;
    if (!used?.ok) return { ok: false, message: LINK_FAILED };
    const email = used.data!.email!;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()} and ${users.id} <> ${userId}`);
    if (taken)
      return { ok: false, message: `${email} now belongs to another account, so your address stays as it was.` };
    const [before] = await tx
      .select({ email: users.email, name: users.name, universityId: users.universityId })
      .from(users)
      .where(eq(users.id, userId));
    await tx.update(users).set({ email, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
    const [university] = before!.universityId
      ? await tx.select().from(universities).where(eq(universities.id, before!.universityId))
      : [];
    await outbox.queue(tx, {
      kind: "email-changed",
      to: before!.email,
      universityId: university?.id ?? null,
      email: composeEmail(
        {
          subject: "Your email address has been changed",
          greeting: greetingFor(before!.name),
          paragraphs: [
            `Your careers account now uses ${email}; this address no longer logs in to it.`,
            "If you did not make this change, reply to your university's careers service at once.",
          ],
          action: { label: "Choose a new password", url: `${origin}/forgot-password/${university?.slug ?? ""}` },
        },
        brandOf(university),
      ),
    });
    return { ok: true, email };
  });
  if (outcome.ok) {
    deps.sessions.forgetUser(userId);
    outbox.flush();
  }
  return outcome;
}
