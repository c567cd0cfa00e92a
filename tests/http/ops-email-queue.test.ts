import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, emailOutbox, jobs } from "~/db/schema";
import { type TestSmtpServer, startSmtpServer } from "../support/smtp";
import { type TestServer, cookieSet, loginAs, loginAsStaff, request, startServerWithData } from "./harness";

// The console's outbox and job queue (issue 30): staff see what failed and why and how long the
// oldest item has waited; Retry sends an email again through the outbox's own send job (a real SMTP
// server receives it) or makes a job due again, Give up ends it; each is audited in its transaction.
// A reset link's token: 32 random bytes in base64url, as app/db/tokens.server.ts makes them.
const TOKEN = "Zq3xY7wVb2Nc9Md4Lk8Jh1Gf6Ds5Ap0Oi-Uy_TrEwQx";
const HOUR = 60 * 60_000;
let server: TestServer;
let smtp: TestSmtpServer;
let staff: string;
let ids: { failedEmail: number; heldEmail: number; sentEmail: number; failedJob: number; otherFailedJob: number };
let stopAndRead: Awaited<ReturnType<typeof startServerWithData>>["stopAndRead"];

beforeAll(async () => {
  smtp = await startSmtpServer();
  const started = await startServerWithData(
    async (db) => {
      const now = Date.now();
      const email = async (values: Partial<typeof emailOutbox.$inferInsert> & { toAddress: string }) => {
        const [row] = await db
          .insert(emailOutbox)
          .values({
            kind: "password-reset",
            subject: "Reset your password",
            textBody: `Choose a new password: http://localhost/reset-password/${TOKEN}\nIt works for an hour.`,
            htmlBody: `<a href="http://localhost/reset-password/${TOKEN}">Choose a new password</a>`,
            messageId: `<${values.toAddress}@platform.test>`,
            ...values,
          })
          .returning({ id: emailOutbox.id });
        return row!.id;
      };
      const failedJob = (kind: string, payload: Record<string, unknown>, lastError: string) =>
        db
          .insert(jobs)
          .values({
            kind,
            payload,
            runAt: new Date(now - HOUR),
            attempts: 8,
            lastError,
            failedAt: new Date(now - HOUR),
          })
          .returning({ id: jobs.id })
          .then(([row]) => row!.id);
      const failedEmail = await email({
        toAddress: "failed.reset@example.test",
        status: "failed",
        attempts: 8,
        lastError: "Error: 451 Try again later",
      });
      await failedJob("email.send", { outboxId: failedEmail }, "Error: 451 Try again later");
      const heldEmail = await email({
        toAddress: "held.one@example.test",
        subject: "Held for the record",
        status: "held",
      });
      const sentEmail = await email({ toAddress: "sent.one@example.test", status: "sent", sentAt: new Date(now) });
      // Queued three hours ago, its send job backing off until tomorrow: the oldest email waiting.
      const waiting = await email({ toAddress: "waiting.one@example.test", createdAt: new Date(now - 3 * HOUR) });
      await db
        .insert(jobs)
        .values({ kind: "email.send", payload: { outboxId: waiting }, runAt: new Date(now + 24 * HOUR) });
      // Kinds no runner handles stay where they are: due two hours ago, and two that gave up.
      await db.insert(jobs).values({ kind: "test.unhandled", payload: { n: 1 }, runAt: new Date(now - 2 * HOUR) });
      return {
        failedEmail,
        heldEmail,
        sentEmail,
        failedJob: await failedJob(
          "test.refresh",
          { page: "https://example.test/register" },
          "Error: the page has moved",
        ),
        otherFailedJob: await failedJob("test.refresh", { page: "https://example.test/old" }, "Error: gone"),
      };
    },
    { SMTP_URL: smtp.url },
  );
  server = started.server;
  ids = started.prepared;
  stopAndRead = started.stopAndRead;
  staff = await loginAsStaff(server);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const sameSite = () => ({ Origin: server.origin, "Sec-Fetch-Site": "same-origin" });
const get = (path: string, cookie = staff) => request(server, { path, cookie });
const post = (path: string, form: Record<string, string>, cookie = staff) =>
  request(server, { path, cookie, headers: sameSite(), form });
/** The table row of a page that holds `text`. */
const rowWith = (body: string, text: string) =>
  new RegExp(
    `<tr[^>]*>(?:(?!</tr>)[\\s\\S])*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:(?!</tr>)[\\s\\S])*</tr>`,
  ).exec(body)?.[0] ?? "";

describe("/ops/email", () => {
  it("lists the outbox for staff with why an email failed and how long the oldest has waited, and is 404 for others", async () => {
    const page = await get("/ops/email");
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toMatch(/private|no-store/);
    expect(page.body).toMatch(/Oldest email waiting to be sent:<\/span> queued 3 hours( \d+ minutes?)? ago/);
    const failed = rowWith(page.body, "failed.reset@example.test");
    expect(failed).toContain("451 Try again later");
    expect(failed).toContain('value="retry"');
    expect(failed).toContain('value="abandon"');
    expect(rowWith(page.body, "sent.one@example.test")).not.toContain('value="retry"');
    expect((await get("/ops/email", await loginAs(server, "admin@demo.test"))).status).toBe(404);
    expect(
      (
        await post(
          "/ops/email",
          { intent: "retry", id: String(ids.failedEmail) },
          await loginAs(server, "student@demo.test"),
        )
      ).status,
    ).toBe(404);
  });

  it("searches by recipient or subject and filters by status", async () => {
    const held = await get("/ops/email?q=HELD.ONE");
    expect(held.body).toContain("held.one@example.test");
    expect(held.body).not.toContain("failed.reset@example.test");
    expect((await get("/ops/email?q=for+the+record")).body).toContain("held.one@example.test");
    const failed = await get("/ops/email?status=failed");
    expect(failed.body).toContain("failed.reset@example.test");
    expect(failed.body).not.toContain("held.one@example.test");
    expect(failed.body).not.toContain("sent.one@example.test");
  });

  it("shows one email's headers, links and text to staff with its reset link's token hidden", async () => {
    const page = await get(`/ops/email/${ids.failedEmail}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("http://localhost/reset-password/[hidden]");
    expect(page.body).toContain("It works for an hour.");
    expect(page.body).not.toContain(TOKEN);
    expect((await get("/ops/email/999999")).status).toBe(404);
    expect((await get(`/ops/email/${ids.failedEmail}`, await loginAs(server, "admin@demo.test"))).status).toBe(404);
  });

  it("retries a failed email: the outbox's send job delivers it, and the retry is audited", async () => {
    const retried = await post(`/ops/email?status=failed`, { intent: "retry", id: String(ids.failedEmail) });
    expect(retried.status).toBe(303);
    expect(retried.location).toBe("/ops/email?status=failed");
    expect(cookieSet(retried, "flash")).toContain(`Email #${ids.failedEmail} is queued again`);
    const mail = await smtp.next((m) => m.envelopeTo.includes("failed.reset@example.test"));
    expect(mail.text).toContain(`/reset-password/${TOKEN}`);
    const audit = await get("/ops/audit?what=email.retried");
    const entry = rowWith(audit.body, `email ${ids.failedEmail}`);
    expect(entry).toContain("Priya Natarajan (ops@demo.test)");
    expect(entry).toContain("status: &quot;failed&quot; → &quot;queued&quot;");
    // Sent (or on its way): no longer the operator's to retry.
    expect((await post("/ops/email", { intent: "retry", id: String(ids.failedEmail) })).status).toBe(409);
  });

  it("gives a held email up for good, audited, and refuses a bad post with nothing changed", async () => {
    expect((await post("/ops/email", { intent: "abandon", id: "abc" })).status).toBe(400);
    expect((await post("/ops/email", { intent: "delete", id: String(ids.heldEmail) })).status).toBe(400);
    expect((await post("/ops/email", { intent: "abandon", id: "999999" })).status).toBe(404);
    expect((await post("/ops/email", { intent: "abandon", id: String(ids.sentEmail) })).status).toBe(409);
    const given = await post(`/ops/email/${ids.heldEmail}`, { intent: "abandon", id: String(ids.heldEmail) });
    expect(given.status).toBe(303);
    expect(given.location).toBe(`/ops/email/${ids.heldEmail}`);
    expect(rowWith((await get("/ops/email?status=abandoned")).body, "held.one@example.test")).not.toContain(
      'value="retry"',
    );
    const entry = rowWith((await get("/ops/audit?what=email.")).body, `email ${ids.heldEmail}`);
    expect(entry).toContain("email.abandoned");
    expect(entry).toContain("status: &quot;held&quot; → &quot;abandoned&quot;");
  });
});

describe("/ops/queue", () => {
  it("lists the queue with a failed job's error and attempts and the oldest waiting job, filtered by state and kind", async () => {
    const page = await get("/ops/queue");
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/Oldest job waiting for a runner:<\/span> due 2 hours( \d+ minutes?)? ago/);
    const failed = await get("/ops/queue?state=failed&kind=test.refresh");
    const row = rowWith(failed.body, `#${ids.failedJob} test.refresh`);
    expect(row).toContain("the page has moved");
    expect(row).toContain(">8<");
    expect(row).toContain('value="retry"');
    expect(rowWith(failed.body, "test.unhandled")).toBe("");
    expect(rowWith((await get("/ops/queue?state=waiting")).body, "test.unhandled")).toContain("waiting");
    expect((await get("/ops/queue", await loginAs(server, "admin@demo.test"))).status).toBe(404);
  });

  it("retries a failed job (due now, attempts afresh) and gives another up (removed), each audited", async () => {
    const retried = await post("/ops/queue?state=failed", { intent: "retry", id: String(ids.failedJob) });
    expect(retried.status).toBe(303);
    expect(cookieSet(retried, "flash")).toContain(`Job #${ids.failedJob} is due again`);
    const waiting = rowWith((await get("/ops/queue?state=waiting&kind=test.refresh")).body, `#${ids.failedJob} `);
    expect(waiting).toContain(">0<");
    expect((await post("/ops/queue", { intent: "retry", id: String(ids.failedJob) })).status).toBe(404);

    expect((await post("/ops/queue", { intent: "abandon", id: String(ids.otherFailedJob) })).status).toBe(303);
    expect((await get("/ops/queue?kind=test.refresh")).body).not.toContain(`#${ids.otherFailedJob} `);
    const audit = (await get("/ops/audit?what=job.")).body;
    expect(rowWith(audit, `job ${ids.failedJob}`)).toContain("job.retried");
    const abandoned = rowWith(audit, `job ${ids.otherFailedJob}`);
    expect(abandoned).toContain("job.abandoned");
    expect(abandoned).toContain("https://example.test/old");
  });

  it("recorded every action in the log with the staff member's account", async () => {
    const entries = await stopAndRead((db) =>
      db.select().from(auditLog).where(eq(auditLog.actorRole, "platform_staff")).orderBy(auditLog.id),
    );
    expect(entries.map((e) => [e.action, e.targetType, Number(e.targetId)])).toEqual([
      ["email.retried", "email", ids.failedEmail],
      ["email.abandoned", "email", ids.heldEmail],
      ["job.retried", "job", ids.failedJob],
      ["job.abandoned", "job", ids.otherFailedJob],
    ]);
  });
});
