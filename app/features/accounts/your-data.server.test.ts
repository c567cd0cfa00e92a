import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { RateLimiter } from "~/db/rate-limiter.server";
import { accountDeletions, events, users } from "~/db/schema";
import { SessionStore } from "~/features/auth/session.server";
import { manualClock } from "../../../tests/support/clock";
import { TEST_PASSWORD, createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import type { AccountDeletionHook } from "./deletion";
import { deleteAccount } from "./your-data.server";

// The order of its locks against other writers needs two transactions at once: tests/http/lock-order.test.ts.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const clock = manualClock(new Date("2026-11-29T12:00:00Z"));
const deps = (hooks: AccountDeletionHook[]) => ({
  db: database.db,
  sessions: new SessionStore(database.db, "s".repeat(40)),
  limiter: new RateLimiter(database.db, clock),
  now: clock(),
  hooks,
});
const accountOf = (id: number) => database.db.select({ id: users.id }).from(users).where(eq(users.id, id));
const deletionsOf = (universityId: number) =>
  database.db.select().from(accountDeletions).where(eq(accountDeletions.universityId, universityId));

describe("deleting an account", () => {
  it("runs each hook with the account in the deletion's transaction, then deletes it, keeping an anonymous line", async () => {
    const uni = await createUniversity(database.db);
    const student = await createUser(database.db, { universityId: uni.id });
    const seen: { id: number; email: string }[] = [];
    const hook: AccountDeletionHook = async (tx, account) => {
      seen.push({ id: account.id, email: account.email });
      // Written through the transaction: it stays only if the deletion does.
      await tx.insert(events).values({ kind: "job.viewed", universityId: uni.id, occurredAt: clock() });
    };
    expect(await deleteAccount(deps([hook]), student.id, TEST_PASSWORD)).toEqual({ ok: true });
    expect(seen).toEqual([{ id: student.id, email: student.email }]);
    expect(await accountOf(student.id)).toEqual([]);
    expect(await deletionsOf(uni.id)).toMatchObject([{ role: "student", deletedAt: clock() }]);
    expect(await database.db.select().from(events).where(eq(events.universityId, uni.id))).toHaveLength(1);
  });

  it("undoes what its hooks did when the account is gone by the time its row is locked", async () => {
    const uni = await createUniversity(database.db);
    const student = await createUser(database.db, { universityId: uni.id });
    // As a second deletion that committed while this one's hooks ran (here within the transaction).
    const hook: AccountDeletionHook = async (tx, account) => {
      await tx.insert(events).values({ kind: "job.viewed", universityId: uni.id, occurredAt: clock() });
      await tx.delete(users).where(eq(users.id, account.id));
    };
    expect(await deleteAccount(deps([hook]), student.id, TEST_PASSWORD)).toEqual({ ok: true });
    expect(await database.db.select().from(events).where(eq(events.universityId, uni.id))).toEqual([]);
    expect(await deletionsOf(uni.id)).toEqual([]);
    // Rolled back whole: the account this test's hook deleted is back (no other request deleted it).
    expect(await accountOf(student.id)).toEqual([{ id: student.id }]);
  });

  it("refuses a wrong password and runs no hook", async () => {
    const uni = await createUniversity(database.db);
    const student = await createUser(database.db, { universityId: uni.id });
    let ran = false;
    const hook: AccountDeletionHook = async () => {
      ran = true;
    };
    expect(await deleteAccount(deps([hook]), student.id, "not-the-password")).toEqual({
      ok: false,
      message: "Your password is not right",
    });
    expect(ran).toBe(false);
    expect(await accountOf(student.id)).toEqual([{ id: student.id }]);
  });
});
