import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, type Db, rowsOf } from "~/db/client.server";
import { JobRunner } from "~/db/jobs.server";
import { emailOutbox, jobs } from "~/db/schema";
import { type Transport, sendEmailJob, smtpTransport } from "~/features/email/delivery.server";
import { Outbox, SEND_EMAIL_JOB } from "~/features/email/outbox.server";
import { manualClock } from "../../../tests/support/clock";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { type TestSmtpServer, startSmtpServer } from "../../../tests/support/smtp";
import { createTestDatabase } from "../../../tests/support/test-db";
import { requestPasswordReset } from "./passwords.server";
import { startAccounts } from "./service.server";

const ORIGIN = "https://careers.example";
const KNOWN = "known.person@uni.example";
const UNKNOWN = "nobody.here@uni.example";
const DEACTIVATED = "switched.off@uni.example";
const clock = manualClock();
let database: Database;
let smtp: TestSmtpServer;
let transport: Transport;

beforeAll(async () => {
  database = await createTestDatabase();
  const university = await createUniversity(database.db);
  await createUser(database.db, { email: KNOWN, name: "Known Person", universityId: university.id });
  await createUser(database.db, { email: DEACTIVATED, universityId: university.id, accessStatus: "deactivated" });
  smtp = await startSmtpServer();
  transport = smtpTransport(smtp.url);
});
afterAll(async () => {
  transport.close();
  await smtp.close();
  await database.close();
});

/** The rows of every table, so a test sees every write, wherever it went. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = Number(
      (await rowsOf<{ n: string }>(db, sql`select count(*) as n from ${sql.identifier(name)}`))[0]!.n,
    );
  return counts;
}

async function writesOf(action: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await rowCounts(database.db);
  await action();
  const after = await rowCounts(database.db);
  return Object.fromEntries(
    Object.keys(after)
      .filter((t) => after[t] !== before[t])
      .map((t) => [t, after[t]! - before[t]!]),
  );
}

describe("asking for a reset link", () => {
  // Nothing runs the queue here: what is written is what the request did before its answer.
  const deps = () => ({ db: database.db, outbox: new Outbox(clock, "platform.test"), now: clock(), origin: ORIGIN });

  it("writes the same for a known address and an unknown one before answering", async () => {
    const known = await writesOf(() => requestPasswordReset(deps(), KNOWN));
    const unknown = await writesOf(() => requestPasswordReset(deps(), UNKNOWN));
    expect(known).toEqual(unknown);
    expect(known).toEqual({ jobs: 1 });
    const [first, second] = (await database.db.select({ kind: jobs.kind, payload: jobs.payload }).from(jobs)).map(
      (j) => [j.kind, ...Object.keys(j.payload).sort()],
    );
    expect(first).toEqual(second);
    await database.db.delete(jobs);
  });

  it("emails the link from the job queue, to the address of an account that is not deactivated only", async () => {
    const runner = new JobRunner(database.db, clock);
    const outbox = new Outbox(clock, "platform.test");
    runner.handle(
      SEND_EMAIL_JOB,
      sendEmailJob(database.db, transport, "Career Platform <no-reply@platform.test>", clock),
    );
    startAccounts(database.db, clock, runner, outbox);
    await requestPasswordReset({ ...deps(), outbox }, KNOWN);
    await requestPasswordReset({ ...deps(), outbox }, UNKNOWN);
    await requestPasswordReset({ ...deps(), outbox }, DEACTIVATED);
    // The reset jobs queue the email, whose own job the next pass sends.
    while ((await runner.runDue()) > 0);
    const mail = await smtp.next((m) => m.envelopeTo.includes(KNOWN));
    expect(mail.subject).toBe("Reset your password");
    expect(mail.text).toMatch(new RegExp(`${ORIGIN}/reset-password/[\\w-]{43}`));
    expect(smtp.received.filter((m) => m.envelopeTo.includes(UNKNOWN) || m.envelopeTo.includes(DEACTIVATED))).toEqual(
      [],
    );
    // Nothing queued for them either, so no message is still on its way.
    const queuedTo = await database.db.select({ to: emailOutbox.toAddress }).from(emailOutbox);
    expect(queuedTo.map((m) => m.to)).toEqual([KNOWN]);
    expect(await database.db.select().from(jobs)).toEqual([]);
  });
});
