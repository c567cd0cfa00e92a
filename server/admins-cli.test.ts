import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import {
  accountTokens,
  auditLog,
  emailOutbox,
  sessions,
  staffAuthenticators,
  staffRecoveryCodes,
  users,
} from "~/db/schema";
import { hashToken } from "~/db/tokens.server";
import { createUniversity, createUser } from "../tests/support/factories";
import { commandEnvironment, migratedDataDir, runCommand } from "./cli-test-support";

// `npm run admins` and `npm run staff` as scripts/db.js runs them, on an embedded database of its own.
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
  migratedDataDir(dataDir);
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
      // The same function as the console's approval, audited as the system's.
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(head!.id)));
      expect(entry).toMatchObject({ action: "account.approved", actorId: null, actorRole: "system" });
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

describe("npm run staff", () => {
  it("makes a platform staff account and prints a one-time link of this site to choose its password", async () => {
    const { code, stdout } = await run("staff", "add", "Ops.Lead@Platform.test", "--name", "Ada Lovelace");
    expect(code).toBe(0);
    expect(stdout).toContain("Made a platform staff account for Ada Lovelace (Ops.Lead@Platform.test)");
    const token = /https:\/\/careers\.example\/reset-password\/([A-Za-z0-9_-]{43})/.exec(stdout)?.[1];
    expect(token).toBeDefined();
    await withDb(async (db) => {
      const [staff] = await db.select().from(users).where(eq(users.email, "Ops.Lead@Platform.test"));
      expect(staff).toMatchObject({ role: "platform_staff", universityId: null, passwordHash: null });
      const [link] = await db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.tokenHash, hashToken(token!)));
      expect(link).toMatchObject({ userId: staff!.id, purpose: "reset_password", usedAt: null });
      const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "staff.added"));
      expect(entry).toMatchObject({ actorId: null, actorRole: "system", targetId: String(staff!.id) });
    });
    // Asked again, the same account gets a new link rather than a second account.
    const again = await run("staff", "add", "ops.lead@platform.test");
    expect(again.stdout).toContain("A new link for Ada Lovelace");
    expect((await run("staff", "list")).stdout).toContain(
      "Ops.Lead@Platform.test  Ada Lovelace  (no password chosen yet)",
    );
  });

  it("never makes staff of someone else's account, and refuses a malformed command", async () => {
    expect(await run("staff", "add", "student@partner.test")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("belongs to an account that is not staff"),
    });
    await withDb(async (db) => {
      const [student] = await db.select().from(users).where(eq(users.email, "student@partner.test"));
      expect(student!.role).toBe("student");
    });
    expect((await run("staff", "add", "not-an-address")).code).toBe(1);
    expect((await run("staff", "add")).code).toBe(2);
    expect((await run("staff", "grant", "x@y.test")).code).toBe(2);
  });

  it("resets a staff member's authenticator and ends their sessions, and refuses anyone else's address", async () => {
    await withDb(async (db) => {
      const [staff] = await db.select().from(users).where(eq(users.email, "Ops.Lead@Platform.test"));
      await db
        .insert(staffAuthenticators)
        .values({ userId: staff!.id, secretSealed: "sealed", enrolledAt: new Date() });
      await db.insert(staffRecoveryCodes).values({ userId: staff!.id, codeHash: "hash-of-a-code" });
      await db
        .insert(sessions)
        .values({ tokenHash: "staff-session", userId: staff!.id, expiresAt: new Date(Date.now() + 3_600_000) });
    });
    const { code, stdout } = await run("staff", "reset-authenticator", "ops.lead@platform.test");
    expect(code).toBe(0);
    expect(stdout).toContain("Ada Lovelace's authenticator and recovery codes are removed");
    await withDb(async (db) => {
      const [staff] = await db.select().from(users).where(eq(users.email, "Ops.Lead@Platform.test"));
      expect(await db.select().from(staffAuthenticators).where(eq(staffAuthenticators.userId, staff!.id))).toEqual([]);
      expect(await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, staff!.id))).toEqual([]);
      const [session] = await db.select().from(sessions).where(eq(sessions.tokenHash, "staff-session"));
      expect(session!.revokedAt).not.toBeNull();
      const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "staff.authenticator_reset"));
      expect(entry).toMatchObject({ actorRole: "system", targetId: String(staff!.id) });
    });
    expect(await run("staff", "reset-authenticator", "student@partner.test")).toMatchObject({
      code: 1,
      stderr: "No platform staff account has the address student@partner.test.",
    });
  });
});
