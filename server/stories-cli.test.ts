import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { auditLog, emailOutbox, successStories } from "~/db/schema";
import { commandEnvironment, migratedDataDir, runCommand } from "./cli-test-support";

// `npm run stories` as scripts/db.js runs it, on an embedded database of its own: it decides through
// the same function as the console's moderation queue, with the same audit entry and email.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "careers-stories-cli-"));
let restoreEnvironment = () => {};
const ids: number[] = [];

async function withDb<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  restoreEnvironment = commandEnvironment(dataDir, { PUBLIC_URL: "https://careers.example" });
  migratedDataDir(dataDir);
  await withDb(async (db) => {
    for (const name of ["Lina M.", "Omar K."]) {
      const [row] = await db
        .insert(successStories)
        .values({
          source: "submission",
          status: "pending",
          name,
          email: `${name[0]!.toLowerCase()}@example.com`,
          university: "University of Leeds",
          course: "MSc Finance",
          homeCountry: "Jordan",
          role: "Graduate Analyst",
          employer: "A Leeds bank",
          storyHtml: "<p>How I found my job.</p>",
        })
        .returning({ id: successStories.id });
      ids.push(row!.id);
    }
  });
});
afterAll(() => {
  restoreEnvironment();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run stories", () => {
  it("lists the stories waiting, then approves one and rejects the other with a reason, audited as the system", async () => {
    const list = await runCommand("stories", "list");
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`#${ids[0]}`);
    expect(list.stdout).toContain("Omar K. <o@example.com>, Graduate Analyst at A Leeds bank (University of Leeds)");

    const approve = await runCommand("stories", "approve", String(ids[0]));
    expect(approve).toMatchObject({ code: 0, stdout: `Story #${ids[0]} is published on /success-stories.` });
    const reject = await runCommand("stories", "reject", String(ids[1]), "--reason", "It reads as an advert.");
    expect(reject).toMatchObject({ code: 0, stdout: `Story #${ids[1]} is rejected and stays hidden.` });
    expect((await runCommand("stories", "list")).stdout).toBe("No stories are waiting.");

    const again = await runCommand("stories", "approve", String(ids[1]));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`No story waiting for moderation has the id ${ids[1]}.`);

    await withDb(async (db) => {
      const entries = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetType, "success_story"))
        .orderBy(auditLog.id);
      expect(entries.map((e) => [e.action, e.actorId, e.actorRole, e.targetId, e.changes.reason?.after])).toEqual([
        ["story.approved", null, "system", String(ids[0]), undefined],
        ["story.rejected", null, "system", String(ids[1]), "It reads as an advert."],
      ]);
      const emails = await db.select().from(emailOutbox).orderBy(emailOutbox.id);
      expect(emails.map((e) => [e.toAddress, e.status])).toEqual([
        ["l@example.com", "queued"],
        ["o@example.com", "queued"],
      ]);
      expect(emails[0]!.textBody).toContain("https://careers.example/success-stories");
      expect(emails[1]!.textBody).toContain("A note from our team: It reads as an advert.");
    });
  });

  it("refuses a reason without its text, or other words, before touching the database", async () => {
    for (const argv of [
      ["reject", "1", "--reason"],
      ["reject", "1", "--reason", " "],
      ["reject", "1", "because"],
      ["list", "--reason", "x"],
    ]) {
      const r = await runCommand("stories", ...argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("npm run stories -- approve ID");
    }
  });
});
