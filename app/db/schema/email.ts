import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { universities } from "./universities";

export const EMAIL_STATUSES = ["queued", "sent", "held", "failed", "abandoned"] as const;
export const emailStatusEnum = pgEnum("email_status", EMAIL_STATUSES);

/**
 * Every email the product sends, written in the same transaction as the action that causes it and
 * sent by the job queue. `held`: no SMTP server is configured, so the message stays here for
 * `npm run mail` to read. `abandoned`: a failed or held message an operator gave up on, never to be sent.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    /** What the message is about (password-reset, ...), for the operator and for tests. */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** Extra header fields, such as a list's List-Unsubscribe. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** Small text files sent with the message (a calendar invitation). */
    attachments: jsonb("attachments").$type<EmailAttachment[]>(),
    /** Fixed when queued, so a message sent again after a crash is recognisably the same one. */
    messageId: text("message_id").notNull().unique(),
    universityId: integer("university_id").references(() => universities.id, { onDelete: "set null" }),
    status: emailStatusEnum("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("email_outbox_to_idx").on(t.toAddress)],
);

/** A text file sent with a message: its name, type (with parameters) and content. */
export type EmailAttachment = { filename: string; contentType: string; content: string };

export type OutboxEmail = typeof emailOutbox.$inferSelect;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
