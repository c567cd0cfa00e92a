import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { enqueueJobs } from "~/db/jobs.server";
import { type EmailAttachment, type OutboxEmail, emailOutbox } from "~/db/schema";
import type { Clock } from "~/lib/clock";
import type { ComposedEmail } from "./compose";

export const SEND_EMAIL_JOB = "email.send";

export type OutgoingEmail = {
  /** What the message is about (password-reset, ...). */
  kind: string;
  to: string;
  /** The university whose member it concerns, if any. */
  universityId: number | null;
  email: ComposedEmail;
  /** Extra header fields (a list's List-Unsubscribe). */
  headers?: Record<string, string>;
  /** Small text files (a calendar invitation). */
  attachments?: EmailAttachment[];
};

/** The domain of the sender's address, which message ids are made under. */
export function senderDomain(mailFrom: string): string {
  return /@([^\s>]+)>?\s*$/.exec(mailFrom)?.[1] ?? "localhost";
}

/**
 * Writes emails to the outbox, in the caller's transaction, each with a job that sends it. The
 * action that causes an email and the email itself are kept or dropped together.
 */
export class Outbox {
  constructor(
    private clock: Clock,
    private domain: string,
    /** Asks the job runner to look for work now rather than at its next poll. */
    private wake: () => void = () => {},
  ) {}

  async queue(tx: Pick<Db, "insert">, message: OutgoingEmail): Promise<number> {
    return (await this.queueMany(tx, [message]))[0]!;
  }

  /** Many messages in a few statements (an invitation list holds up to 5,000). */
  async queueMany(tx: Pick<Db, "insert">, messages: readonly OutgoingEmail[]): Promise<number[]> {
    const ids: number[] = [];
    const runAt = this.clock();
    for (let start = 0; start < messages.length; start += 1_000) {
      const rows = await tx
        .insert(emailOutbox)
        .values(
          messages.slice(start, start + 1_000).map((message) => ({
            kind: message.kind,
            toAddress: message.to,
            subject: message.email.subject,
            textBody: message.email.text,
            htmlBody: message.email.html,
            headers: message.headers ?? null,
            attachments: message.attachments ?? null,
            messageId: `<${randomUUID()}@${this.domain}>`,
            universityId: message.universityId,
          })),
        )
        .returning({ id: emailOutbox.id });
      await enqueueJobs(
        tx,
        SEND_EMAIL_JOB,
        rows.map((row) => ({ outboxId: row.id })),
        runAt,
      );
      ids.push(...rows.map((row) => row.id));
    }
    return ids;
  }

  /** Call once the transaction that queued emails has committed, so they go out at once. */
  flush(): void {
    this.wake();
  }
}

export function recentEmails(db: Db, limit = 50): Promise<OutboxEmail[]> {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
}

export async function emailById(db: Db, id: number): Promise<OutboxEmail | null> {
  return (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0] ?? null;
}
