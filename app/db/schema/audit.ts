import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** What changed in one field: its value before and after (never a secret; see app/db/audit.server.ts). */
export type AuditChange = { before: unknown; after: unknown };

/**
 * Every change a person made to someone else's data: who (their id and role at the time), what (a
 * stable action name), which record, the fields that changed, when, and from which address.
 * Append-only: a trigger (migration 0045) refuses UPDATE, DELETE and TRUNCATE. No foreign keys: an
 * entry outlives the account or record it names (a deleted row's cascade would be a refused change).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    actorId: integer("actor_id"),
    /** The actor's role when they acted ("university_admin", "platform_staff"; "system" for a command line). */
    actorRole: text("actor_role").notNull(),
    action: text("action").notNull(),
    /** The university whose data it is, so that its admins see its entries. */
    universityId: integer("university_id"),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    changes: jsonb("changes").$type<Record<string, AuditChange>>().notNull(),
    ip: text("ip"),
  },
  (t) => [
    index("audit_log_university_at_idx").on(t.universityId, t.at),
    index("audit_log_actor_at_idx").on(t.actorId, t.at),
    index("audit_log_target_idx").on(t.targetType, t.targetId),
  ],
);
export type AuditEntry = typeof auditLog.$inferSelect;
