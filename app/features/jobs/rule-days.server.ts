import type { Db } from "~/db/client.server";
import type { JobRunner } from "~/db/jobs.server";
import { ruleChangeDays } from "~/features/sponsorship";
import type { Clock } from "~/lib/clock";
import type { Service } from "~/lib/service";
import { zonedTime } from "~/lib/time-zones";
import { recomputeJobVerdicts } from "./cli.server";

export const RULE_DAY_RECOMPUTE_JOB = "jobs.recompute-on-rule-day";

/** The start, in London, of each day the rule data changes a verdict on (the rules' days are UK days). */
export async function ruleDayStarts(): Promise<Date[]> {
  return (await ruleChangeDays()).map((day) => zonedTime(day, "00:00", "Europe/London"));
}

/**
 * `npm run jobs:recompute` through the job queue at the start of each day the rules change (a newer
 * rule set takes effect, the Temporary Shortage List ends, an occupation leaves the Immigration Salary
 * List), so the open jobs' verdicts change on the day, whichever instance is up; one job a day, however
 * many instances queue it.
 */
export function startRuleDayRecompute(db: Db, clock: Clock, runner: JobRunner): Service {
  runner.at(RULE_DAY_RECOMPUTE_JOB, ruleDayStarts, () => recomputeJobVerdicts(db, clock()));
  return { provide: () => {} };
}
