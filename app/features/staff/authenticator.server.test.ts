import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { STAFF_TOTP_SEAL, staffAuthenticators, staffRecoveryCodes } from "~/db/schema";
import { open } from "~/lib/secret-box.server";
import { base32Decode, totpCode, totpStep } from "~/lib/totp.server";
import { manualClock } from "../../../tests/support/clock";
import { createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import {
  RECOVERY_CODE_COUNT,
  acceptFreshCode,
  beginSecondFactor,
  challengeOf,
  completeSecondFactor,
} from "./authenticator.server";

let database: Database;
const key = randomBytes(32);
const clock = manualClock(new Date("2026-11-28T10:00:00Z"));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const codeNow = (secret: string, offsetSteps = 0) => totpCode(base32Decode(secret)!, totpStep(clock()) + offsetSteps);

/** A staff member who enrolled: their secret and recovery codes. */
async function enrolledStaff() {
  const staff = await createUser(database.db, { role: "platform_staff" });
  const token = await beginSecondFactor(database.db, key, staff.id, clock());
  const secret = (await challengeOf(database.db, key, token, clock()))!.enrolling!;
  const outcome = await completeSecondFactor(database.db, key, token, codeNow(secret), clock());
  if (!outcome.ok || !outcome.recoveryCodes) throw new Error("enrolment failed");
  return { staff, secret, recoveryCodes: outcome.recoveryCodes };
}

describe("staff second factor", () => {
  it("enrols at the first login: the secret is sealed, the first code turns it on and brings ten recovery codes", async () => {
    const staff = await createUser(database.db, { role: "platform_staff" });
    const token = await beginSecondFactor(database.db, key, staff.id, clock());
    const challenge = await challengeOf(database.db, key, token, clock());
    expect(challenge).toMatchObject({ userId: staff.id, email: staff.email });
    const secret = challenge!.enrolling!;
    expect(base32Decode(secret)).toHaveLength(20);
    const [stored] = await database.db
      .select()
      .from(staffAuthenticators)
      .where(eq(staffAuthenticators.userId, staff.id));
    expect(stored!.secretSealed).not.toContain(secret);
    expect(stored!.enrolledAt).toBeNull();

    // A second login before enrolling keeps the secret the person may already have scanned.
    const again = await beginSecondFactor(database.db, key, staff.id, clock());
    expect((await challengeOf(database.db, key, again, clock()))!.enrolling).toBe(secret);
    // Only the newest waiting login counts.
    expect(await challengeOf(database.db, key, token, clock())).toBeNull();

    expect(await completeSecondFactor(database.db, key, again, "000000", clock())).toEqual({
      ok: false,
      reason: "code",
    });
    const outcome = await completeSecondFactor(database.db, key, again, codeNow(secret), clock());
    expect(outcome).toMatchObject({ ok: true, userId: staff.id, usedRecoveryCode: false });
    const codes = outcome.ok ? outcome.recoveryCodes! : [];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    const hashes = await database.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, staff.id));
    expect(hashes.map((h) => h.codeHash)).not.toContain(codes[0]);
    // The waiting login is used up: the same token opens nothing more.
    expect(await completeSecondFactor(database.db, key, again, codeNow(secret, 1), clock())).toEqual({
      ok: false,
      reason: "challenge",
    });
  });

  it("asks the enrolled for a code, never shows the secret again, and takes each code once", async () => {
    const { staff, secret } = await enrolledStaff();
    clock.advance(60_000);
    const token = await beginSecondFactor(database.db, key, staff.id, clock());
    expect((await challengeOf(database.db, key, token, clock()))!.enrolling).toBeNull();
    const code = codeNow(secret);
    expect(await completeSecondFactor(database.db, key, token, code, clock())).toMatchObject({ ok: true });
    // The same code at the next login, within its 30 seconds: refused.
    const next = await beginSecondFactor(database.db, key, staff.id, clock());
    expect(await completeSecondFactor(database.db, key, next, code, clock())).toEqual({ ok: false, reason: "code" });
  });

  it("takes a recovery code once, in any case and spacing, instead of a code", async () => {
    const { staff, recoveryCodes } = await enrolledStaff();
    const token = await beginSecondFactor(database.db, key, staff.id, clock());
    const typed = recoveryCodes[3]!.toLowerCase().replace(/-/g, " ");
    expect(await completeSecondFactor(database.db, key, token, typed, clock())).toMatchObject({
      ok: true,
      usedRecoveryCode: true,
      recoveryCodes: null,
    });
    const unused = await database.db
      .select()
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.userId, staff.id), isNull(staffRecoveryCodes.usedAt)));
    expect(unused).toHaveLength(RECOVERY_CODE_COUNT - 1);
    const again = await beginSecondFactor(database.db, key, staff.id, clock());
    expect(await completeSecondFactor(database.db, key, again, recoveryCodes[3]!, clock())).toEqual({
      ok: false,
      reason: "code",
    });
  });

  it("lets a waiting login expire after ten minutes", async () => {
    const { staff, secret } = await enrolledStaff();
    const token = await beginSecondFactor(database.db, key, staff.id, clock());
    clock.advance(10 * 60_000 + 1);
    expect(await challengeOf(database.db, key, token, clock())).toBeNull();
    expect(await completeSecondFactor(database.db, key, token, codeNow(secret), clock())).toEqual({
      ok: false,
      reason: "challenge",
    });
  });

  it("asks a fresh code of the authenticator for sensitive actions, not a recovery code, and each code once", async () => {
    const { staff, secret, recoveryCodes } = await enrolledStaff();
    clock.advance(30_000);
    const code = codeNow(secret);
    expect(await acceptFreshCode(database.db, key, staff.id, code, clock())).toBe(true);
    expect(await acceptFreshCode(database.db, key, staff.id, code, clock())).toBe(false);
    expect(await acceptFreshCode(database.db, key, staff.id, recoveryCodes[0]!, clock())).toBe(false);
    // Someone else's code does not act for them.
    const other = await enrolledStaff();
    clock.advance(30_000);
    expect(await acceptFreshCode(database.db, key, other.staff.id, codeNow(secret), clock())).toBe(false);
  });

  it("holds a login that is not a staff member's to nothing", async () => {
    const student = await createUser(database.db);
    const token = await beginSecondFactor(database.db, key, student.id, clock());
    expect(await challengeOf(database.db, key, token, clock())).toBeNull();
    const [auth] = await database.db
      .select()
      .from(staffAuthenticators)
      .where(eq(staffAuthenticators.userId, student.id));
    const code = totpCode(base32Decode(open(key, STAFF_TOTP_SEAL, auth!.secretSealed))!, totpStep(clock()));
    expect(await completeSecondFactor(database.db, key, token, code, clock())).toEqual({
      ok: false,
      reason: "challenge",
    });
    expect(await acceptFreshCode(database.db, key, student.id, code, clock())).toBe(false);
  });
});
