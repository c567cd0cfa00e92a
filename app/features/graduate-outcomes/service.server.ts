import type { Db } from "~/db/client.server";
import type { JobRunner } from "~/db/jobs.server";
import type { Outbox } from "~/features/email/index.server";
import type { Clock } from "~/lib/clock";
import type { Config } from "~/lib/env.server";
import { publicOrigin } from "~/lib/public-origin";
import type { Service } from "~/lib/service";
import { SURVEY_JOB, sendDueSurveys } from "./surveys.server";

/** How often graduates due a survey are looked for: each goes out within this of its month starting. */
export const SURVEY_JOB_EVERY_MS = 60 * 60_000;

/** The graduate outcomes' part of the running server: the surveys, 6 and 15 months after graduating, in the job queue. */
export function startGraduateOutcomes(
  db: Db,
  config: Config,
  clock: Clock,
  runner: JobRunner,
  outbox: Outbox,
): Service {
  // A background job has no request: its links are the main site's.
  const origin = publicOrigin(config);
  runner.every(SURVEY_JOB, SURVEY_JOB_EVERY_MS, async () => {
    const sent = await sendDueSurveys({ db, outbox, origin, now: clock() });
    if (sent) console.log(`Graduate outcomes: ${sent} survey${sent === 1 ? "" : "s"} queued.`);
  });
  return { provide: () => {} };
}
