import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { JobRunner, backoffMs } from "~/db/jobs.server";
import { emailOutbox, jobs } from "~/db/schema";
import { manualClock } from "../../../tests/support/clock";
import { type TestSmtpServer, startSmtpServer } from "../../../tests/support/smtp";
import { createTestDatabase } from "../../../tests/support/test-db";
import { composeEmail } from "./compose";
import { type Transport, sendEmailJob, smtpTransport } from "./delivery.server";
import {
  Outbox,
  SEND_EMAIL_JOB,
  abandonEmail,
  emailForStaff,
  oldestQueuedEmail,
  outboxFigures,
  outboxPage,
} from "./outbox.server";

const TOKEN = "Abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE";
let database: Database;
let smtp: TestSmtpServer;
let transport: Transport;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  transport = smtpTransport(smtp.url);
});
afterAll(async () => {
  transport.close();
  await smtp.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(jobs);
  await database.db.delete(emailOutbox);
  smtp.refuse = false;
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function setUp(withTransport: Transport | null = transport) {
  const clock = manualClock();
  const runner = new JobRunner(database.db, clock, { maxAttempts: 2 });
  runner.handle(SEND_EMAIL_JOB, sendEmailJob(database.db, withTransport, "no-reply@platform.test", clock));
  return { clock, runner, outbox: new Outbox(clock, "platform.test") };
}

const queue = (outbox: Outbox, to: string, subject = "Reset your password") =>
  database.db.transaction((tx) =>
    outbox.queue(tx, {
      kind: "password-reset",
      to,
      universityId: null,
      email: composeEmail({
        subject,
        greeting: "Hello,",
        paragraphs: ["Someone asked to reset the password of your account."],
        action: { label: "Choose a new password", url: `https://careers.example/reset-password/${TOKEN}` },
      }),
      headers: { "List-Unsubscribe": `<https://careers.example/unsubscribe/x%40y.test?sig=${TOKEN}>` },
    }),
  );

const statusOf = async (id: number) =>
  (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]?.status;

/** An email whose every attempt the SMTP server refused. */
async function failedEmail(clock: ReturnType<typeof manualClock>, runner: JobRunner, outbox: Outbox, to: string) {
  const id = await queue(outbox, to);
  smtp.refuse = true;
  await runner.runDue();
  clock.advance(backoffMs(1));
  await runner.runDue();
  smtp.refuse = false;
  expect(await statusOf(id)).toBe("failed");
  return id;
}

describe("the outbox as the operator acts on it", () => {
  it("sends a failed email again through a new send job, once retried, and retries nothing else", async () => {
    const { clock, runner, outbox } = setUp();
    const id = await failedEmail(clock, runner, outbox, "failed@example.test");
    expect((await database.db.select().from(jobs)).map((j) => j.failedAt !== null)).toEqual([true]);
    expect(await database.db.transaction((tx) => outbox.retry(tx, id))).toEqual({
      status: "failed",
      universityId: null,
    });
    const [job] = await database.db.select().from(jobs);
    expect(job).toMatchObject({ kind: SEND_EMAIL_JOB, payload: { outboxId: id }, failedAt: null, attempts: 0 });
    expect(await statusOf(id)).toBe("queued");
    expect(await runner.runDue()).toBe(1);
    await smtp.next((m) => m.envelopeTo.includes("failed@example.test"));
    expect(await statusOf(id)).toBe("sent");
    expect(await database.db.select().from(jobs)).toEqual([]);
    expect(await database.db.transaction((tx) => outbox.retry(tx, id))).toBeNull();
    expect(await database.db.transaction((tx) => outbox.retry(tx, id + 1_000))).toBeNull();
  });

  it("gives a held email up for good: it stays in the outbox, never sent, and cannot be retried", async () => {
    const { runner, outbox } = setUp(null);
    const id = await queue(outbox, "held@example.test");
    await runner.runDue();
    expect(await statusOf(id)).toBe("held");
    expect(await database.db.transaction((tx) => abandonEmail(tx, id))).toEqual({ status: "held", universityId: null });
    expect(await statusOf(id)).toBe("abandoned");
    expect(await database.db.transaction((tx) => abandonEmail(tx, id))).toBeNull();
    expect(await database.db.transaction((tx) => outbox.retry(tx, id))).toBeNull();
    expect(await database.db.select().from(jobs)).toEqual([]);
  });

  it("removes a failed email's failed send job when it is given up", async () => {
    const { clock, runner, outbox } = setUp();
    const id = await failedEmail(clock, runner, outbox, "gone@example.test");
    await database.db.transaction((tx) => abandonEmail(tx, id));
    expect(await database.db.select().from(jobs)).toEqual([]);
  });

  it("lists a page of the outbox, searched by recipient or subject, filtered by status, sorted", async () => {
    const { clock, runner, outbox } = setUp();
    const failed = await failedEmail(clock, runner, outbox, "ada@example.test");
    clock.advance(60_000);
    const sent = await queue(outbox, "grace@example.test", "Your workshop place");
    await runner.runDue();
    const waiting = await database.db.transaction(async (tx) => {
      const id = await outbox.queue(tx, {
        kind: "invitation",
        to: "linus@example.test",
        universityId: null,
        email: composeEmail({ subject: "You are invited", greeting: "Hello,", paragraphs: [] }),
      });
      await tx
        .update(emailOutbox)
        .set({ createdAt: new Date("2026-05-01T10:00:00Z") })
        .where(eq(emailOutbox.id, id));
      return id;
    });
    const page = (opts: Partial<Parameters<typeof outboxPage>[1]>) =>
      outboxPage(database.db, {
        status: null,
        pattern: null,
        sort: "created",
        dir: "desc",
        offset: 0,
        limit: 10,
        ...opts,
      });
    expect((await page({})).rows.map((r) => r.id)).toEqual([sent, failed, waiting]);
    expect((await page({ dir: "asc", limit: 1, offset: 1 })).rows.map((r) => r.id)).toEqual([failed]);
    expect(await page({ status: "failed" })).toMatchObject({
      total: 1,
      rows: [{ id: failed, lastError: expect.stringContaining("Try again later"), attempts: 2 }],
    });
    expect((await page({ pattern: "%GRACE%" })).rows.map((r) => r.id)).toEqual([sent]);
    expect((await page({ pattern: "%workshop%" })).rows.map((r) => r.id)).toEqual([sent]);
    expect((await page({ pattern: "%nobody%" })).total).toBe(0);
    expect((await page({})).rows[0]).not.toHaveProperty("textBody");
    expect(await oldestQueuedEmail(database.db)).toEqual(new Date("2026-05-01T10:00:00Z"));
    expect(await outboxFigures(database.db)).toEqual({
      queued: 1,
      failed: 1,
      oldestQueued: new Date("2026-05-01T10:00:00Z"),
    });
    await database.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.id, waiting));
    expect(await oldestQueuedEmail(database.db)).toBeNull();
    expect(await outboxFigures(database.db)).toEqual({ queued: 0, failed: 1, oldestQueued: null });
  });

  it("shows staff one email's headers, links and text with the links' secrets hidden", async () => {
    const { outbox } = setUp();
    const id = await queue(outbox, "secret@example.test");
    const shown = await emailForStaff(database.db, id);
    expect(shown).toMatchObject({
      toAddress: "secret@example.test",
      subject: "Reset your password",
      links: ["https://careers.example/reset-password/[hidden]"],
      headers: [{ name: "List-Unsubscribe", value: "<https://careers.example/unsubscribe/x%40y.test?sig=[hidden]>" }],
    });
    expect(shown!.text).toContain("Choose a new password: https://careers.example/reset-password/[hidden]");
    expect(JSON.stringify(shown)).not.toContain(TOKEN);
    expect(shown).not.toHaveProperty("htmlBody");
    expect(await emailForStaff(database.db, id + 1_000)).toBeNull();
  });
});
