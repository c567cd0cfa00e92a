import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { enqueueJob, enqueueJobs, removeFailedJobs } from "~/db/jobs.server";
import { type EmailAttachment, type EmailStatus, type OutboxEmail, emailOutbox } from "~/db/schema";
import type { Clock } from "~/lib/clock";
import { type ComposedEmail, linksIn, maskSecretLinks } from "./compose";

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

  /**
   * A failed or held email back in the queue, sent by a new send job (a failed one it had is removed).
   * Answers its status (and university) before, or null when no failed or held email has this id.
   */
  async retry(tx: Pick<Db, "select" | "update" | "insert" | "delete">, id: number): Promise<AwaitingOperator | null> {
    const before = await lockAwaitingOperator(tx, id);
    if (!before) return null;
    await removeFailedJobs(tx, SEND_EMAIL_JOB, { outboxId: id });
    await tx.update(emailOutbox).set({ status: "queued" }).where(eq(emailOutbox.id, id));
    await enqueueJob(tx, SEND_EMAIL_JOB, { outboxId: id }, this.clock());
    return before;
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

/** The statuses an operator may act on: the email will not go out unless someone retries it. */
const AWAITING_OPERATOR = ["failed", "held"] as const;

type AwaitingOperator = { status: EmailStatus; universityId: number | null };

async function lockAwaitingOperator(tx: Pick<Db, "select">, id: number): Promise<AwaitingOperator | null> {
  const [row] = await tx
    .select({ status: emailOutbox.status, universityId: emailOutbox.universityId })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, AWAITING_OPERATOR)))
    .for("update");
  return row ?? null;
}

/**
 * Gives a failed or held email up for good (`abandoned`: never sent, kept for the record), with
 * any failed send job it had. Answers its status (and university) before, or null when no failed or held email has this id.
 */
export async function abandonEmail(
  tx: Pick<Db, "select" | "update" | "delete">,
  id: number,
): Promise<AwaitingOperator | null> {
  const before = await lockAwaitingOperator(tx, id);
  if (!before) return null;
  await removeFailedJobs(tx, SEND_EMAIL_JOB, { outboxId: id });
  await tx.update(emailOutbox).set({ status: "abandoned" }).where(eq(emailOutbox.id, id));
  return before;
}

export const OUTBOX_SORTS = ["created", "sent", "status", "to"] as const;
const OUTBOX_ORDER = {
  created: emailOutbox.createdAt,
  sent: emailOutbox.sentAt,
  status: emailOutbox.status,
  to: emailOutbox.toAddress,
};

/** One page of the outbox for the operator, without the messages' bodies: searched by recipient or subject (a `like` pattern), filtered by status. */
export async function outboxPage(
  db: Db,
  opts: {
    status: EmailStatus | null;
    pattern: string | null;
    sort: (typeof OUTBOX_SORTS)[number];
    dir: "asc" | "desc";
    offset: number;
    limit: number;
  },
) {
  const where = and(
    opts.status ? eq(emailOutbox.status, opts.status) : undefined,
    opts.pattern ? or(ilike(emailOutbox.toAddress, opts.pattern), ilike(emailOutbox.subject, opts.pattern)) : undefined,
  );
  const order = opts.dir === "asc" ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        kind: emailOutbox.kind,
        toAddress: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(order(OUTBOX_ORDER[opts.sort]), order(emailOutbox.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ total: count() }).from(emailOutbox).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** When the email that has waited longest to go out was queued (none waiting: null). */
export async function oldestQueuedEmail(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, "queued"))
    .orderBy(asc(emailOutbox.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/**
 * The outbox's backlog for the metrics: the messages waiting to go out, those that failed (until
 * retried or given up), and when the oldest waiting one was queued (none: null). One pass over the table.
 */
export async function outboxFigures(db: Db): Promise<{ queued: number; failed: number; oldestQueued: Date | null }> {
  const [row] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${emailOutbox.status} = 'queued')::int`,
      failed: sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed')::int`,
      oldestQueued: sql<string | null>`min(${emailOutbox.createdAt}) filter (where ${emailOutbox.status} = 'queued')`,
    })
    .from(emailOutbox);
  return {
    queued: row?.queued ?? 0,
    failed: row?.failed ?? 0,
    oldestQueued: row?.oldestQueued ? new Date(row.oldestQueued) : null,
  };
}

/**
 * One email as the console shows it to staff, as much as `npm run mail -- show` prints (headers, links,
 * plain text; never the HTML), with the secrets of its links hidden.
 */
export async function emailForStaff(db: Db, id: number) {
  const email = await emailById(db, id);
  if (!email) return null;
  const text = maskSecretLinks(email.textBody);
  return {
    id: email.id,
    kind: email.kind,
    status: email.status,
    toAddress: email.toAddress,
    subject: email.subject,
    messageId: email.messageId,
    attempts: email.attempts,
    lastError: email.lastError,
    createdAt: email.createdAt,
    sentAt: email.sentAt,
    universityId: email.universityId,
    headers: Object.entries(email.headers ?? {}).map(([name, value]) => ({ name, value: maskSecretLinks(value) })),
    links: linksIn(text),
    text,
  };
}
