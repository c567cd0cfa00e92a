import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { events, journeyTicks } from "~/db/schema";
import type { StudentProfile } from "~/db/schema/student-profiles";
import { profileCompleteness } from "~/features/accounts";
import { MANUAL_STEPS, PREDEPARTURE_STEPS, journeyOf } from "./stages";

/** The person's journey: each stage's steps, ticked from their events, their profile and their own ticks. */
export async function journeyStages(db: Db, userId: number, profile: StudentProfile | null) {
  const [kinds, ticks] = await Promise.all([
    db.selectDistinct({ kind: events.kind }).from(events).where(eq(events.userId, userId)),
    db.select({ step: journeyTicks.step }).from(journeyTicks).where(eq(journeyTicks.userId, userId)),
  ]);
  return journeyOf({
    events: new Set(kinds.map((k) => k.kind)),
    profileComplete: profileCompleteness(profile).percent === 100,
    visaDates: (profile?.visaType === "none_needed" || !!profile?.visaExpiry) && !!profile?.graduationDate,
    ticked: new Set(ticks.map((t) => t.step)),
  });
}

/** The pre-departure checklist with the person's ticks. */
export async function predepartureSteps(db: Db, userId: number) {
  const ticked = new Set(
    (await db.select({ step: journeyTicks.step }).from(journeyTicks).where(eq(journeyTicks.userId, userId))).map(
      (t) => t.step,
    ),
  );
  return PREDEPARTURE_STEPS.map((step) => ({
    id: step.id,
    title: step.title,
    link: step.link,
    done: ticked.has(step.id),
  }));
}

/** Ticks or unticks a step no record ticks; false for any other step. */
export async function setTick(db: Db, userId: number, step: string, on: boolean, now: Date): Promise<boolean> {
  if (!MANUAL_STEPS.has(step)) return false;
  if (on) await db.insert(journeyTicks).values({ userId, step, tickedAt: now }).onConflictDoNothing();
  else await db.delete(journeyTicks).where(and(eq(journeyTicks.userId, userId), eq(journeyTicks.step, step)));
  return true;
}
