import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { emailOutbox, users } from "~/db/schema";
import { createUniversity, createUser } from "../tests/support/factories";
import { commandEnvironment, runCommand } from "./cli-test-support";

// `npm run admins` as scripts/db.js runs it, on an embedded database of its own.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "careers-admins-cli-"));
let restoreEnvironment = () => {};

async function withDb<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const run = runCommand;

beforeAll(async () => {
  restoreEnvironment = commandEnvironment(dataDir, { PUBLIC_URL: "https://careers.example" });
  expect((await run("migrate")).code).toBe(0);
  await withDb(async (db) => {
    const university = await createUniversity(db, { name: "New Partner University" });
    const base = {
      role: "university_admin" as const,
      universityId: university.id,
      accessStatus: "awaiting_approval" as const,
      jobTitle: "Head of careers",
    };
    await createUser(db, { ...base, email: "head@partner.test", name: "Grace Hopper", emailVerifiedAt: new Date() });
    await createUser(db, { ...base, email: "unconfirmed@partner.test", name: "Alan Turing", passwordHash: null });
    await createUser(db, { email: "student@partner.test", universityId: university.id });
  });
});
afterAll(() => {
  restoreEnvironment();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run admins", () => {
  it("lists the staff accounts waiting, saying which have not confirmed their address", async () => {
    const { code, stdout } = await run("admins", "list");
    expect(code).toBe(0);
    expect(stdout).toContain("head@partner.test  Grace Hopper, Head of careers at New Partner University");
    expect(stdout).toContain(
      "unconfirmed@partner.test  Alan Turing, Head of careers at New Partner University  (address not confirmed yet)",
    );
    expect(stdout).not.toContain("student@partner.test");
  });

  it("approves a university's first administrator, who is told by email with a link to this site", async () => {
    const { code, stdout } = await run("admins", "approve", "Head@Partner.test");
    expect(code).toBe(0);
    expect(stdout).toContain("Grace Hopper (Head@Partner.test) is approved");
    await withDb(async (db) => {
      const [head] = await db.select().from(users).where(eq(users.email, "head@partner.test"));
      expect(head!.accessStatus).toBe("active");
      expect(head!.accessDecidedBy).toBeNull();
      const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "head@partner.test"));
      expect(mail!.subject).toBe("Your New Partner University careers account is approved");
      expect(mail!.textBody).toContain("https://careers.example/login");
    });
    expect((await run("admins", "approve", "head@partner.test")).stderr).toContain("already approved");
  });

  it("refuses an unconfirmed address, a student and an unknown one, and a malformed command", async () => {
    expect(await run("admins", "approve", "unconfirmed@partner.test")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("has not confirmed the address yet"),
    });
    expect(await run("admins", "approve", "student@partner.test")).toMatchObject({
      code: 1,
      stderr: "No university staff account has the address student@partner.test.",
    });
    expect(await run("admins", "approve", "nobody@partner.test")).toMatchObject({ code: 1 });
    expect((await run("admins", "approve")).code).toBe(2);
  });
});
