import type { Db } from "~/db/client.server";
import { type EventKind, events } from "~/db/schema";

export type NewEvent = {
  kind: EventKind;
  at: Date;
  userId?: number | null;
  universityId?: number | null;
  jobPostingId?: number | null;
  data?: Record<string, unknown>;
};

/** Records what someone did, in the caller's transaction when the event is part of a change. */
export async function recordEvent(tx: Pick<Db, "insert">, event: NewEvent): Promise<void> {
  await tx.insert(events).values({
    kind: event.kind,
    occurredAt: event.at,
    userId: event.userId ?? null,
    universityId: event.universityId ?? null,
    jobPostingId: event.jobPostingId ?? null,
    data: event.data ?? {},
  });
}
