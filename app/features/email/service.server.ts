import type { Db } from "~/db/client.server";
import type { JobRunner } from "~/db/jobs.server";
import type { Clock } from "~/lib/clock";
import type { Config } from "~/lib/env.server";
import { provides } from "~/lib/service";
import { outboxContext } from "./context";
import { SEND_EMAIL_JOB, Outbox, senderDomain } from "./outbox.server";
import { type Transport, sendEmailJob, smtpTransport } from "./delivery.server";

/** Email's part of the running server: the outbox for actions (and for other parts' background jobs), and the job that sends. */
export function startEmail(
  db: Db,
  config: Config,
  clock: Clock,
  runner: JobRunner,
  transport: Transport | null = config.SMTP_URL ? smtpTransport(config.SMTP_URL) : null,
) {
  runner.handle(SEND_EMAIL_JOB, sendEmailJob(db, transport, config.MAIL_FROM, clock));
  const outbox = new Outbox(clock, senderDomain(config.MAIL_FROM), () => runner.wake());
  return { outbox, service: provides(outboxContext, outbox, async () => transport?.close()) };
}
