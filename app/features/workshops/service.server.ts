import type { Db } from "~/db/client.server";
import type { JobRunner } from "~/db/jobs.server";
import type { Outbox } from "~/features/email/index.server";
import type { Clock } from "~/lib/clock";
import type { Config } from "~/lib/env.server";
import { publicOrigin } from "~/lib/public-origin";
import { serverSecret } from "~/lib/secret.server";
import { provides } from "~/lib/service";
import { Signer } from "~/lib/signer.server";
import { workshopLinksContext } from "./context";
import { sendCancellations, sendDueReminders } from "./workshops.server";

export const WORKSHOP_REMINDERS_JOB = "workshops.reminders";
/** How often reminders are looked for: each goes out within this of a day before its workshop. */
export const WORKSHOP_REMINDERS_EVERY_MS = 15 * 60_000;

/** The workshops' part of the running server: the reminders (and news of cancelled workshops) in the job queue, and the signer of the links in their emails. */
export function startWorkshops(db: Db, config: Config, clock: Clock, runner: JobRunner, outbox: Outbox) {
  const links = new Signer(serverSecret(config), "workshop-registration");
  // A background job has no request: its links are the main site's.
  const origin = publicOrigin(config);
  runner.every(WORKSHOP_REMINDERS_JOB, WORKSHOP_REMINDERS_EVERY_MS, async () => {
    const deps = { db, outbox, links, origin, now: clock() };
    const cancelled = await sendCancellations(deps);
    const sent = await sendDueReminders(deps);
    if (sent || cancelled)
      console.log(
        `Workshops: ${sent} reminder${sent === 1 ? "" : "s"} and ${cancelled} cancellation${cancelled === 1 ? "" : "s"} queued.`,
      );
  });
  return provides(workshopLinksContext, links);
}
