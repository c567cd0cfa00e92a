import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { recordEvent } from "~/db/events.server";
import { type AccessStatus, type University, countries, studentProfiles, users } from "~/db/schema";
import { composeEmail, greetingFor } from "~/features/email";
import type { Outbox } from "~/features/email/index.server";
import type { Limit, Limiter } from "~/lib/rate-limit";
import type { Role } from "~/lib/roles";
import { hashPassword } from "~/lib/password.server";
import { tellApprovers } from "./approvals.server";
import { markInvitationsAccepted } from "./invitations.server";
import { referrerBySlug } from "./referrals.server";
import { brandOf } from "./university.server";
import type { ProfileStep } from "./profile-schema";
import { type TokenProblem, consumeToken, issueToken } from "~/db/tokens.server";

/** Registrations asked for: per address (whoever asks) and per client. */
export const REGISTER_LIMITS: { address: Limit; client: Limit } = {
  address: { max: 3, windowSeconds: 60 * 60 },
  client: { max: 10, windowSeconds: 60 * 60 },
};

/**
 * The limits every registration form shares, in receivePublicForm's terms: per client, and per
 * address once the form is valid (whichever page, student, graduate, staff or pre-departure, asks).
 */
export function registrationLimits(limiter: Limiter, clientIp: string) {
  return {
    limiter,
    key: `register:client:${clientIp}`,
    limit: REGISTER_LIMITS.client,
    alsoLimit: ({ email }: { email: string }) => ({
      key: `register:address:${email.toLowerCase()}`,
      limit: REGISTER_LIMITS.address,
    }),
    what: "registrations",
  };
}

type Deps = { db: Db; outbox: Outbox; now: Date; origin: string };

export function setupAccountPath(email: string, token: string): string {
  return `/register/setup-account-redirection/${encodeURIComponent(email)}?token=${token}`;
}

export function updateProfilePath(email: string, token: string): string {
  return `/register/setup-account/update-profile/${encodeURIComponent(email)}?token=${token}`;
}

/**
 * Starts a registration with a university address the caller has checked against the university's
 * domains. A new address gets an account without a password and a link to confirm it; an address
 * whose registration is unfinished gets a new link; an address that already has an account is told
 * so. The caller shows the same page in every case.
 */
export async function startRegistration(
  { db, outbox, now, origin }: Deps,
  university: University,
  input: { name: string; email: string },
  options: {
    /** A pre-departure registration: the role, and the offer's course and start date. */
    predeparture?: { course: string; courseStartDate: string };
    /** The referral link that opened the registration, credited to its student of the same university. */
    referralSlug?: string | null;
    /** A graduate, with any address: their course and the year they graduated. The university approves the account. */
    alumni?: { course: string; graduationYear: number };
    /** University staff asking for an admin account, which an admin of that university approves. */
    staff?: { jobTitle: string };
  } = {},
): Promise<void> {
  const { predeparture, alumni, staff } = options;
  const referrer = options.referralSlug ? await referrerBySlug(db, options.referralSlug) : null;
  const referredBy = referrer && referrer.university.slug === university.slug ? referrer.id : null;
  const role: Role = predeparture ? "predeparture_student" : staff ? "university_admin" : "student";
  // Only a university address proves membership; everyone else waits for the university's approval.
  const accessStatus = alumni || staff ? ("awaiting_approval" as const) : ("active" as const);
  const jobTitle = staff?.jobTitle ?? null;
  const brand = brandOf(university);
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        passwordHash: users.passwordHash,
        universityId: users.universityId,
      })
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
      .for("update");
    if (existing && (existing.passwordHash || existing.universityId !== university.id)) {
      const email = composeEmail(
        {
          subject: "You already have an account",
          greeting: greetingFor(existing.name),
          paragraphs: [
            `Someone, we hope you, asked to create a ${brand.name} careers account with this address. It already has an account, so nothing has changed.`,
          ],
          action: {
            label: "Log in",
            url: `${origin}${predeparture ? `/jumpstart-login/${university.slug}` : "/login"}`,
          },
          after: [`Forgotten your password? Choose a new one: ${origin}/forgot-password/${university.slug}`],
        },
        brand,
      );
      await outbox.queue(tx, { kind: "registration-exists", to: existing.email, universityId: university.id, email });
      return;
    }
    const [row] = existing
      ? await tx
          .update(users)
          .set({ name: input.name, role, accessStatus, jobTitle, updatedAt: now })
          .where(eq(users.id, existing.id))
          .returning({ id: users.id })
      : // A registration of the same address at the same moment made the account first: it sends the link.
        await tx
          .insert(users)
          .values({
            email: input.email,
            name: input.name,
            role,
            accessStatus,
            jobTitle,
            universityId: university.id,
            passwordHash: null,
            referredBy,
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
    if (!row) return;
    const userId = row.id;
    if (predeparture) {
      const offer = { course: predeparture.course, courseStartDate: predeparture.courseStartDate, updatedAt: now };
      await tx
        .insert(studentProfiles)
        .values({ userId, ...offer })
        .onConflictDoUpdate({ target: studentProfiles.userId, set: offer });
    }
    if (alumni) {
      const graduate = { course: alumni.course, alumniGraduationYear: alumni.graduationYear, updatedAt: now };
      await tx
        .insert(studentProfiles)
        .values({ userId, ...graduate })
        .onConflictDoUpdate({ target: studentProfiles.userId, set: graduate });
    }
    await queueConfirmation(
      tx,
      outbox,
      { id: userId, name: input.name, email: input.email, role, accessStatus },
      university,
      origin,
      now,
    );
  });
  outbox.flush();
}

