import type { Db } from "~/db/client.server";
import type { JobRunner } from "~/db/jobs.server";
import type { Clock } from "~/lib/clock";
import type { Service } from "~/lib/service";
import { purgeDeletedCvs } from "./queries.server";

export const CV_PURGE_JOB = "cvs.purge-deleted";
/** How often deleted CVs past their undo are removed for good. */
export const CV_PURGE_EVERY_MS = 60 * 60_000;

/** The CV builder's part of the running server: the recurring removal of deleted CVs in the job queue. */
export function startCvCleanup(db: Db, clock: Clock, runner: JobRunner): Service {
  runner.every(CV_PURGE_JOB, CV_PURGE_EVERY_MS, async () => {
    const removed = await purgeDeletedCvs(db, clock());
    if (removed) console.log(`CV builder: ${removed} deleted CV${removed === 1 ? "" : "s"} removed for good.`);
  });
  return { provide: () => {} };
}
