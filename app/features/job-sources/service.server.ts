import { createContext } from "react-router";
import type { Db } from "~/db/client.server";
import { type JobRunner, enqueueJobOnce } from "~/db/jobs.server";
import type { Clock } from "~/lib/clock";
import { type Config, outboundPolicy } from "~/lib/env.server";
import { publicOrigin } from "~/lib/public-origin";
import { provides } from "~/lib/service";
import { type RunDeps, type SourceKeys, dueSources, runSource } from "./run.server";

export const JOB_SOURCES_SCHEDULE_JOB = "job-sources.schedule";
export const JOB_SOURCE_RUN_JOB = "job-sources.run";
/** How often due sources are looked for: a source runs within this of its time. */
const SCHEDULE_EVERY_MS = 60_000;

/** While a run of a source is queued or running, this key holds it: no instance queues a second. */
export const runKey = (id: number) => `job-source:${id}`;

/** Queues a run of a source now ("Run now"); false when one is queued or running already. */
export type JobSourceRuns = {
  queue(tx: Pick<Db, "insert">, id: number, now: Date): Promise<boolean>;
  flush(): void;
};
export const jobSourceRunsContext = createContext<JobSourceRuns>();

/** What a run needs of the configuration: the API keys, the address named in requests, where it may fetch from. */
export function runDeps(db: Db, config: Config, clock: Clock, rootDir: string): RunDeps {
  const keys: SourceKeys = {
    adzuna: config.ADZUNA_KEY,
    reed: config.REED_API_KEY,
    teamtailor: config.TEAMTAILOR_API_KEY,
  };
  return {
    db,
    clock,
    rootDir,
    contactUrl: publicOrigin(config),
    keys,
    fetch: { allowLoopback: outboundPolicy(config).allowLoopback, maxBytes: config.JOB_SOURCE_MAX_MB * 1024 * 1024 },
  };
}

/**
 * The sources' part of the running server: every minute the due sources are queued, each under its own
 * key, and any instance's runner runs them, one at a time per source.
 */
export function startJobSources(db: Db, config: Config, clock: Clock, runner: JobRunner, rootDir: string) {
  const deps = runDeps(db, config, clock, rootDir);
  const queue: JobSourceRuns["queue"] = (tx, id, now) =>
    enqueueJobOnce(tx, JOB_SOURCE_RUN_JOB, runKey(id), { sourceId: id }, now);
  runner.every(JOB_SOURCES_SCHEDULE_JOB, SCHEDULE_EVERY_MS, async () => {
    const now = clock();
    for (const id of await dueSources(db, now)) await queue(db, id, now);
  });
  runner.handle(JOB_SOURCE_RUN_JOB, async (payload) => {
    const id = Number(payload.sourceId);
    const summary = await runSource(deps, id);
    if (summary)
      console.log(
        `Job source #${id}: ${summary.outcome}, ${summary.added} added, ${summary.updated} updated, ${summary.closed} closed, ${summary.refused} refused.`,
      );
  });
  return provides(jobSourceRunsContext, { queue, flush: () => runner.wake() });
}
