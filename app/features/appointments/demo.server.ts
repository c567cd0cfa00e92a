import { randomUUID } from "node:crypto";
import { and, asc, eq, like, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adviserOffers, appointmentTypes, appointments, careersAdvisers, universities, users } from "~/db/schema";
import { DEMO_CAREERS_SERVICE } from "~/db/seed/demo";
import { zonedParts, zonedTime } from "~/lib/time-zones";

/**
 * Demo University's adviser's appointments (DEMO_CAREERS_SERVICE.appointments), with three of its
 * made-up students, around `now`; called once those students exist (the demo activity makes them). A
 * university holding any appointment already gets none, so they are made once. Answers how many.
 */
export async function bookDemoAppointments(db: Db, now: Date): Promise<number> {
  const { university, adviser, appointments: planned } = DEMO_CAREERS_SERVICE;
  const [found] = await db
    .select({ userId: careersAdvisers.userId, universityId: universities.id, timeZone: careersAdvisers.timeZone })
    .from(careersAdvisers)
    .innerJoin(users, eq(users.id, careersAdvisers.userId))
    .innerJoin(universities, eq(universities.id, careersAdvisers.universityId))
    .where(and(eq(universities.slug, university), sql`lower(${users.email}) = ${adviser}`));
  if (!found) return 0;
  const [held] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.universityId, found.universityId))
    .limit(1);
  if (held) return 0;
  const students = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.universityId, found.universityId), like(users.email, "demo.activity.%")))
    .orderBy(asc(users.id))
    .limit(planned.length);
  const offers = await db
    .select({
      typeId: appointmentTypes.id,
      name: appointmentTypes.name,
      minutes: appointmentTypes.minutes,
      mode: adviserOffers.mode,
      location: adviserOffers.location,
    })
    .from(adviserOffers)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, adviserOffers.typeId))
    .where(eq(adviserOffers.adviserUserId, found.userId));
  const today = zonedParts(now, found.timeZone).day;
  const rows = planned.flatMap((p, i) => {
    const offer = offers.find((o) => o.name === p.kind);
    const student = students[i];
    if (!offer || !student) return [];
    const day = new Date(Date.parse(`${today}T00:00:00Z`) + p.day * 86_400_000).toISOString().slice(0, 10);
    const startsAt = zonedTime(day, p.time, found.timeZone);
    return [
      {
        universityId: found.universityId,
        adviserUserId: found.userId,
        studentUserId: student.id,
        typeId: offer.typeId,
        uid: `appointment-${randomUUID()}@career-platform`,
        startsAt,
        endsAt: new Date(startsAt.getTime() + offer.minutes * 60_000),
        mode: offer.mode,
        location: offer.location,
        note: p.note,
        timeZone: found.timeZone,
      },
    ];
  });
  if (rows.length) await db.insert(appointments).values(rows);
  return rows.length;
}
