import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { accountTokens, users } from "~/db/schema";
import { manualClock } from "../../tests/support/clock";
import { createUser } from "../../tests/support/factories";
import { createTestDatabase } from "../../tests/support/test-db";
import { TOKEN_LIFETIME_MS, checkToken, consumeToken, hashToken, issueToken, tokenProblem } from "~/db/tokens.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("one-time link tokens", () => {
  it("carry 256 random bits and are stored only as a hash", async () => {
    const user = await createUser(database.db);
    const clock = manualClock();
    const token = await issueToken(database.db, { userId: user.id, purpose: "reset_password" }, clock());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await database.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("work once, for their own purpose", async () => {
    const user = await createUser(database.db);
    const now = manualClock()();
    const token = await issueToken(database.db, { userId: user.id, purpose: "reset_password" }, now);
    expect(await checkToken(database.db, token, "invitation", now)).toEqual({ ok: false, reason: "unknown" });
    expect(await checkToken(database.db, token, "reset_password", now)).toEqual({
      ok: true,
      userId: user.id,
      data: null,
    });
    expect(await consumeToken(database.db, token, "reset_password", now)).toEqual({
      ok: true,
      userId: user.id,
      data: null,
    });
    expect(await consumeToken(database.db, token, "reset_password", now)).toEqual({ ok: false, reason: "used" });
  });

  it("stop working at the end of their lifetime", async () => {
    const user = await createUser(database.db);
    const clock = manualClock();
    const token = await issueToken(database.db, { userId: user.id, purpose: "reset_password" }, clock());
    clock.advance(TOKEN_LIFETIME_MS.reset_password - 1);
    expect((await checkToken(database.db, token, "reset_password", clock())).ok).toBe(true);
    clock.advance(1);
    expect(await consumeToken(database.db, token, "reset_password", clock())).toEqual({ ok: false, reason: "expired" });
    expect(TOKEN_LIFETIME_MS.reset_password).toBe(60 * 60 * 1000);
  });

  it("let only the newest link of a purpose work", async () => {
    const user = await createUser(database.db);
    const now = manualClock()();
    const first = await issueToken(database.db, { userId: user.id, purpose: "reset_password" }, now);
    const invitation = await issueToken(database.db, { userId: user.id, purpose: "invitation" }, now);
    const second = await issueToken(database.db, { userId: user.id, purpose: "reset_password" }, now);
    expect(await checkToken(database.db, first, "reset_password", now)).toEqual({ ok: false, reason: "used" });
    expect((await checkToken(database.db, second, "reset_password", now)).ok).toBe(true);
    expect((await checkToken(database.db, invitation, "invitation", now)).ok).toBe(true);
  });

  it("let one of two simultaneous uses succeed", async () => {
    const user = await createUser(database.db);
    const now = manualClock()();
    const token = await issueToken(database.db, { userId: user.id, purpose: "invitation", data: { note: "x" } }, now);
    const results = await Promise.all([
      consumeToken(database.db, token, "invitation", now),
      consumeToken(database.db, token, "invitation", now),
    ]);
    expect(results.filter((r) => r.ok)).toEqual([{ ok: true, userId: user.id, data: { note: "x" } }]);
  });

  it("do not work while their account is deactivated, and work again once it is reactivated", async () => {
    const user = await createUser(database.db);
    const now = manualClock()();
    const token = await issueToken(database.db, { userId: user.id, purpose: "verify_email" }, now);
    const status = (accessStatus: "active" | "deactivated") =>
      database.db.update(users).set({ accessStatus }).where(eq(users.id, user.id));
    await status("deactivated");
    const refused = { ok: false, reason: "deactivated" };
    expect(await checkToken(database.db, token, "verify_email", now)).toEqual(refused);
    expect(await consumeToken(database.db, token, "verify_email", now)).toEqual(refused);
    expect(tokenProblem("deactivated", "confirmation")).toBe(
      "This confirmation link no longer works: its account has been deactivated. If you think this is a mistake, contact us.",
    );
    // Refused, not used up.
    await status("active");
    expect(await consumeToken(database.db, token, "verify_email", now)).toEqual({
      ok: true,
      userId: user.id,
      data: null,
    });
  });

  it("refuse malformed tokens (a NUL, an oversized or a short one) as unknown", async () => {
    const now = manualClock()();
    for (const bad of ["", "a\u0000b", "x".repeat(500), "abc"]) {
      expect(await consumeToken(database.db, bad, "reset_password", now)).toEqual({ ok: false, reason: "unknown" });
    }
  });
});
