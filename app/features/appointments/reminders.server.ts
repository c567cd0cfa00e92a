import { and, eq, gt, isNull, lte } from "drizzle-orm";
import { appointments } from "~/db/schema";
import { type AppointmentDeps, appointmentReminder, detailsOf } from "./notices.server";

/**
 * Reminders of the booked appointments starting within a day, to each student, once: the row is
 * marked (`reminded_at`) and the email queued together, so two servers running this at once send
 * one. A cancelled appointment, or the old time of a moved one, is not booked, so it gets none; the
 * new time of a moved one is a row of its own, reminded in its turn.
 */
export async function sendAppointmentReminders(deps: AppointmentDeps): Promise<number> {
  const soon = new Date(deps.now.getTime() + 24 * 3_600_000);
  const due = await deps.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, "booked"),
        isNull(appointments.remindedAt),
        gt(appointments.startsAt, deps.now),
        lte(appointments.startsAt, soon),
      ),
    );
  let sent = 0;
  for (const { id } of due) {
    const queued = await deps.db.transaction(async (tx) => {
      const [a] = await tx
        .update(appointments)
        .set({ remindedAt: deps.now })
        .where(and(eq(appointments.id, id), isNull(appointments.remindedAt), eq(appointments.status, "booked")))
        .returning();
      if (!a) return false;
      await deps.outbox.queue(tx, appointmentReminder(a, await detailsOf(tx, a), deps));
      return true;
    });
    if (queued) sent++;
  }
  if (sent) deps.outbox.flush();
  return sent;
}
