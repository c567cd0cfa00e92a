import { type AuditActor, SYSTEM_ACTOR } from "~/db/audit.server";
import { and, eq, isNull } from "drizzle-orm";
import { createContext } from "react-router";
import type { Db } from "~/db/client.server";
import { type JobRunner, enqueueJob } from "~/db/jobs.server";
import { jobs } from "~/db/schema";
import { provides } from "~/lib/service";
import { type AfterImport, reportRefresh } from "./cli.server";
import { refreshRegister } from "./refresh.server";

/** `npm run sponsors:refresh` as a job of the one queue: what the console's "Refresh now" asks for. */
export const SPONSORS_REFRESH_JOB = "sponsors.refresh";

/** Queues a refresh of the register, in the caller's transaction; `flush` after the commit runs it at once. */
export type RegisterRefresh = {
  /** The job's id, or null when a refresh is already waiting (or running): the queue holds one at a time. */
  queue(tx: Pick<Db, "select" | "insert">, now: Date, requestedBy: AuditActor): Promise<number | null>;
  flush(): void;
};

export const registerRefreshContext = createContext<RegisterRefresh>();

/**
 * The refresh job's handler, doing what the command does (the same refresh, the same report, the
 * same follow-up) with the page of SPONSOR_REGISTER_PAGE; a failure is tried again later, as any job.
 */
export function startRegisterRefresh(db: Db, runner: JobRunner, pageUrl: string, afterImport: AfterImport) {
  runner.handle(SPONSORS_REFRESH_JOB, async (payload) => {
    const started = performance.now();
    // The import is audited as the staff member's who asked for it.
    const requestedBy = (payload.requestedBy as AuditActor | undefined) ?? SYSTEM_ACTOR;
    const outcome = await refreshRegister(db, pageUrl, requestedBy);
    reportRefresh(outcome, pageUrl, started);
    if (outcome.kind === "imported") await afterImport(db);
  });
  const refresh: RegisterRefresh = {
    async queue(tx, now, requestedBy) {
      const [waiting] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, SPONSORS_REFRESH_JOB), isNull(jobs.failedAt)))
        .limit(1);
      return waiting ? null : enqueueJob(tx, SPONSORS_REFRESH_JOB, { requestedBy }, now);
    },
    flush: () => runner.wake(),
  };
  return provides(registerRefreshContext, refresh);
}
