import { and, eq, gt, or } from "drizzle-orm";
import { appointments } from "~/db/schema";
import type { AccountDeletionHook } from "~/features/accounts";
import type { Outbox } from "~/features/email/index.server";
import { lockAdviser } from "./booking.server";
import { queueAppointmentEmails } from "./notices.server";

/**
 * An account about to be deleted takes its appointments with it (the rows cascade): the other side
 * of each booked one still to come, the student of an adviser or the adviser of a student, is told
 * it is cancelled, with the calendar file that removes it, as a cancellation is told. The account's
 * own copy goes with its mail.
 */
export function tellOfAppointmentsOnDeletion(outbox: Outbox, origin: string): AccountDeletionHook {
  return async (tx, account, now) => {
    // An adviser's row before their account's, as a booking takes them (its appointment's foreign key
    // locks the account's row); and no booking of theirs slips in between this read and the deletion.
    await lockAdviser(tx, account.id);
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
