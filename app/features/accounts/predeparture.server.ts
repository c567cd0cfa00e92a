import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type University, studentProfiles, users } from "~/db/schema";
import type { SessionStore } from "~/features/auth/session.server";
import { composeEmail, greetingFor } from "~/features/email/compose";
import type { Outbox } from "~/features/email/outbox.server";
import { brandOf } from "./university.server";

export type PredepartureStudent = { id: number; name: string; email: string; course: string | null; courseStartDate: string | null };

/** A university's pre-departure students who have set up their account, soonest start first. */
export function predepartureStudents(db: Db, universityId: number): Promise<PredepartureStudent[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email, course: studentProfiles.course, courseStartDate: studentProfiles.courseStartDate })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(and(eq(users.universityId, universityId), eq(users.role, "predeparture_student"), isNotNull(users.passwordHash)))
    .orderBy(asc(studentProfiles.courseStartDate), asc(users.name));
}

/**
 * A pre-departure student has enrolled: the account becomes a student account, keeping everything
 * it holds. Only the admin's own university's pre-departure students can be changed (else 404).
 */
export async function enrolPredeparture(
  deps: { db: Db; outbox: Outbox; sessions: SessionStore; origin: string },
  university: University,
  userId: number,
): Promise<{ ok: true; name: string } | { ok: false; status: 404; message: string }> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ role: "student", updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.universityId, university.id), eq(users.role, "predeparture_student")))
      .returning({ name: users.name, email: users.email });
    if (!user) return { ok: false as const, status: 404 as const, message: "No pre-departure student of your university has this number." };
    const brand = brandOf(university);
    await deps.outbox.queue(tx, {
      kind: "predeparture-enrolled",
      to: user.email,
      universityId: university.id,
      email: composeEmail(
        {
          subject: `Welcome to ${brand.name}: your student account is ready`,
          greeting: greetingFor(user.name),
          paragraphs: [`${brand.name} has confirmed that you are enrolled. Your pre-departure account is now a student account, with everything you saved in it.`],
          action: { label: "Open your dashboard", url: `${deps.origin}/student-dashboard` },
        },
        brand,
      ),
    });
    return { ok: true as const, name: user.name };
  });
  if (outcome.ok) {
    // The role changed: this instance's cached sessions of the user must see it at once.
    deps.sessions.forgetUser(userId);
    deps.outbox.flush();
  }
  return outcome;
}
