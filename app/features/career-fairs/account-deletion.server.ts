import { and, asc, eq, gt, isNotNull } from "drizzle-orm";
import { careerFairRegistrations, careerFairs } from "~/db/schema";
import type { AccountDeletionHook } from "~/features/accounts";
import type { Outbox } from "~/features/email/index.server";
import { ticketNotice } from "./notices.server";
import { releaseTicket } from "./queries.server";

/**
 * An account about to be deleted takes its tickets with it: at each fair of limited places not yet
 * over, its place goes to the longest waiting at once, who is emailed their ticket, rather than at
 * the fair's next registration.
 */
export function releasePlacesOnDeletion(outbox: Outbox, origin: string): AccountDeletionHook {
  return async (tx, account, now) => {
    const held = await tx
      .select({ fair: careerFairs })
      .from(careerFairRegistrations)
      .innerJoin(careerFairs, eq(careerFairs.id, careerFairRegistrations.fairId))
      .where(
        and(
          eq(careerFairRegistrations.userId, account.id),
          isNotNull(careerFairs.capacity),
          gt(careerFairs.endsAt, now),
        ),
      )
      // Locked in one order, so that two deletions never each hold a fair the other waits for.
      .orderBy(asc(careerFairs.id));
    for (const { fair } of held)
      await releaseTicket(tx, fair, account.id, now, (tx2, holder, ticket, atFair) =>
        outbox.queue(tx2, ticketNotice("place-came-up", atFair, holder, ticket, { origin, now })),
      );
  };
}
