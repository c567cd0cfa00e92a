import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { jobPostings, universities } from "~/db/schema";
import { bookDemoAppointments } from "~/features/appointments/index.server";
import { DEMO_SOURCE } from "~/features/jobs/index.server";
import { todayInLondon } from "~/lib/dates";
import type { Clock } from "~/lib/clock";
import type { Service } from "~/lib/service";
import { generateActivity, hasActivity } from "./activity.server";
import { addDays } from "./range";

/**
 * The demo universities' made-up students and their year: Demo University's 400 fill every chart;
 * Second University's dozen show that one university never sees another's.
 */
export const DEMO_ACTIVITY = [
  { slug: "demo-university", students: 400, eventsPerStudent: 60, seed: 20261 },
  { slug: "second-university", students: 12, eventsPerStudent: 15, seed: 20262 },
] as const;

/** Adds the demo activity where a demo university has none (and there are demo jobs to look at); answers how many events it wrote. */
export async function generateDemoActivity(db: Db, now: Date): Promise<number> {
  // Only beside the demo jobs: a database with jobs of its own (an import, a test's feed) gets none.
  const [demoJobs] = await db
    .select({ id: jobPostings.id })
    .from(jobPostings)
    .where(eq(jobPostings.source, DEMO_SOURCE))
    .limit(1);
  if (!demoJobs) return 0;
  let written = 0;
  for (const plan of DEMO_ACTIVITY) {
    const [university] = await db.select().from(universities).where(eq(universities.slug, plan.slug));
    if (!university || (await hasActivity(db, university.id))) continue;
    const domain = university.emailDomains[0] ?? `${plan.slug}.test`;
    // Up to yesterday: nothing made up happens later today than now.
    const today = addDays(todayInLondon(now), -1);
    // Small statements, no transaction: the embedded database serves requests between them (a
    // server stopped half-way keeps the half it made).
    const made = await generateActivity(db, { ...plan, universityId: university.id, domain, today, batch: 500 });
    written += made.events;
  }
  // Its made-up students now exist: a few of them have appointments with the demo adviser.
  if (written) await bookDemoAppointments(db, now);
  return written;
}

/**
 * The embedded database's demo activity, made once in the background after the demo jobs (whose
 * views and applications it records); stopping the server waits for it. `generated` settles once it
 * is made (what is made of its students waits for it).
 */
export function startDemoActivity(
  db: Db | null,
  after: Promise<unknown>,
  clock: Clock,
): Service & { generated: Promise<void> } {
  let stopping = false;
  const done = db
    ? after
        .then(async () => {
          if (stopping) return;
          const written = await generateDemoActivity(db, clock());
          if (written) console.log(`Generated ${written.toLocaleString("en-GB")} events of demo student activity.`);
        })
        .catch((error: unknown) => console.error("The demo student activity could not be generated:", error))
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
