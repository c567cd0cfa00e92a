import { eq } from "drizzle-orm";
import { SYSTEM_ACTOR } from "~/db/audit.server";
import { enqueueJobOnce } from "~/db/jobs.server";
import { jobs } from "~/db/schema";
import { runSource } from "./run.server";
import { JOB_SOURCE_RUN_JOB, runDeps, runKey } from "./service.server";
import { withMigratedDatabase } from "~/db/open.server";
import { JOB_SOURCE_KINDS, NewSourceSchema, everyText, parseEvery } from "./sources";
import { addSource, listSources, openJobsBySource, removeSource, setSourceEnabled, sourceName } from "./sources.server";

const USAGE = `Usage: npm run jobs:sources -- <command>
  list                                      the sources, their schedule, last run and open jobs
  add KIND URL [--employer NAME] [--every 6h]   a source (KIND: ${JOB_SOURCE_KINDS.join(", ")})
  run ID                                    run one source now
  off ID                                    stop running a source (its jobs stay)
  remove ID                                 remove a source; its open jobs close
How to add each kind: docs/features/job-sources.md.`;

function usage(problem?: string): number {
  console.error(problem ? `${problem}\n${USAGE}` : USAGE);
  return 2;
}

const idOf = (text: string | undefined) => (text && /^\d{1,9}$/.test(text) ? Number(text) : null);

/** `npm run jobs:sources`: 0 done, 1 refused (no such source), 2 usage. */
export async function runJobSourcesCommand(argv: string[], rootDir: string, now = new Date()): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "list") {
    if (rest.length) return usage(`Unexpected argument ${rest[0]}`);
    return withMigratedDatabase(rootDir, "npm run jobs:sources", async ({ db }) => {
      const sources = await listSources(db);
      const open = await openJobsBySource(db);
      if (!sources.length) console.log("No job sources yet. Add one with: npm run jobs:sources -- add KIND URL");
      for (const s of sources) {
        const run = s.lastRun
          ? `last run ${s.lastRun.startedAt.toISOString()} ${s.lastRun.outcome} (+${s.lastRun.added} ~${s.lastRun.updated} -${s.lastRun.closed}, ${s.lastRun.refused} refused)`
          : "never run";
        console.log(
          `#${s.id}  ${s.kind}  ${s.url}${s.employerName ? `  (${s.employerName})` : ""}\n    ${s.enabled ? everyText(s.everyMinutes) : "off"}, ${run}, ${open.get(sourceName(s.id)) ?? 0} open jobs${s.failing ? `  FAILING: ${s.failuresInARow} runs in a row` : ""}`,
        );
        if (s.failing && s.lastRun?.errors.length) console.log(`    ${s.lastRun.errors[0]}`);
      }
      return 0;
    });
  }
  if (command === "add") {
    const [kind, url, ...flags] = rest;
    let employer: string | undefined;
    let every: number | undefined;
    for (let i = 0; i < flags.length; i++) {
      const flag = flags[i]!;
      if (flag === "--employer") employer = flags[++i];
      else if (flag === "--every") {
        const parsed = parseEvery(flags[++i] ?? "");
        if (parsed === null) return usage("--every takes a time like 30m, 6h or 1d");
        every = parsed;
      } else return usage(`Unexpected argument ${flag}`);
    }
    const parsed = NewSourceSchema.safeParse({ kind, url, employer, everyMinutes: every });
    if (!parsed.success) return usage(parsed.error.issues[0]!.message);
    return withMigratedDatabase(rootDir, "npm run jobs:sources", async ({ db }) => {
      const row = await addSource(db, parsed.data, SYSTEM_ACTOR, now);
      console.log(`Added source #${row.id} (${row.kind}), run ${everyText(row.everyMinutes)}.`);
      return 0;
    });
  }
  if (command === "run") {
    const id = idOf(rest[0]);
    if (id === null || rest.length !== 1) return usage("run takes one source's number");
    return withMigratedDatabase(rootDir, "npm run jobs:sources", async ({ db }, config) => {
      // The run holds its source's queue key, as a server's run does: no instance runs it meanwhile.
      const heldUntil = new Date(now.getTime() + 60 * 60_000);
      if (!(await enqueueJobOnce(db, JOB_SOURCE_RUN_JOB, runKey(id), { sourceId: id }, heldUntil))) {
        console.error(`A run of source #${id} is queued or running already.`);
        return 1;
      }
      try {
        const summary = await runSource(
          runDeps(db, config, () => new Date(), rootDir),
          id,
        );
        if (!summary) {
          console.error(`There is no source #${id}.`);
          return 1;
        }
        console.log(
          `Source #${id}: ${summary.outcome}, ${summary.added} added, ${summary.updated} updated, ${summary.closed} closed, ${summary.refused} refused.`,
        );
        for (const error of summary.errors) console.log(`  ${error}`);
        return summary.outcome === "failed" ? 1 : 0;
      } finally {
        await db.delete(jobs).where(eq(jobs.key, runKey(id)));
      }
    });
  }
  if (command === "off" || command === "remove") {
    const id = idOf(rest[0]);
    if (id === null || rest.length !== 1) return usage(`${command} takes one source's number`);
    return withMigratedDatabase(rootDir, "npm run jobs:sources", async ({ db }) => {
      if (command === "off") {
        if (!(await setSourceEnabled(db, id, false, SYSTEM_ACTOR, now))) {
          console.error(`No source #${id} is on.`);
          return 1;
        }
        console.log(`Source #${id} is off; its jobs stay as they are.`);
        return 0;
      }
      const closed = await removeSource(db, id, SYSTEM_ACTOR, now);
      if (closed === null) {
        console.error(`There is no source #${id}.`);
        return 1;
      }
      console.log(`Removed source #${id}; ${closed} open job${closed === 1 ? "" : "s"} closed.`);
      return 0;
    });
  }
  return usage(command ? `Unknown command ${command}` : undefined);
}
