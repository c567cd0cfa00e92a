import type { RouterContextProvider } from "react-router";
import type { Db } from "~/db/client.server";
import { clientIpContext } from "~/lib/context";
import { type AuditChange, auditLog } from "~/db/schema";

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

/** The fields that differ between `before` and `after`, secrets hidden. */
export function changesBetween(
  before: Record<string, unknown> = {},
  after: Record<string, unknown> = {},
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[field], after[field])) continue;
    changes[field] = SECRET.test(field)
      ? { before: HIDDEN, after: HIDDEN }
      : { before: before[field] ?? null, after: after[field] ?? null };
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
export const actorOf = (user: { id: number; role: string }, context: Readonly<RouterContextProvider>): AuditActor => ({
  id: user.id,
  role: user.role,
  ip: context.get(clientIpContext),
});

/** The actor of a command line run by the operator: no account. */
export const SYSTEM_ACTOR: AuditActor = { id: null, role: "system" };
