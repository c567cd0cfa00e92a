import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql } from "drizzle-orm";
import { type RouterContextProvider, data, redirect } from "react-router";
import { z } from "zod";
import { type AuditActor, actorOf, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { enquiries, users } from "~/db/schema";
import { requireStaff } from "~/features/access/index.server";
import { ENQUIRY_KINDS } from "~/features/contact/index.server";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { type ListQuery, containsPattern, listPage, readListQuery } from "~/lib/list-query";
import { formOf } from "~/lib/request-body.server";
import { type FormAnswer, validate } from "~/lib/validation";

type Context = Readonly<RouterContextProvider>;

export const ENQUIRIES_PATH = "/ops/enquiries";
const SORTS = ["date", "name"] as const;
const STATUSES = { open: "Not handled", handled: "Handled" } as const;
const kindLabel = (kind: string) => ENQUIRY_KINDS[kind as keyof typeof ENQUIRY_KINDS] ?? kind;
/** The organisation an enquiry names: a partner's organisation, an ambassador's university. */
const organisation = sql<
  string | null
>`coalesce(${enquiries.details}->>'organisation', ${enquiries.details}->>'university')`;

export type EnquiryFilters = { kind: string; status: string };

/** One page of enquiries for the list's query and filters (a form's kind, "open" or "handled"). */
export async function enquiryList(db: Db, query: ListQuery<(typeof SORTS)[number]>, { kind, status }: EnquiryFilters) {
  const pattern = containsPattern(query.q);
  const where = and(
    kind ? eq(enquiries.kind, kind) : undefined,
    status === "open" ? isNull(enquiries.handledAt) : status === "handled" ? isNotNull(enquiries.handledAt) : undefined,
    query.q
      ? or(ilike(enquiries.name, pattern), ilike(enquiries.email, pattern), ilike(organisation, pattern))
      : undefined,
  );
  const order = query.dir === "asc" ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: enquiries.id,
        kind: enquiries.kind,
        name: enquiries.name,
        email: enquiries.email,
        organisation,
        subject: enquiries.subject,
        createdAt: enquiries.createdAt,
        handledAt: enquiries.handledAt,
      })
      .from(enquiries)
      .where(where)
      .orderBy(order(query.sort === "name" ? enquiries.name : enquiries.createdAt), order(enquiries.id))
      .limit(query.pageSize)
      .offset(query.offset),
    db.select({ total: count() }).from(enquiries).where(where),
  ]);
  return listPage(
    rows.map((r) => ({
      ...r,
      kind: kindLabel(r.kind),
      createdAt: r.createdAt.toISOString(),
      handledAt: r.handledAt?.toISOString() ?? null,
    })),
    counted?.total ?? 0,
    query,
  );
}

/** /ops/enquiries: the public forms' enquiries, newest first, searched by name, address or organisation. */
export async function loadEnquiries(request: Request, context: Context) {
  requireStaff(context);
  const url = new URL(request.url);
  const query = readListQuery(url, { sorts: SORTS, sort: "date", dir: "desc" });
  const kind = Object.hasOwn(ENQUIRY_KINDS, url.searchParams.get("kind") ?? "") ? url.searchParams.get("kind")! : "";
  const status = Object.hasOwn(STATUSES, url.searchParams.get("status") ?? "") ? url.searchParams.get("status")! : "";
  return {
    kinds: Object.entries(ENQUIRY_KINDS).map(([value, label]) => ({ value, label })),
    statuses: Object.entries(STATUSES).map(([value, label]) => ({ value, label })),
    kind,
    status,
    list: await enquiryList(context.get(dbContext), query, { kind, status }),
  };
}

export type EnquiriesData = Awaited<ReturnType<typeof loadEnquiries>>;

const notFound = () => data("No enquiry has this number.", { status: 404 });
const idOf = (param: string) => (/^\d{1,9}$/.test(param) ? Number(param) : null);

