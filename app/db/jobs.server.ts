import { type SQL, and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import { type Job, jobs } from "~/db/schema";
import { type Clock, systemClock } from "~/lib/clock";
import { describeError } from "~/lib/describe-error";

/** What a job does; throwing makes it try again later (or give up after its last attempt). */
export type JobHandler = (
  payload: Record<string, unknown>,
  job: { id: number; attempts: number; lastAttempt: boolean },
) => Promise<void>;

export type JobRunnerOptions = {
  /** How long a claimed job stays with its runner before another may take it. */
  leaseMs?: number;
  maxAttempts?: number;
  /** How often an idle runner looks for due jobs written by other instances. */
  pollMs?: number;
  batch?: number;
};

/**
 * Puts a job in the queue, in the caller's transaction, so it exists exactly when the change that
 * asked for it does.
 */
export async function enqueueJob(
  tx: Pick<Db, "insert">,
  kind: string,
  payload: Record<string, unknown>,
  runAt: Date,
): Promise<number> {
  return (await enqueueJobs(tx, kind, [payload], runAt))[0]!;
}

/** Many jobs of one kind in one statement. */
export async function enqueueJobs(
  tx: Pick<Db, "insert">,
  kind: string,
  payloads: readonly Record<string, unknown>[],
  runAt: Date,
): Promise<number[]> {
  if (payloads.length === 0) return [];
  const rows = await tx
    .insert(jobs)
    .values(payloads.map((payload) => ({ kind, payload, runAt })))
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

/**
 * Queues a job unless a job with the same `key` is in the queue already (waiting, running or failed),
 * so that instances scheduling the same work queue it once. Answers whether this call queued it.
 */
export async function enqueueJobOnce(
  tx: Pick<Db, "insert">,
  kind: string,
  key: string,
  payload: Record<string, unknown>,
  runAt: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(jobs)
    .values({ kind, key, payload, runAt })
    .onConflictDoNothing({ target: jobs.key, where: sql`key is not null` })
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/**
 * Where a job stands at `now`: `failed` (gave up after its last attempt, kept for the operator),
 * `running` (a runner holds its lease), `waiting` (due, no runner has taken it yet) or `scheduled`
 * (its time is to come: a later job, a retry backing off, a recurring job between runs).
 */
export const JOB_STATES = ["waiting", "scheduled", "running", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

function stateIs(state: JobState, now: Date): SQL {
  const free = sql`(${jobs.lockedUntil} is null or ${jobs.lockedUntil} <= ${now})`;
  switch (state) {
    case "failed":
      return isNotNull(jobs.failedAt);
    case "running":
      return sql`${jobs.failedAt} is null and ${jobs.lockedUntil} > ${now}`;
    case "waiting":
      return sql`${jobs.failedAt} is null and ${free} and ${jobs.runAt} <= ${now}`;
    case "scheduled":
      return sql`${jobs.failedAt} is null and ${free} and ${jobs.runAt} > ${now}`;
  }
}

export const JOB_SORTS = ["created", "runAt", "attempts", "kind"] as const;
const JOB_ORDER = { created: jobs.createdAt, runAt: jobs.runAt, attempts: jobs.attempts, kind: jobs.kind };

/** One page of the queue for the operator, filtered by state and kind, with each job's state at `now`. */
export async function jobsPage(
  db: Db,
  opts: {
    now: Date;
    state: JobState | null;
    kind: string | null;
    sort: (typeof JOB_SORTS)[number];
    dir: "asc" | "desc";
    offset: number;
    limit: number;
  },
): Promise<{ rows: (Job & { state: JobState })[]; total: number }> {
  const where = and(
    opts.state ? stateIs(opts.state, opts.now) : undefined,
    opts.kind ? eq(jobs.kind, opts.kind) : undefined,
  );
  const order = opts.dir === "asc" ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(order(JOB_ORDER[opts.sort]), order(jobs.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ total: count() }).from(jobs).where(where),
  ]);
  const stateOf = (job: Job): JobState =>
    job.failedAt
      ? "failed"
      : job.lockedUntil && job.lockedUntil > opts.now
        ? "running"
        : job.runAt <= opts.now
          ? "waiting"
          : "scheduled";
  return { rows: rows.map((job) => ({ ...job, state: stateOf(job) })), total: counted?.total ?? 0 };
}

/** The kinds of job in the queue now, for the operator's filter. */
export async function jobKinds(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ kind: jobs.kind }).from(jobs).orderBy(jobs.kind);
  return rows.map((r) => r.kind);
}

/** When the job that has waited longest became due (none waiting: null): how far behind the runners are. */
export async function oldestWaitingJob(db: Db, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(stateIs("waiting", now))
    .orderBy(asc(jobs.runAt))
    .limit(1);
  return row?.runAt ?? null;
}

/** How many jobs are in each state at `now`, and when the one that has waited longest became due (none: null). */
export type QueueFigures = Record<JobState, number> & { oldestWaiting: Date | null };

