import type { Db } from "~/db/client.server";
import type { JobRunner } from "~/db/jobs.server";
import type { Outbox } from "~/features/email/index.server";
import type { Clock } from "~/lib/clock";
import type { Config } from "~/lib/env.server";
import { publicOrigin } from "~/lib/public-origin";
import type { Service } from "~/lib/service";
import { sendAppointmentReminders } from "./reminders.server";

export const APPOINTMENT_REMINDERS_JOB = "appointments.reminders";
/** How often reminders are looked for: each goes out within this of a day before its appointment. */
export const APPOINTMENT_REMINDERS_EVERY_MS = 15 * 60_000;

/** The appointments' part of the running server: the reminders the day before, in the job queue. */
export function startAppointments(db: Db, config: Config, clock: Clock, runner: JobRunner, outbox: Outbox): Service {
  // A background job has no request: its links are the main site's.
  const origin = publicOrigin(config);
  runner.every(APPOINTMENT_REMINDERS_JOB, APPOINTMENT_REMINDERS_EVERY_MS, async () => {
    const sent = await sendAppointmentReminders({ db, outbox, origin, now: clock() });
    if (sent) console.log(`Appointments: ${sent} reminder${sent === 1 ? "" : "s"} queued.`);
  });
  return { provide: () => {} };
}
