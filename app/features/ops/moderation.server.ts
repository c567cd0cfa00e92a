import { and, asc, count, desc, eq, ilike, or } from "drizzle-orm";
import { type RouterContextProvider, data, redirect } from "react-router";
import { unionAll } from "drizzle-orm/pg-core";
import { z } from "zod";
import { actorOf } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { requireStaff, siteOrigin } from "~/features/access/index.server";
import { outboxContext } from "~/features/email";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { type ListQuery, containsPattern, listPage, readListQuery } from "~/lib/list-query";
import { formOf } from "~/lib/request-body.server";
import { type FormAnswer, validate } from "~/lib/validation";
import { type DecisionWords, MODERATION_KINDS, moderationKind } from "./moderation-kinds.server";

type Context = Readonly<RouterContextProvider>;

export const MODERATION_PATH = "/ops/moderation";
const SORTS = ["submitted", "kind"] as const;

/** Every kind's waiting items as one table, for one query to page, sort and search. */
function queueOf(db: Db) {
  const [first, second, ...rest] = MODERATION_KINDS.map((k) => k.waiting(db));
  return (second ? unionAll(first!, second, ...rest) : first!).as("queue");
}

/** One page of the queue for the list's query, of one kind (its slug) or of all (""). */
export async function moderationQueue(db: Db, query: ListQuery<(typeof SORTS)[number]>, kind: string) {
  const queue = queueOf(db);
  const pattern = containsPattern(query.q);
  const where = and(
    kind ? eq(queue.kind, kind) : undefined,
    query.q
      ? or(ilike(queue.title, pattern), ilike(queue.submitter, pattern), ilike(queue.submitterEmail, pattern))
      : undefined,
  );
  const order = query.dir === "asc" ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(queue)
      .where(where)
      .orderBy(order(query.sort === "kind" ? queue.kind : queue.submittedAt), asc(queue.submittedAt), asc(queue.id))
      .limit(query.pageSize)
      .offset(query.offset),
    db.select({ total: count() }).from(queue).where(where),
  ]);
  const labels = new Map(MODERATION_KINDS.map((k) => [k.slug, k.label]));
  return listPage(
    rows.map((r) => ({
      key: `${r.kind}/${r.id}`,
      href: `${MODERATION_PATH}/${r.kind}/${r.id}`,
      kind: labels.get(r.kind) ?? r.kind,
      title: r.title,
      submitter: r.submitter,
      submitterEmail: r.submitterEmail,
      submittedAt: new Date(r.submittedAt).toISOString(),
    })),
    counted?.total ?? 0,
    query,
  );
}

/** /ops/moderation: what waits for a person, oldest first, searchable by title and submitter, filtered by kind. */
export async function loadModerationQueue(request: Request, context: Context) {
  requireStaff(context);
  const url = new URL(request.url);
  const query = readListQuery(url, { sorts: SORTS, sort: "submitted", dir: "asc" });
  const kind = moderationKind(url.searchParams.get("kind") ?? "")?.slug ?? "";
  return {
    kinds: MODERATION_KINDS.map((k) => ({ value: k.slug, label: k.label })),
    kind,
    list: await moderationQueue(context.get(dbContext), query, kind),
  };
}

export type ModerationQueueData = Awaited<ReturnType<typeof loadModerationQueue>>;

const notFound = () => data("No item waiting for moderation has this address.", { status: 404 });

async function itemOf(context: Context, slug: string, idParam: string) {
  const kind = moderationKind(slug);
  const id = Number(idParam);
  if (!kind || !/^\d{1,9}$/.test(idParam)) throw notFound();
  const item = await kind.item(context.get(dbContext), id);
  if (!item) throw notFound();
  return { kind, id, item };
}

/** /ops/moderation/{kind}/{id}: one waiting item, with approve and reject. */
export async function loadModerationItem(context: Context, slug: string, idParam: string) {
  requireStaff(context);
  const { kind, item } = await itemOf(context, slug, idParam);
  return { kind: kind.label, words: kind.words, ...item, submittedAt: item.submittedAt.toISOString() };
}

export type ModerationItemData = Awaited<ReturnType<typeof loadModerationItem>>;

const REASON_MAX = 1_000;
const decisionSchema = (words: DecisionWords) =>
  z
    .object({
      intent: z.enum(["approve", "reject"], { error: words.choose }),
      reason: z
        .string()
        .trim()
        .max(REASON_MAX, `The reason is at most ${REASON_MAX.toLocaleString("en-GB")} characters`)
        .default(""),
    })
    .superRefine((value, ctx) => {
      if (!value.reason && (value.intent === "reject" || words.reasonFor === "both"))
        ctx.addIssue({
          code: "custom",
          path: ["reason"],
          message:
            words.reasonFor === "both"
              ? "Give the reason for the decision: it is kept in the audit log"
              : "Give the reason for rejecting it: it is sent to the submitter",
        });
    });

export type ModerationAnswer = FormAnswer<"reason" | "intent">;

/** Approve or reject with a reason: audited, and the submitter emailed where there is an address. */
export async function moderationItemAction(request: Request, context: Context, slug: string, idParam: string) {
  const staff = requireStaff(context);
  const { kind, id, item } = await itemOf(context, slug, idParam);
  const form = await formOf(request);
  const raw = { intent: form.get("intent") ?? undefined, reason: form.get("reason") ?? undefined };
  const schema = decisionSchema(kind.words);
  const parsed = validate<typeof schema, "reason" | "intent">(schema, raw);
  if (!parsed.success) {
    const answer: ModerationAnswer = {
      fieldErrors: parsed.fieldErrors,
      formError: null,
      values: { reason: String(raw.reason ?? "") },
    };
    return data(answer, { status: 400 });
  }
  const { intent, reason } = parsed.data;
  const deps = {
    db: context.get(dbContext),
    outbox: context.get(outboxContext),
    now: context.get(clockContext)(),
    origin: siteOrigin(context),
  };
  const decision = intent === "approve" ? "approved" : "rejected";
  const decided = await kind.decide(deps, actorOf(staff, context), id, decision, reason || null);
  if (!decided) throw notFound();
  if (decided !== true) {
    const answer: ModerationAnswer = { fieldErrors: {}, formError: decided.refused, values: { reason } };
    return data(answer, { status: 409 });
  }
  const told = item.submitterEmail ? `, and ${item.submitter} is told by email` : "";
  const message = `${kind.label} “${item.title}” is ${kind.words[decision]}${told}.`;
  return redirect(MODERATION_PATH, {
    status: 303,
    headers: { "Set-Cookie": flashCookie(context.get(configContext), message) },
  });
}