/** The queue's figures in one pass over the table (it holds the work to do, not the work done): the metrics' scrape. */
export async function queueFigures(db: Db, now: Date): Promise<QueueFigures> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${stateIs("waiting", now)})::int`,
      scheduled: sql<number>`count(*) filter (where ${stateIs("scheduled", now)})::int`,
      running: sql<number>`count(*) filter (where ${stateIs("running", now)})::int`,
      failed: sql<number>`count(*) filter (where ${stateIs("failed", now)})::int`,
      oldestWaiting: sql<string | null>`min(${jobs.runAt}) filter (where ${stateIs("waiting", now)})`,
    })
    .from(jobs);
  return {
    waiting: row?.waiting ?? 0,
    scheduled: row?.scheduled ?? 0,
    running: row?.running ?? 0,
    failed: row?.failed ?? 0,
    oldestWaiting: row?.oldestWaiting ? new Date(row.oldestWaiting) : null,
  };
}

/**
 * A job that gave up, due again now with a fresh count of attempts (its last error kept until it runs).
 * Answers the job as it was, or null when no failed job has this id.
 */
export async function retryFailedJob(tx: Pick<Db, "update" | "select">, id: number, now: Date): Promise<Job | null> {
  const [before] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), isNotNull(jobs.failedAt)))
    .for("update");
  if (!before) return null;
  await tx.update(jobs).set({ failedAt: null, attempts: 0, runAt: now, lockedUntil: null }).where(eq(jobs.id, id));
  return before;
}

/**
 * Removes a job that gave up, for good (its key may then be queued again); the caller's audit entry
 * keeps what it was. Answers the job, or null when no failed job has this id.
 */
export async function abandonFailedJob(tx: Pick<Db, "delete">, id: number): Promise<Job | null> {
  const [row] = await tx
    .delete(jobs)
    .where(and(eq(jobs.id, id), isNotNull(jobs.failedAt)))
    .returning();
  return row ?? null;
}

/** Removes the failed jobs of a kind whose payload holds `payload` (an email's send job, before it is retried or given up). */
export async function removeFailedJobs(
  tx: Pick<Db, "delete">,
  kind: string,
  payload: Record<string, unknown>,
): Promise<number> {
  const rows = await tx
    .delete(jobs)
    .where(
      and(eq(jobs.kind, kind), isNotNull(jobs.failedAt), sql`${jobs.payload} @> ${JSON.stringify(payload)}::jsonb`),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

/** Waits before attempt n+1: 30 s, 1 min, 2 min, ... up to an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** A job as a pass claims it. */
type Claimed = {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  every_ms: number | null;
};

/**
 * Runs due jobs of the kinds it has handlers for. `runDue()` does one pass (what tests call, on a
 * manual clock); `start()` runs passes whenever woken and every `pollMs`, until `stop()`.
 * A recurring job (`every`) is one row per kind, shared by every instance, moved on after each run.
 */
export class JobRunner {
  /** Jobs a pass claimed and has not started, with the lease it wrote: a stop hands them back at once. */
  private held = new Map<number, Date>();
  private closing = false;
  private stopping: Promise<void> | null = null;
  private handlers = new Map<string, JobHandler>();
  private recurring = new Map<string, number>();
  private dated = new Map<string, () => Promise<readonly Date[]>>();
  private scheduled = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = true;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly pollMs: number;
  private readonly batch: number;

  constructor(
    private db: Db,
    private clock: Clock = systemClock,
    opts: JobRunnerOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? 5 * 60_000;
    this.maxAttempts = opts.maxAttempts ?? 8;
    this.pollMs = opts.pollMs ?? 5_000;
    this.batch = opts.batch ?? 20;
  }

  handle(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`A handler for jobs of kind ${kind} is already registered`);
    this.handlers.set(kind, handler);
  }

  /**
   * A job that runs every `everyMs`, first at the runner's first pass. Its row outlives restarts and
   * is never given up: a failed run is tried again with the usual backoff, then at its next time.
   */
  every(kind: string, everyMs: number, handler: JobHandler): void {
    this.handle(kind, handler);
    this.recurring.set(kind, everyMs);
  }

  /**
   * A job that runs at each of the times `times` gives that are still to come at the runner's first
   * pass: a row a time, keyed by its kind and time, so every instance queues it once. Past times are
   * left alone: a row queued for one earlier stays until it has run.
   */
  at(kind: string, times: () => Promise<readonly Date[]>, handler: JobHandler): void {
    this.handle(kind, handler);
    this.dated.set(kind, times);
  }

  /** Claims the due jobs this runner can do, runs them one by one, and answers how many it ran. */
  async runDue(): Promise<number> {
    const now = this.clock();
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return 0;
    if (!this.scheduled) {
      // Another instance may have written the row already; the interval follows this code's.
      for (const [kind, everyMs] of this.recurring) {
        await this.db
          .insert(jobs)
          .values({ kind, payload: {}, runAt: now, everyMs })
          .onConflictDoUpdate({ target: jobs.kind, targetWhere: sql`every_ms is not null`, set: { everyMs } });
      }
      for (const [kind, times] of this.dated) {
        for (const at of await times()) {
          if (at > now)
            await enqueueJobOnce(this.db, kind, `${kind}@${at.toISOString()}`, { at: at.toISOString() }, at);
        }
      }
      this.scheduled = true;
    }
    // The inner select skips rows another runner holds; the lease makes a crashed runner's jobs due again.
    const lease = new Date(now.getTime() + this.leaseMs);
    const rows = await rowsOf<Claimed>(
      this.db,
      sql`update jobs set locked_until = ${lease}, attempts = attempts + 1
          where id in (
            select id from jobs
            where run_at <= ${now} and failed_at is null and (locked_until is null or locked_until < ${now}) and kind in ${kinds}
            order by run_at, id
            limit ${this.batch}
            for update skip locked
          )
          returning id, kind, payload, attempts, every_ms`,
    );
    rows.sort((a, b) => a.id - b.id);
    for (const job of rows) this.held.set(job.id, lease);
    // Stopped while claiming: the jobs go back as a stop gives back those it finds.
    if (this.closing) await this.release();
    let ran = 0;
    for (const job of rows) {
      // A stop handed the job back (it is no longer held): another instance runs it.
      if (!this.held.delete(job.id)) continue;
      await this.runOne(job);
      ran++;
    }
    return ran;
  }

  /**
   * Gives back the jobs claimed and not started, as if never claimed: due at once for any runner, the
   * attempt not counted. Only while this runner's lease is theirs (a long pass may have outlived it).
   */
  private async release(): Promise<void> {
    const held = [...this.held];
    this.held.clear();
    for (const [lease, ids] of Map.groupBy(held, ([, until]) => until.getTime())) {
      try {
        await this.db
          .update(jobs)
          .set({ lockedUntil: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
          .where(
            and(
              inArray(
                jobs.id,
                ids.map(([id]) => id),
              ),
              eq(jobs.lockedUntil, new Date(lease)),
              isNull(jobs.failedAt),
            ),
          );
      } catch (error) {
        // Their lease runs out instead, and another runner takes them then.
        console.error(`The job runner could not give back the jobs it held: ${describeError(error)}`);
      }
    }
  }

  private async runOne(job: Claimed): Promise<void> {
    const every = job.every_ms;
    try {
      await this.handlers.get(job.kind)!(job.payload, {
        id: job.id,
        attempts: job.attempts,
        lastAttempt: every === null && job.attempts >= this.maxAttempts,
      });
      if (every === null) await this.db.delete(jobs).where(eq(jobs.id, job.id));
      else
        await this.db
          .update(jobs)
          .set({ runAt: new Date(this.clock().getTime() + every), attempts: 0, lockedUntil: null, lastError: null })
          .where(eq(jobs.id, job.id));
    } catch (error) {
      const lastError = describeError(error).slice(0, 2_000);
      const giveUp = job.attempts >= this.maxAttempts;
      const now = this.clock();
      const next =
        every !== null && giveUp
          ? { lockedUntil: null, lastError, attempts: 0, runAt: new Date(now.getTime() + every) }
          : giveUp
            ? { lockedUntil: null, lastError, failedAt: now }
            : { lockedUntil: null, lastError, runAt: new Date(now.getTime() + backoffMs(job.attempts)) };
      await this.db
        .update(jobs)
        .set(next)
        .where(and(eq(jobs.id, job.id), isNull(jobs.failedAt)));
      console.error(
        `Job ${job.id} (${job.kind}) failed on attempt ${job.attempts}${giveUp ? (every === null ? ", giving up" : ", trying at its next time") : ""}: ${lastError}`,
      );
    }
  }

  /** Runs a pass soon (a job was just queued); passes never overlap. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runDue()
      .catch((error: unknown) => {
        console.error(`The job runner could not run a pass: ${describeError(error)}`);
        return 0;
      })
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      this.wake();
      this.timer = setTimeout(tick, this.pollMs);
      this.timer.unref();
    };
    tick();
  }

  /**
   * Stops: no new pass, the jobs claimed and not started handed back at once (another instance takes
   * them), and the job under way given up to `graceMs` to finish, so no job is cut off by closing the
   * database. A job still running then keeps its lease, and runs again once the lease ends. Every call
   * answers the first call's stop.
   */
  stop(graceMs = Infinity): Promise<void> {
    return (this.stopping ??= this.stopNow(graceMs));
  }

  private async stopNow(graceMs: number): Promise<void> {
    this.stopped = true;
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.again = false;
    await this.release();
    if (!this.running) return;
    if (graceMs === Infinity) {
      await this.running;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([this.running, graceOver]);
    clearTimeout(timer);
  }
}
