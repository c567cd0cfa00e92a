import type { Db } from "~/db/client.server";
import { todayInLondon } from "~/lib/dates";
import { ruleSetFor } from "~/features/sponsorship";
import type { Clock } from "~/lib/clock";
import type { Service } from "~/lib/service";
import { demoEmployers, demoJobPostings, insertDemoJobsIfNone, readSocUnitGroups } from "./demo.server";

/** Writes `count` demo jobs unless the database has some, or has no register to take employers from; answers how many. */
export async function generateDemoJobs(db: Db, socFile: string, now: Date, count: number): Promise<number> {
  const today = todayInLondon(now);
  const rules = await ruleSetFor(today);
  const employers = await demoEmployers(db);
  if (!rules || !employers.length) return 0;
  return insertDemoJobsIfNone(
    db,
    demoJobPostings({ groups: await readSocUnitGroups(socFile), employers, rules }, { count, now, today }),
  );
}

/**
 * The embedded database's demo jobs, generated once in the background after the demo register is in
 * (they take their employers from it); stopping the server waits for a generation under way.
 */
export function startDemoJobs(
  db: Db | null,
  socFile: string,
  count: number,
  registerImported: Promise<unknown>,
  clock: Clock,
): Service & { generated: Promise<void> } {
  let stopping = false;
  const done = db
    ? registerImported
        .then(async () => {
          if (stopping) return;
          const written = await generateDemoJobs(db, socFile, clock(), count);
          if (written) console.log(`Generated ${written} demo jobs.`);
        })
        .catch((error: unknown) => console.error("The demo jobs could not be generated:", error))
    : Promise.resolve();
  return {
    generated: done,
    provide: () => {},
    close: async () => {
      stopping = true;
      await done;
    },
  };
}
