import { asc } from "drizzle-orm";
import { type RouterContextProvider, data } from "react-router";
import { z } from "zod";
import { type AuditFilter, type AuditPageEntry, auditBatches, auditPage } from "~/db/audit.server";
import { dbContext } from "~/db/context";
import { universities } from "~/db/schema";
import { requireStaff } from "~/features/access/index.server";
import { clockContext } from "~/lib/context";
import { csvStreamResponse } from "~/lib/csv";
import { isIsoDay } from "~/lib/dates";
import { type ListQuery, listPage, readListQuery } from "~/lib/list-query";
import { zonedTime } from "~/lib/time-zones";
import { validate } from "~/lib/validation";

type Context = Readonly<RouterContextProvider>;

const day = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || isIsoDay(v), `${label}: a date such as 2026-11-28`)
    .default("");

/** The log's filters as the address gives them (the page's form and the CSV link alike). */
const AuditQuery = z
  .object({
    who: z.string().trim().max(200, "Who: at most 200 characters").default(""),
    what: z
      .string()
      .trim()
      .max(100, "What: at most 100 characters")
      .regex(/^[a-z0-9_.*-]*$/i, "What: an action such as university.created, or university. for all of its kind")
      .default(""),
    from: day("From"),
    to: day("To"),
    university: z
      .string()
      .regex(/^\d{0,9}$/, "Choose a university from the list")
      .default(""),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], message: "To: a day on or after From" });

export type AuditQueryValues = z.output<typeof AuditQuery>;
// `what`, not `action`: a field named so would hide its form's own `action` from scripts.
export const AUDIT_FIELDS = ["who", "what", "from", "to", "university"] as const;

const LONDON = "Europe/London";
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The filter the address asks for: its days are UK calendar days, `to` included whole. */
function filterOf(url: URL) {
  const checked = validate(AuditQuery, Object.fromEntries(url.searchParams));
  if (!checked.success) return checked;
  const q = checked.data;
  const filter: AuditFilter = {
    universityId: q.university ? Number(q.university) : null,
    who: q.who,
    action: q.what,
    ...(q.from ? { from: zonedTime(q.from, "00:00", LONDON) } : {}),
    ...(q.to ? { to: zonedTime(nextDay(q.to), "00:00", LONDON) } : {}),
  };
  return { success: true as const, data: q, filter };
}

const AUDIT_SORTS = ["at"] as const;
const readQuery = (url: URL): ListQuery<"at"> =>
  readListQuery(url, { sorts: AUDIT_SORTS, sort: "at", dir: "desc", pageSize: 50 });

/** /ops/audit: the whole log, filtered by who, what, when and university, newest first unless sorted otherwise. */
export async function loadAuditLog(url: URL, context: Context) {
  requireStaff(context);
  const db = context.get(dbContext);
  const query = readQuery(url);
  const asked = filterOf(url);
  const choices = await db
    .select({ id: universities.id, name: universities.name })
    .from(universities)
    .orderBy(asc(universities.name));
  const values = Object.fromEntries(AUDIT_FIELDS.map((f) => [f, url.searchParams.get(f) ?? ""])) as AuditQueryValues;
  if (!asked.success)
    return data(
      {
        list: listPage<AuditPageEntry, "at">([], 0, query),
        values,
        fieldErrors: asked.fieldErrors,
        universities: choices,
        csv: null,
      },
      { status: 400 },
    );
  const log = await auditPage(db, { ...asked.filter, page: query.page, dir: query.dir, pageSize: query.pageSize });
  const csv = new URLSearchParams(Object.entries(asked.data).filter(([, v]) => v !== ""));
  if (query.dir === "asc") csv.set("dir", "asc");
  return {
    list: listPage(log.entries, log.total, { ...query, page: log.page }),
    values,
    fieldErrors: {},
    universities: choices,
    csv: csv.size ? `?${csv}` : "",
  };
}

export const AUDIT_CSV_HEADER = [
  "When (UTC)",
  "Actor id",
  "Actor email",
  "Actor role",
  "Action",
  "University id",
  "University",
  "Record type",
  "Record id",
  "Changes",
  "From address",
];

const csvRow = (e: AuditPageEntry) => [
  e.at.toISOString(),
  e.actorId,
  e.actorEmail,
  e.actorRole,
  e.action,
  e.universityId,
  e.universityName,
  e.targetType,
  e.targetId,
  JSON.stringify(e.changes),
  e.ip,
];

/** /ops/audit.csv: every entry the page's filters pick, in its order, written as it is read. */
export function auditLogCsv(request: Request, context: Context) {
  requireStaff(context);
  const url = new URL(request.url);
  const asked = filterOf(url);
  if (!asked.success)
    return new Response(Object.values(asked.fieldErrors).join("\n"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const batches = auditBatches(context.get(dbContext), asked.filter, { dir: readQuery(url).dir });
  const today = context.get(clockContext)().toISOString().slice(0, 10);
  return csvStreamResponse(`audit-log-${today}.csv`, AUDIT_CSV_HEADER, mapBatches(batches));
}

async function* mapBatches(batches: AsyncIterable<AuditPageEntry[]>) {
  for await (const batch of batches) yield batch.map(csvRow);
}
