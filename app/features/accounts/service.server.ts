import { z } from "zod";
import type { Db } from "~/db/client.server";
import type { JobRunner } from "~/db/jobs.server";
import type { Outbox } from "~/features/email/index.server";
import type { Clock } from "~/lib/clock";
import type { Service } from "~/lib/service";
import { PASSWORD_RESET_JOB, sendPasswordReset } from "./passwords.server";

const ResetJob = z.object({ email: z.string(), origin: z.string() });

/** The accounts' part of the running server: the reset links, looked up and emailed from the job queue. */
export function startAccounts(db: Db, clock: Clock, runner: JobRunner, outbox: Outbox): Service {
  runner.handle(PASSWORD_RESET_JOB, async (payload) => {
    const { email, origin } = ResetJob.parse(payload);
    await sendPasswordReset({ db, outbox, now: clock(), origin }, email);
  });
  return { provide: () => {} };
}
