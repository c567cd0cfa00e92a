import type { RouterContextProvider } from "react-router";
import type { Db } from "~/db/client.server";
import { clientIpContext } from "~/lib/context";
import { count, desc, eq } from "drizzle-orm";
import { type AuditChange, auditLog, users } from "~/db/schema";

/** Who acted: their account and role at the time ("system" for a command line), and their address. */
export type AuditActor = { id: number | null; role: string; ip?: string | null };

export type NewAuditEntry = {
  actor: AuditActor;
  /** A stable name, "<record>.<verb>" ("student.approved", "university_profile.updated"). */
  action: string;
  universityId?: number | null;
  target: { type: string; id: string | number };
  /** The record's fields before and after: only those that differ are kept. */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  at: Date;
};

/** Fields whose values never reach the log: that they changed is kept, not what they hold. */
const SECRET = /password|secret|token|hash|key|encrypted/i;
const HIDDEN = "(not recorded)";

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** A long text (an IdP's metadata, a page of the career manual) is kept as its length, not copied whole. */
const LONGEST_KEPT = 500;
const kept = (value: unknown) =>
  typeof value === "string" && value.length > LONGEST_KEPT ? `(${value.length} characters)` : (value ?? null);

/** The fields that differ between `before` and `after`, secrets hidden, long texts as their length. */
export function changesBetween(
  before: Record<string, unknown> = {},
  after: Record<string, unknown> = {},
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[field], after[field])) continue;
    changes[field] = SECRET.test(field)
      ? { before: HIDDEN, after: HIDDEN }
      : { before: kept(before[field]), after: kept(after[field]) };
  }
  return changes;
}

/**
 * Records a change a person made to someone else's data, in the caller's transaction, so that the
 * entry and the change are kept or dropped together. The log is append-only (migration 0045).
 */
export async function recordAudit(tx: Pick<Db, "insert">, entry: NewAuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    at: entry.at,
    actorId: entry.actor.id,
    actorRole: entry.actor.role,
    action: entry.action,
    universityId: entry.universityId ?? null,
    targetType: entry.target.type,
    targetId: String(entry.target.id),
    changes: changesBetween(entry.before, entry.after),
    ip: entry.actor.ip ?? null,
  });
}

/** The person a request acts for, as the audit log names them: their account, role and address. */
export const actorOf = (
  user: { id: number; role: string },
  context: Readonly<RouterContextProvider>,
): AuditActor & { id: number } => ({
  id: user.id,
  role: user.role,
  ip: context.get(clientIpContext),
});

/** The actor of a command line run by the operator: no account. */
export const SYSTEM_ACTOR: AuditActor = { id: null, role: "system" };

/** Entries a page of the log shows at most. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * One page of the log, newest first: a university's entries (its admins' view), or every entry.
 * Each with the actor's name and address as they are now (none once the account is gone).
 */
export async function auditPage(db: Db, { universityId, page }: { universityId: number | null; page: number }) {
  const where = universityId === null ? undefined : eq(auditLog.universityId, universityId);
  const [{ total }] = (await db.select({ total: count() }).from(auditLog).where(where)) as [{ total: number }];
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const shown = Math.min(Math.max(1, page), pages);
  const entries = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorRole: auditLog.actorRole,
      actorName: users.name,
      actorEmail: users.email,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      changes: auditLog.changes,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((shown - 1) * AUDIT_PAGE_SIZE);
  return { entries, total, page: shown, pages };
}