/** "jobTitle" as "Job title": the stored answers' keys, as the page shows them. */
const labelOf = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** /ops/enquiries/{id}: one enquiry, everything its sender gave, and whether (and how) it was handled. */
export async function loadEnquiry(context: Context, idParam: string) {
  requireStaff(context);
  const id = idOf(idParam);
  if (id === null) throw notFound();
  const [row] = await context
    .get(dbContext)
    .select({ enquiry: enquiries, handledByName: users.name })
    .from(enquiries)
    .leftJoin(users, eq(users.id, enquiries.handledBy))
    .where(eq(enquiries.id, id));
  if (!row) throw notFound();
  const e = row.enquiry;
  return {
    id: e.id,
    kind: kindLabel(e.kind),
    name: e.name,
    email: e.email,
    phone: e.phone,
    subject: e.subject,
    message: e.message,
    details: Object.entries(e.details ?? {}).map(([key, value]) => ({ label: labelOf(key), value })),
    createdAt: e.createdAt.toISOString(),
    handled: e.handledAt
      ? { at: e.handledAt.toISOString(), by: row.handledByName ?? "a former staff member", note: e.handledNote ?? "" }
      : null,
  };
}

export type EnquiryData = Awaited<ReturnType<typeof loadEnquiry>>;

const NOTE_MAX = 2_000;
const HandledSchema = z.object({
  note: z
    .string({ error: "Write a note: what was done, or why nothing was" })
    .trim()
    .min(1, "Write a note: what was done, or why nothing was")
    .max(NOTE_MAX, `The note is at most ${NOTE_MAX.toLocaleString("en-GB")} characters`),
});

export type EnquiryAnswer = FormAnswer<"note">;

/** Marks an enquiry handled by `actor` with the note, once, with its audit entry in the same transaction. */
export function markEnquiryHandled(
  db: Db,
  actor: AuditActor & { id: number },
  id: number,
  note: string,
  now: Date,
): Promise<"handled" | "missing" | "already"> {
  return db.transaction(async (tx) => {
    const [enquiry] = await tx
      .select({ handledAt: enquiries.handledAt, universityId: enquiries.universityId })
      .from(enquiries)
      .where(eq(enquiries.id, id))
      .for("update");
    if (!enquiry) return "missing";
    if (enquiry.handledAt) return "already";
    await tx
      .update(enquiries)
      .set({ handledAt: now, handledBy: actor.id, handledNote: note })
      .where(eq(enquiries.id, id));
    await recordAudit(tx, {
      actor,
      action: "enquiry.handled",
      universityId: enquiry.universityId,
      target: { type: "enquiry", id },
      before: { handledAt: null, handledNote: null },
      after: { handledAt: now.toISOString(), handledNote: note },
      at: now,
    });
    return "handled";
  });
}

/** "Mark as handled" with a note: once, audited in the same transaction. */
export async function enquiryAction(request: Request, context: Context, idParam: string) {
  const staff = requireStaff(context);
  const id = idOf(idParam);
  if (id === null) throw notFound();
  const form = await formOf(request);
  const parsed = validate<typeof HandledSchema, "note">(HandledSchema, { note: form.get("note") ?? undefined });
  if (!parsed.success) {
    const answer: EnquiryAnswer = {
      fieldErrors: parsed.fieldErrors,
      formError: null,
      values: { note: String(form.get("note") ?? "") },
    };
    return data(answer, { status: 400 });
  }
  const now = context.get(clockContext)();
  const outcome = await markEnquiryHandled(context.get(dbContext), actorOf(staff, context), id, parsed.data.note, now);
  if (outcome === "missing") throw notFound();
  if (outcome === "already") {
    const answer: EnquiryAnswer = { fieldErrors: {}, formError: "This enquiry was marked as handled already." };
    return data(answer, { status: 409 });
  }
  return redirect(`${ENQUIRIES_PATH}/${id}`, {
    status: 303,
    headers: { "Set-Cookie": flashCookie(context.get(configContext), "The enquiry is marked as handled.") },
  });
}
