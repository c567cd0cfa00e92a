import type { Db } from "~/db/client.server";
import type { JobRunner } from "~/db/jobs.server";
import type { Outbox } from "~/features/email/index.server";
import { ruleSets } from "~/features/sponsorship";
import type { Clock } from "~/lib/clock";
import type { Config } from "~/lib/env.server";
import { publicOrigin } from "~/lib/public-origin";
import { serverSecret } from "~/lib/secret.server";
import { provides } from "~/lib/service";
import { runDueAlerts } from "./alerts.server";
import { newsletterLinksContext } from "./context";
import { NewsletterLinks } from "./unsubscribe.server";

export const JOB_ALERTS_JOB = "job-alerts.run";
/** How often due alerts are looked for: a daily alert goes out within this of its time. */
export const JOB_ALERTS_EVERY_MS = 15 * 60_000;

/** The job alerts' part of the running server: the recurring run in the job queue, and the unsubscribe links' signer for the pages. */
export function startJobAlerts(db: Db, config: Config, clock: Clock, runner: JobRunner, outbox: Outbox) {
  const links = new NewsletterLinks(serverSecret(config));
  // A background job has no request: its links are the main site's.
  const origin = publicOrigin(config);
  runner.every(JOB_ALERTS_JOB, JOB_ALERTS_EVERY_MS, async () => {
    const [rules] = await ruleSets();
    const { sent } = await runDueAlerts({ db, outbox, links, origin, occupations: rules!.occupations }, clock());
    if (sent) console.log(`Job alerts: ${sent} email${sent === 1 ? "" : "s"} queued.`);
  });
  return provides(newsletterLinksContext, links);
}
