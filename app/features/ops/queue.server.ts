import { type RouterContextProvider, data } from "react-router";
import { actorOf, recordAudit } from "~/db/audit.server";
import { dbContext } from "~/db/context";
import {
  JOB_SORTS,
  JOB_STATES,
  type JobState,
  abandonFailedJob,
  jobKinds,
  jobsPage,
  oldestWaitingJob,
  retryFailedJob,
} from "~/db/jobs.server";
import { requireStaff } from "~/features/access/index.server";
import { clockContext } from "~/lib/context";
import { dispatchIntent } from "~/lib/intent";
import { listPage, readListQuery } from "~/lib/list-query";
import { formOf } from "~/lib/request-body.server";
import { backTo, rowId, unknownButton } from "./row-action.server";

type Context = Readonly<RouterContextProvider>;

/** /ops/queue: a page of the job queue by state and kind, and how long the oldest due job has waited for a runner. */
export async function loadQueue(url: URL, context: Context) {
  requireStaff(context);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const query = readListQuery(url, { sorts: JOB_SORTS, sort: "created", dir: "desc" });
  const asked = url.searchParams.get("state") ?? "";
  const state = (JOB_STATES as readonly string[]).includes(asked) ? (asked as JobState) : null;
  const kinds = await jobKinds(db);
  const kind = kinds.find((k) => k === url.searchParams.get("kind")) ?? null;
  const [{ rows, total }, oldest] = await Promise.all([
    jobsPage(db, { now, state, kind, sort: query.sort, dir: query.dir, offset: query.offset, limit: query.pageSize }),
    oldestWaitingJob(db, now),
  ]);
  return {
    list: listPage(
      rows.map((job) => ({
        id: job.id,
        kind: job.kind,
        state: job.state,
        payload: JSON.stringify(job.payload).slice(0, 200),
        runAt: job.runAt,
        attempts: job.attempts,
        lastError: job.lastError,
        failedAt: job.failedAt,
        createdAt: job.createdAt,
        everyMs: job.everyMs,
      })),
      total,
      query,
    ),
    state,
    states: JOB_STATES,
    kind,
    kinds,
    oldestWaitingMs: oldest ? now.getTime() - oldest.getTime() : null,
  };
}

/** The buttons of a failed job: run it again (due now, its attempts counted afresh), or give it up (removed). */
export async function queueAction(request: Request, context: Context) {
  const staff = requireStaff(context);
  const form = await formOf(request);
  const db = context.get(dbContext);
  const at = context.get(clockContext)();
  const id = rowId(form);
  const act = async (action: "job.retried" | "job.abandoned") => {
    const done = await db.transaction(async (tx) => {
      const job = action === "job.retried" ? await retryFailedJob(tx, id, at) : await abandonFailedJob(tx, id);
      if (!job) return false;
      const before = {
        state: "failed",
        kind: job.kind,
        payload: job.payload,
        attempts: job.attempts,
        lastError: job.lastError,
      };
      await recordAudit(tx, {
        actor: actorOf(staff, context),
        action,
        target: { type: "job", id },
        before,
        // A job given up is removed: the entry keeps what it was.
        after: action === "job.retried" ? { ...before, state: "waiting", attempts: 0 } : { state: "abandoned" },
        at,
      });
      return true;
    });
    if (!done)
      throw data("No failed job has this number: it may have been retried or given up already.", { status: 404 });
  };
  return dispatchIntent(
    form,
    {
      retry: async () => {
        await act("job.retried");
        return backTo(request, context, `Job #${id} is due again: a runner takes it within a few seconds.`);
      },
      abandon: async () => {
        await act("job.abandoned");
        return backTo(request, context, `Job #${id} is given up and removed from the queue.`);
      },
    },
    unknownButton,
  );
}