/**
 * The email that confirms an address and leads to choosing a password, with a new one-time link
 * (an earlier one stops working), queued in the caller's transaction. What it says follows the
 * account: a pre-departure, an administrator's, a graduate's (awaiting approval), an employer's (who
 * belongs to no university: the platform's own brand) or a student's.
 * A registration sends it, and the operations console sends it again (/ops/users). An invitation
 * (an employer's colleague) says who asked.
 */
export async function queueConfirmation(
  tx: Pick<Db, "insert" | "update">,
  outbox: Outbox,
  account: { id: number; name: string; email: string; role: Role; accessStatus: AccessStatus },
  university: University | null,
  origin: string,
  now: Date,
  /** Who asked instead, as "Jo Bloggs invited you to join Acme's employer account". */
  invitation?: string,
): Promise<void> {
  const brand = brandOf(university);
  const token = await issueToken(tx, { userId: account.id, purpose: "verify_email" }, now);
  const asked = invitation
    ? `${invitation} on ${brand.name}.`
    : account.role === "employer"
      ? `You asked for an employer account on ${brand.name}, to post jobs for international students.`
      : account.role === "predeparture_student"
        ? `You asked for a ${brand.name} pre-departure account, to get ready before your studies start.`
        : account.role === "university_admin"
          ? `You asked for an administrator account of ${brand.name}'s careers platform.`
          : account.accessStatus === "awaiting_approval"
            ? `You asked for a ${brand.name} careers account as a graduate.`
            : `You asked for a ${brand.name} careers account.`;
  const email = composeEmail(
    {
      subject: `Confirm your email for ${brand.name} careers`,
      greeting: greetingFor(account.name),
      paragraphs: [
        `${asked} Confirm that this address is yours, then choose a password.`,
        ...(account.accessStatus === "awaiting_approval"
          ? [
              `${brand.name} then checks your request, and we email you as soon as they decide. Until then you can log in and see where it stands.`,
            ]
          : []),
      ],
      action: { label: "Confirm my email", url: `${origin}${setupAccountPath(account.email, token)}` },
      after: [
        "The link works once, for 24 hours. If you did not ask for an account, ignore this email: nobody can use it without this link.",
      ],
    },
    brand,
  );
  await outbox.queue(tx, {
    kind: "registration-verify",
    to: account.email,
    universityId: university?.id ?? null,
    email,
  });
}

export type StepOutcome<T> = ({ ok: true } & T) | { ok: false; reason: TokenProblem };

/**
 * The person followed the link and chose a password: the address is confirmed, the password set, and
 * the link used up; a new one-time token carries them to the profile step.
 */
export async function setUpAccount(
  { db, outbox, now, origin }: Deps,
  token: string,
  password: string,
): Promise<
  StepOutcome<{ userId: number; email: string; role: Role; accessStatus: AccessStatus; profileToken: string }>
> {
  const passwordHash = await hashPassword(password);
  const outcome = await db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, "verify_email", now);
    if (!used.ok) return used;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, used.userId))
      .returning({
        email: users.email,
        role: users.role,
        accessStatus: users.accessStatus,
        referredBy: users.referredBy,
      });
    await markInvitationsAccepted(tx, used.userId, now);
    // The person whose link brought them is credited now that they have finished registering (their badge).
    if (user!.referredBy !== null) {
      const [referrer] = await tx
        .select({ universityId: users.universityId })
        .from(users)
        .where(eq(users.id, user!.referredBy));
      if (referrer)
        await recordEvent(tx, {
          kind: "referral.credited",
          userId: user!.referredBy,
          universityId: referrer.universityId,
          at: now,
          data: { referred: used.userId },
        });
    }
    // Approvers hear of an account once its address is confirmed, not for every address typed in a form.
    if (user!.accessStatus === "awaiting_approval") await tellApprovers(tx, outbox, used.userId, origin);
    const profileToken = await issueToken(tx, { userId: used.userId, purpose: "complete_profile" }, now);
    return {
      ok: true as const,
      userId: used.userId,
      email: user!.email,
      role: user!.role,
      accessStatus: user!.accessStatus,
      profileToken,
    };
  });
  if (outcome.ok && outcome.accessStatus === "awaiting_approval") outbox.flush();
  return outcome;
}

/** The profile step: saves the answers and uses up its token; the caller then logs the person in. */
export async function completeProfile(
  db: Db,
  token: string,
  answers: ProfileStep,
  now: Date,
): Promise<StepOutcome<{ userId: number }>> {
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, "complete_profile", now);
    if (!used.ok) return used;
    const values = {
      course: answers.course,
      studyLevel: answers.study_level,
      graduationDate: answers.graduation,
      homeCountryId: answers.home_country,
      visaType: answers.visa_type,
      updatedAt: now,
    };
    await tx
      .insert(studentProfiles)
      .values({ userId: used.userId, ...values })
      .onConflictDoUpdate({ target: studentProfiles.userId, set: values });
    return { ok: true, userId: used.userId };
  });
}

/** Every country by name, for the home-country list. */
export function countryChoices(db: Db): Promise<{ id: number; name: string }[]> {
  return db.select({ id: countries.id, name: countries.name }).from(countries).orderBy(asc(countries.name));
}
