import { and, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "~/db/client.server";
import type { JobHandler } from "~/db/jobs.server";
import { type EmailAttachment, emailOutbox } from "~/db/schema";
import type { Clock } from "~/lib/clock";
import { describeError } from "~/lib/describe-error";
import { linksIn } from "./compose";

export type Envelope = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers?: Record<string, string>;
  attachments?: EmailAttachment[];
};

/** What sends a message; the SMTP one, or none at all (messages are then held in the outbox). */
export type Transport = { send(message: Envelope): Promise<void>; close(): void };

export function smtpTransport(url: string): Transport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

/**
 * The job that sends one outbox message. A message already sent or held is left alone, so a job
 * run twice (its runner died after sending, before the job was cleared) sends nothing more, except
 * in the instant between the SMTP server's acceptance and the row's update: then the copy carries
 * the same Message-ID, which mail systems use to drop duplicates.
 */
export function sendEmailJob(db: Db, transport: Transport | null, from: string, clock: Clock): JobHandler {
  return async (payload, job) => {
    const id = Number(payload.outboxId);
    const [message] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!message || message.status !== "queued") return;
    const queued = and(eq(emailOutbox.id, id), eq(emailOutbox.status, "queued"));
    if (!transport) {
      // No SMTP server: the message stays readable with `npm run mail`, and the log says what it holds.
      await db.update(emailOutbox).set({ status: "held" }).where(queued);
      console.log(
        `Email #${id} held (no SMTP_URL): "${message.subject}" to ${message.toAddress}${linksIn(message.textBody)
          .map((l) => `\n  ${l}`)
          .join("")}`,
      );
      return;
    }
    try {
      await transport.send({
        from,
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
        messageId: message.messageId,
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      });
    } catch (error) {
      await db
        .update(emailOutbox)
        .set({
          attempts: job.attempts,
          lastError: describeError(error).slice(0, 2_000),
          ...(job.lastAttempt ? { status: "failed" as const } : {}),
        })
        .where(queued);
      throw error;
    }
    await db
      .update(emailOutbox)
      .set({ status: "sent", attempts: job.attempts, sentAt: clock(), lastError: null })
      .where(queued);
  };
}
