import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { auditLog, successStories, users } from "~/db/schema";
import { type TestSmtpServer, startSmtpServer } from "../support/smtp";
import { type Reply, type TestServer, loginAs, loginAsStaff, request, startServerWithData } from "./harness";

// /ops/moderation (issue 30): one queue of what waits for a person (success stories today), each item
// approved or rejected with a reason, emailed to the submitter, audited in the same transaction.
let server: TestServer;
let smtp: TestSmtpServer;
let stopAndRead: <R>(read: (db: Db) => Promise<R>) => Promise<R>;
let staff: string;
let ids: { lina: number; omar: number; anon: number };
const REASON = "It names a colleague who has not agreed to be named.";

async function story(db: Db, name: string, email: string | null, role: string) {
  const [row] = await db
    .insert(successStories)
    .values({
      source: "submission",
      status: "pending",
      name,
      email,
      university: "University of Leeds",
      course: "MSc Finance",
      homeCountry: "Jordan",
      role,
      employer: "A Leeds bank",
      storyHtml: `<p>How ${name} found a job &amp; kept it.</p>`,
    })
    .returning({ id: successStories.id });
  return row!.id;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  const started = await startServerWithData(
    async (db) => ({
      lina: await story(db, "Lina Haddad", "lina@example.com", "Graduate Analyst"),
      omar: await story(db, "Omar Khan", "omar@example.com", "Data Engineer"),
      anon: await story(db, "Sam Roe", null, "Nurse"),
    }),
    { SMTP_URL: smtp.url, PUBLIC_URL: "http://localhost" },
  );
  ({ server, stopAndRead, prepared: ids } = started);
  staff = await loginAsStaff(server);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const page = (path: string, cookie = staff) => request(server, { path, cookie });
const post = (path: string, form: Record<string, string>, cookie = staff) =>
  request(server, {
    path,
    cookie,
    headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin" },
    form,
  });
const itemPath = (id: number) => `/ops/moderation/success-story/${id}`;
const flashOf = (reply: Reply) =>
  decodeURIComponent(
    reply.setCookies
      .find((c) => c.startsWith("flash="))!
      .split(";")[0]!
      .slice(6),
  );

describe("/ops/moderation", () => {
  it("lists every waiting story, oldest first, searchable and filtered by kind, for staff only", async () => {
    const queue = await page("/ops/moderation");
    expect(queue.status).toBe(200);
    expect(queue.headers["cache-control"]).toMatch(/no-store/);
    // The three stories and the demo's employer awaiting verification (issue 31).
    expect(queue.body).toContain("4 in all");
    expect(queue.body).toContain("Pending Demo Employer Ltd");
    const order = ["Graduate Analyst at A Leeds bank", "Data Engineer at A Leeds bank", "Nurse at A Leeds bank"].map(
      (t) => queue.body.indexOf(t),
    );
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(queue.body).toContain(`href="${itemPath(ids.lina)}"`);
    expect(queue.body).toContain("Lina Haddad (lina@example.com)");

    const searched = await page("/ops/moderation?q=omar%40example");
    expect(searched.body).toContain("1 in all");
    expect(searched.body).toContain("Data Engineer at A Leeds bank");
    expect(searched.body).not.toContain("Graduate Analyst at A Leeds bank");
    const newestFirst = await page("/ops/moderation?sort=submitted&dir=desc");
    expect(newestFirst.body.indexOf("Nurse at")).toBeLessThan(newestFirst.body.indexOf("Graduate Analyst at"));
    expect((await page("/ops/moderation?kind=success-story")).body).toContain("3 in all");

    const detail = await page(itemPath(ids.lina));
    expect(detail.status).toBe(200);
    expect(detail.body).toContain("Success story: Graduate Analyst at A Leeds bank");
    expect(detail.body).toContain("How Lina Haddad found a job &amp; kept it.");

    const student = await loginAs(server, "student@demo.test");
    expect((await page("/ops/moderation", student)).status).toBe(404);
    expect((await page(itemPath(ids.lina), student)).status).toBe(404);
    expect((await post(itemPath(ids.lina), { intent: "approve" }, student)).status).toBe(404);
  });

  it("refuses a rejection without a reason, an unknown decision and a reason too long, with 400 and nothing changed", async () => {
    const noReason = await post(itemPath(ids.omar), { intent: "reject", reason: "  " });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toContain("Give the reason for rejecting it: it is sent to the submitter");
    const unknown = await post(itemPath(ids.omar), { intent: "publish", reason: "x" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain("Choose to approve or reject it");
    const long = await post(itemPath(ids.omar), { intent: "approve", reason: "x".repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body).toContain("The reason is at most 1,000 characters");
    expect((await page("/ops/moderation?kind=success-story")).body).toContain("3 in all");
  });

  it("answers 404 for an item that is not waiting or does not exist", async () => {
    for (const path of [
      "/ops/moderation/success-story/999999",
      "/ops/moderation/employer/1",
      "/ops/moderation/success-story/abc",
    ]) {
      expect((await page(path)).status).toBe(404);
      expect((await post(path, { intent: "approve" })).status).toBe(404);
    }
  });

  it("rejects with the reason emailed to the submitter, and approves one with no address, publishing it", async () => {
    const rejected = await post(itemPath(ids.omar), { intent: "reject", reason: REASON });
    expect(rejected.status).toBe(303);
    expect(rejected.location).toBe("/ops/moderation");
    expect(flashOf(rejected)).toBe(
      "Success story “Data Engineer at A Leeds bank” is rejected, and Omar Khan is told by email.",
    );
    const mail = await smtp.next((m) => m.envelopeTo.includes("omar@example.com"));
    expect(mail.subject).toBe("About the success story you sent us");
    expect(mail.text).toContain(`A note from our team: ${REASON}`);

    const approved = await post(itemPath(ids.anon), { intent: "approve", reason: "" });
    expect(approved.status).toBe(303);
    expect(flashOf(approved)).toBe("Success story “Nurse at A Leeds bank” is approved.");
    expect((await request(server, { path: "/success-stories" })).body).toContain("Sam Roe");

    const queue = await page("/ops/moderation?kind=success-story");
    expect(queue.body).toContain("1 in all");
    expect(queue.body).not.toContain("Data Engineer at A Leeds bank");
    // A decision is final.
    expect((await post(itemPath(ids.omar), { intent: "approve" })).status).toBe(404);
  });
});

describe("the audit log", () => {
  it("holds one entry for each decision, by the staff member, with the reason", async () => {
    const { entries, staffId, omar } = await stopAndRead(async (db) => ({
      entries: await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetType, "success_story"))
        .orderBy(asc(auditLog.id)),
      staffId: (await db.select({ id: users.id }).from(users).where(eq(users.email, "ops@demo.test")))[0]!.id,
      omar: (await db.select().from(successStories).where(eq(successStories.id, ids.omar)))[0]!,
    }));
    expect(omar.status).toBe("rejected");
    expect(entries.map((e) => [e.action, e.actorId, e.actorRole, e.targetId, e.changes])).toEqual([
      [
        "story.rejected",
        staffId,
        "platform_staff",
        String(ids.omar),
        { status: { before: "pending", after: "rejected" }, reason: { before: null, after: REASON } },
      ],
      [
        "story.approved",
        staffId,
        "platform_staff",
        String(ids.anon),
        { status: { before: "pending", after: "approved" }, publishedOn: { before: null, after: expect.any(String) } },
      ],
    ]);
  });
});
