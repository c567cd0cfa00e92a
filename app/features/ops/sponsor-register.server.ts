import { and, asc, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { type RouterContextProvider, data, redirect } from "react-router";
import { actorOf, recordAudit } from "~/db/audit.server";
import { dbContext } from "~/db/context";
import { jobs, sponsorSnapshots } from "~/db/schema";
import { requireStaff } from "~/features/access/index.server";
import { registerFreshness } from "~/features/sponsors";
import { SPONSORS_REFRESH_JOB, registerRefreshContext } from "~/features/sponsors/index.server";
import { clockContext, configContext } from "~/lib/context";
import { todayInLondon } from "~/lib/dates";
import { flashCookie } from "~/lib/flash.server";
import { listPage, readListQuery } from "~/lib/list-query";
import { formOf } from "~/lib/request-body.server";

type Context = Readonly<RouterContextProvider>;

export const SPONSOR_REGISTER_PATH = "/ops/sponsor-register";
const SORTS = ["date", "imported"] as const;

/**
 * /ops/sponsor-register: the registers imported (newest first) with what each changed, whether the
 * newest is older than 14 days, and the refresh waiting in the job queue or the last one that failed.
 */
export async function loadSponsorRegister(request: Request, context: Context) {
  requireStaff(context);
  const db = context.get(dbContext);
  const query = readListQuery(new URL(request.url), { sorts: SORTS, sort: "date", dir: "desc", pageSize: 20 });
  const order = query.dir === "asc" ? asc : desc;
  const refreshJobs = (failed: boolean) =>
    db
      .select({
        createdAt: jobs.createdAt,
        attempts: jobs.attempts,
        lastError: jobs.lastError,
        failedAt: jobs.failedAt,
      })
      .from(jobs)
      .where(and(eq(jobs.kind, SPONSORS_REFRESH_JOB), failed ? isNotNull(jobs.failedAt) : isNull(jobs.failedAt)))
      .orderBy(desc(jobs.id))
      .limit(1);
  const [rows, [counted], [newest], [waiting], [failed]] = await Promise.all([
    db
      .select({
        id: sponsorSnapshots.id,
        registerDate: sponsorSnapshots.registerDate,
        source: sponsorSnapshots.source,
        organisations: sponsorSnapshots.organisationCount,
        added: sponsorSnapshots.added,
        removed: sponsorSnapshots.removed,
        changed: sponsorSnapshots.changed,
        importedAt: sponsorSnapshots.importedAt,
      })
      .from(sponsorSnapshots)
      .orderBy(
        order(query.sort === "imported" ? sponsorSnapshots.importedAt : sponsorSnapshots.registerDate),
        order(sponsorSnapshots.id),
      )
      .limit(query.pageSize)
      .offset(query.offset),
    db.select({ total: count() }).from(sponsorSnapshots),
    db
      .select({ registerDate: sponsorSnapshots.registerDate })
      .from(sponsorSnapshots)
      .orderBy(desc(sponsorSnapshots.registerDate))
      .limit(1),
    refreshJobs(false),
    refreshJobs(true),
  ]);
  const today = todayInLondon(context.get(clockContext)());
  return {
    freshness: registerFreshness(newest?.registerDate ?? null, today),
    waiting: waiting
      ? { queuedAt: waiting.createdAt.toISOString(), attempts: waiting.attempts, lastError: waiting.lastError }
      : null,
    failed: failed?.failedAt ? { failedAt: failed.failedAt.toISOString(), lastError: failed.lastError } : null,
    list: listPage(
      rows.map((r) => ({ ...r, importedAt: r.importedAt.toISOString() })),
      counted?.total ?? 0,
      query,
    ),
  };
}

export type SponsorRegisterData = Awaited<ReturnType<typeof loadSponsorRegister>>;

/** "Refresh now": `sponsors:refresh` queued as a job (one at a time), audited with it. */
export async function sponsorRegisterAction(request: Request, context: Context) {
  const staff = requireStaff(context);
  const form = await formOf(request);
  if (form.get("intent") !== "refresh")
    return data({ formError: "Unknown action: reload the page and try again." }, { status: 400 });
  const refresh = context.get(registerRefreshContext);
  const now = context.get(clockContext)();
  const actor = actorOf(staff, context);
  const jobId = await context.get(dbContext).transaction(async (tx) => {
    const id = await refresh.queue(tx, now, actor);
    if (id !== null)
      await recordAudit(tx, {
        actor,
        action: "sponsor_register.refresh_requested",
        target: { type: "job", id },
        after: { job: SPONSORS_REFRESH_JOB },
        at: now,
      });
    return id;
  });
  if (jobId !== null) refresh.flush();
  const message =
    jobId === null
      ? "A refresh is already waiting in the queue."
      : "The refresh is queued. A newer register shows here once it is imported.";
  return redirect(SPONSOR_REGISTER_PATH, {
    status: 303,
    headers: { "Set-Cookie": flashCookie(context.get(configContext), message) },
  });
}
