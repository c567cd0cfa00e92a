import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { type University, rosterApiKeys } from "~/db/schema";
import { Signer } from "~/lib/signer.server";
import { manualClock } from "../../../tests/support/clock";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { createRosterKey, revokeRosterKey, rosterKeys, universityOfKey } from "./keys.server";

const clock = manualClock();
const signer = new Signer("a-test-secret-of-at-least-32-characters", "roster-api-key");
let database: Database;
let ours: University;
let theirs: University;
let adminId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  ours = await createUniversity(database.db);
  theirs = await createUniversity(database.db);
  adminId = (await createUser(database.db, { role: "university_admin", universityId: ours.id })).id;
});
afterAll(() => database.close());

const make = (name: string, university = ours) =>
  createRosterKey(database.db, signer, {
    universityId: university.id,
    admin: { id: adminId, role: "university_admin" },
    name,
    now: clock(),
  });

describe("roster API keys", () => {
  it("stores only a keyed hash of the key, and finds the key's university by it, noting the use", async () => {
    const { id, key } = await make("SITS nightly");
    expect(key).toMatch(/^rk_[\w-]{43}$/);
    const [row] = await database.db.select().from(rosterApiKeys).where(eq(rosterApiKeys.id, id));
    expect(row!.keyHash).toBe(signer.sign(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(3));
    expect(row!.lastUsedAt).toBeNull();

    clock.advance(60_000);
    const found = await universityOfKey(database.db, signer, key, clock());
    expect(found).toEqual({ keyId: id, university: ours });
    expect((await rosterKeys(database.db, ours.id))[0]).toMatchObject({ name: "SITS nightly", lastUsedAt: clock() });
    // The same key hashed with another server's secret is not found.
    const other = new Signer("another-secret-of-at-least-32-characters", "roster-api-key");
    expect(await universityOfKey(database.db, other, key, clock())).toBeNull();
    // One character changed (never to itself: a key ending in "A" made this test pass by chance once in 64).
    const altered = `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`;
    expect(await universityOfKey(database.db, signer, altered, clock())).toBeNull();
    expect(await universityOfKey(database.db, signer, "", clock())).toBeNull();
  });

  it("revokes a key of the university only, after which it finds nothing", async () => {
    const { id, key } = await make("Banner");
    expect(
      await revokeRosterKey(database.db, { id: null, role: "university_admin" }, theirs.id, id, clock()),
    ).toBeNull();
    expect(await universityOfKey(database.db, signer, key, clock())).not.toBeNull();
    expect(await revokeRosterKey(database.db, { id: null, role: "university_admin" }, ours.id, id, clock())).toBe(
      "Banner",
    );
    expect(await revokeRosterKey(database.db, { id: null, role: "university_admin" }, ours.id, id, clock())).toBeNull();
    expect(await universityOfKey(database.db, signer, key, clock())).toBeNull();
    expect((await rosterKeys(database.db, ours.id)).map((k) => [k.name, k.revokedAt !== null])).toEqual([
      ["Banner", true],
      ["SITS nightly", false],
    ]);
    expect(await rosterKeys(database.db, theirs.id)).toEqual([]);
  });
});
