import type { RouterContextProvider } from "react-router";
import type { Db } from "~/db/client.server";
import { clientIpContext } from "~/lib/context";
import { type SQL, and, asc, count, desc, eq, gt, gte, ilike, like, lt, or } from "drizzle-orm";
import { type AuditChange, auditLog, universities, users } from "~/db/schema";
import { containsPattern, prefixPattern } from "~/lib/list-query";

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
 * Which entries (the operations console's filters; the university admins' page names its university only).
 * `who`: an account's id, or part of its email address. `action`: a name exactly, or the names
 * starting with it when it ends with "." or "*" ("university." is every change to a university).
 * `from` and `to`: the moments it lies between (`to` not included). `universityId`: null for all.
 */
export type AuditFilter = {
  universityId: number | null;
  who?: string;
  action?: string;
  from?: Date;
  to?: Date;
};

function whereOf(filter: AuditFilter): SQL | undefined {
  const who = filter.who?.trim();
  const action = filter.action?.trim();
  return and(
    filter.universityId === null ? undefined : eq(auditLog.universityId, filter.universityId),
    who
      ? or(
          /^\d{1,9}$/.test(who) ? eq(auditLog.actorId, Number(who)) : undefined,
          ilike(users.email, containsPattern(who)),
        )
      : undefined,
    !action
      ? undefined
      : /[.*]$/.test(action)
        ? like(auditLog.action, prefixPattern(action.replace(/\*$/, "")))
        : eq(auditLog.action, action),
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.to ? lt(auditLog.at, filter.to) : undefined,
  );
}

/** An entry as the pages and the CSV export show it: with the actor's name and address and the university's name as they are now. */
const ENTRY = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorRole: auditLog.actorRole,
  actorName: users.name,
  actorEmail: users.email,
  action: auditLog.action,
  universityId: auditLog.universityId,
  universityName: universities.name,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  changes: auditLog.changes,
  ip: auditLog.ip,
};

const entries = (db: Db) =>
  db
    .select(ENTRY)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(universities, eq(universities.id, auditLog.universityId));

/**
 * One page of the log, newest first unless `dir` says otherwise: a university's entries (its admins'
 * view), or every entry, narrowed by the filter. Each with the actor's name and address as they are
 * now (none once the account is gone).
 */
export async function auditPage(
  db: Db,
  {
    page,
    dir = "desc",
    pageSize = AUDIT_PAGE_SIZE,
    ...filter
  }: AuditFilter & { page: number; dir?: "asc" | "desc"; pageSize?: number },
) {
  const where = whereOf(filter);
  const [{ total }] = (await db
    .select({ total: count() })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)) as [{ total: number }];
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const shown = Math.min(Math.max(1, page), pages);
  const order = dir === "asc" ? asc : desc;
  const rows = await entries(db)
    .where(where)
    .orderBy(order(auditLog.at), order(auditLog.id))
    .limit(pageSize)
    .offset((shown - 1) * pageSize);
  return { entries: rows, total, page: shown, pages };
}

export type AuditPageEntry = Awaited<ReturnType<typeof auditPage>>["entries"][number];

/**
 * Every entry the filter picks, in order, `batch` at a time (a CSV export): each batch starts after
 * the last one's final entry (by time, then id), so the whole log is never in memory at once and an
 * entry written meanwhile neither repeats nor shifts one.
 */
export async function* auditBatches(
  db: Db,
  filter: AuditFilter,
  { dir = "desc", batch = 1_000 }: { dir?: "asc" | "desc"; batch?: number } = {},
): AsyncGenerator<AuditPageEntry[]> {
  const where = whereOf(filter);
  const order = dir === "asc" ? asc : desc;
  const beyond = dir === "asc" ? gt : lt;
  let last: { at: Date; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = last
      ? or(beyond(auditLog.at, last.at), and(eq(auditLog.at, last.at), beyond(auditLog.id, last.id)))
      : undefined;
    const rows: AuditPageEntry[] = await entries(db)
      .where(and(where, after))
      .orderBy(order(auditLog.at), order(auditLog.id))
      .limit(batch);
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    const end = rows[rows.length - 1]!;
    last = { at: end.at, id: end.id };
  }
}
