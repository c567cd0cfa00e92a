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
import { Outbox, SEND_EMAIL_JOB, type OutgoingEmail } from "./outbox.server";

const FROM = "Career Platform <no-reply@platform.test>";
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
  smtp.refuse = false;
});
// The console stays quiet only for the test that silenced it: the next files share this worker.
afterEach(() => vi.restoreAllMocks());

function message(to: string): OutgoingEmail {
  const email = composeEmail({
    subject: "Reset your password",
    greeting: "Hello Aisha,",
    paragraphs: ["Someone asked to reset the password of your account."],
    action: { label: "Choose a new password", url: "https://careers.example/reset-password/abc" },
  });
  return { kind: "password-reset", to, universityId: null, email };
}

function setUp(withTransport: Transport | null = transport) {
  const clock = manualClock();
  const runner = new JobRunner(database.db, clock, { maxAttempts: 3 });
  runner.handle(SEND_EMAIL_JOB, sendEmailJob(database.db, withTransport, FROM, clock));
  return { clock, runner, outbox: new Outbox(clock, "platform.test") };
}

describe("sending email through the outbox", () => {
  it("delivers a queued message over SMTP with its plain-text and HTML parts, once", async () => {
    const { runner, outbox } = setUp();
    const id = await database.db.transaction((tx) => outbox.queue(tx, message("one@example.test")));
    expect(await runner.runDue()).toBe(1);
    const mail = await smtp.next((m) => m.envelopeTo.includes("one@example.test"));
    expect(mail.subject).toBe("Reset your password");
    expect(mail.from?.text).toBe('"Career Platform" <no-reply@platform.test>');
    expect(mail.text).toContain("Choose a new password: https://careers.example/reset-password/abc");
    expect(mail.html).toContain('href="https://careers.example/reset-password/abc"');
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(mail.messageId).toBe(row!.messageId);
    expect(row!.messageId).toMatch(/^<[0-9a-f-]{36}@platform\.test>$/);

    // The same job run again (its runner died before clearing it) sends nothing more.
    await sendEmailJob(
      database.db,
      transport,
      FROM,
      manualClock(),
    )({ outboxId: id }, { id: 0, attempts: 2, lastAttempt: false });
    expect(smtp.received.filter((m) => m.envelopeTo.includes("one@example.test"))).toHaveLength(1);
  });

  it("sends a message's extra header fields, such as a list's one-click unsubscribe", async () => {
    const { runner, outbox } = setUp();
    const unsubscribe = "<https://careers.example/unsubscribe-job-newsletter/list%40example.test?sig=abc>";
    await database.db.transaction((tx) =>
      outbox.queue(tx, {
        ...message("list@example.test"),
        headers: { "List-Unsubscribe": unsubscribe, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      }),
    );
    await runner.runDue();
    const mail = await smtp.next((m) => m.envelopeTo.includes("list@example.test"));
    // mailparser folds List-* fields into one object; the raw lines (unfolded) are what a mail client reads.
    const line = (key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/\r\n\s+/g, " ");
    expect(line("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(line("list-unsubscribe")).toBe(`List-Unsubscribe: ${unsubscribe}`);
  });

  it("keeps nothing when the transaction that queued the message fails", async () => {
    const { outbox } = setUp();
    await expect(
      database.db.transaction(async (tx) => {
        await outbox.queue(tx, message("rolled-back@example.test"));
        throw new Error("the action failed after queueing");
      }),
    ).rejects.toThrow("the action failed");
    expect(
      await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "rolled-back@example.test")),
    ).toEqual([]);
    expect(await database.db.select().from(jobs)).toEqual([]);
  });

  it("tries again after the SMTP server refused, and records the failure meanwhile", async () => {
    const { clock, runner, outbox } = setUp();
    const id = await database.db.transaction((tx) => outbox.queue(tx, message("retry@example.test")));
    smtp.refuse = true;
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await runner.runDue()).toBe(1);
    let [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: "queued", attempts: 1, lastError: expect.stringContaining("Try again later") });

    smtp.refuse = false;
    clock.advance(backoffMs(1));
    expect(await runner.runDue()).toBe(1);
    await smtp.next((m) => m.envelopeTo.includes("retry@example.test"));
    [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("marks a message failed when its last attempt is refused", async () => {
    const { clock, runner, outbox } = setUp();
    const id = await database.db.transaction((tx) => outbox.queue(tx, message("never@example.test")));
    smtp.refuse = true;
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await runner.runDue()).toBe(1);
      clock.advance(backoffMs(attempt));
    }
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
  });

  it("holds the message in the outbox and logs what it says when no SMTP server is configured", async () => {
    const { runner, outbox } = setUp(null);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const id = await database.db.transaction((tx) => outbox.queue(tx, message("held@example.test")));
    expect(await runner.runDue()).toBe(1);
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row?.status).toBe("held");
    const logged = log.mock.calls.map((c) => String(c[0])).join("\n");
    expect(logged).toContain('"Reset your password" to held@example.test');
    expect(logged).toContain("https://careers.example/reset-password/abc");
    log.mockRestore();
  });
});
