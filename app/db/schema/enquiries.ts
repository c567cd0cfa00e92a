import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { universities } from "./universities";
import { users } from "./users";

/** Messages sent through the Contact us form. An enquiry outlives the account or university it came from. */
export const enquiries = pgTable(
  "enquiries",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** E.164 (+442079460000); the phone is optional. */
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** Which form sent it: the contact form, or a public form of its own (partner-with-us, campus-ambassadors, ...). */
    kind: text("kind").notNull().default("contact"),
    /** That form's own answers beyond the shared ones (an organisation, a course, ...). */
    details: jsonb("details").$type<Record<string, string>>(),
    /** The microsite the enquiry was sent from, if any. */
    universityId: integer("university_id").references(() => universities.id, { onDelete: "set null" }),
    /** The sender, when logged in. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the platform's staff marked it handled (null: still open), who did, and what they noted. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: integer("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledNote: text("handled_note"),
  },
  (t) => [
    index("enquiries_university_id_idx").on(t.universityId),
    index("enquiries_user_id_idx").on(t.userId),
    index("enquiries_created_at_idx").on(t.createdAt),
  ],
);

export type Enquiry = typeof enquiries.$inferSelect;
export type NewEnquiry = typeof enquiries.$inferInsert;
