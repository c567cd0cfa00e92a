import { and, eq, gt, or } from "drizzle-orm";
import { appointments } from "~/db/schema";
import type { AccountDeletionHook } from "~/features/accounts";
import type { Outbox } from "~/features/email/index.server";
import { queueAppointmentEmails } from "./notices.server";

/**
 * An account about to be deleted takes its appointments with it (the rows cascade): the other side
 * of each booked one still to come, the student of an adviser or the adviser of a student, is told
 * it is cancelled, with the calendar file that removes it, as a cancellation is told. The account's
 * own copy goes with its mail.
 */
export function tellOfAppointmentsOnDeletion(outbox: Outbox, origin: string): AccountDeletionHook {
  return async (tx, account, now) => {
    const upcoming = await tx
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.status, "booked"),
          gt(appointments.startsAt, now),
          or(eq(appointments.adviserUserId, account.id), eq(appointments.studentUserId, account.id)),
        ),
      );
    for (const a of upcoming)
      await queueAppointmentEmails(
        tx,
        "cancelled",
        { ...a, status: "cancelled", sequence: a.sequence + 1, endedAt: now },
        { outbox, origin, now },
      );
  };
}
