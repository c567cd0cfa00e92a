import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { type University, userCampuses, users } from "~/db/schema";
import { manualClock } from "../../../tests/support/clock";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { NOT_YOUR_CAMPUS, SwitchCampusSchema, addCampus, campusesOf, switchCampus } from "./campuses.server";

let database: Database;
let main: University;
let docklands: University;
let outsider: University;
beforeAll(async () => {
  database = await createTestDatabase();
  main = await createUniversity(database.db, { name: "Alpha University" });
  docklands = await createUniversity(database.db, {
    name: "Alpha University Docklands",
    groupId: main.id,
    planCihPremium: false,
  });
  outsider = await createUniversity(database.db, { name: "Beta University" });
});
afterAll(() => database.close());

const rowsOf = async (userId: number) =>
  (await database.db.select().from(userCampuses).where(eq(userCampuses.userId, userId)))
    .map((r) => r.universityId)
    .sort((a, b) => a - b);
const activeOf = async (userId: number) => (await database.db.select().from(users).where(eq(users.id, userId)))[0]!;

describe("campusesOf", () => {
  it("is just the person's own university when they have no other campus", async () => {
    const user = await createUser(database.db, { universityId: outsider.id });
    expect(await campusesOf(database.db, user.id)).toEqual([
      {
        id: outsider.id,
        slug: outsider.slug,
        name: "Beta University",
        micrositeHost: outsider.micrositeHost,
        brandColour: outsider.brandColour,
        active: true,
      },
    ]);
  });

  it("is nothing for an account without a university or an unknown id", async () => {
    const user = await createUser(database.db, { universityId: null });
    expect(await campusesOf(database.db, user.id)).toEqual([]);
    expect(await campusesOf(database.db, 999_999)).toEqual([]);
  });

  it("lists every campus by name, with the active one flagged", async () => {
    const user = await createUser(database.db, { universityId: main.id });
    await addCampus(database.db, user.id, docklands.id);
    const campuses = await campusesOf(database.db, user.id);
    expect(campuses.map((c) => [c.name, c.active])).toEqual([
      ["Alpha University", true],
      ["Alpha University Docklands", false],
    ]);
  });
});

describe("addCampus", () => {
  it("adds the current university too, and twice is the same as once", async () => {
    const user = await createUser(database.db, { universityId: main.id });
    await addCampus(database.db, user.id, docklands.id);
    await addCampus(database.db, user.id, docklands.id);
    expect(await rowsOf(user.id)).toEqual([main.id, docklands.id].sort((a, b) => a - b));
  });

  it("works from a campus towards the group's main university", async () => {
    const user = await createUser(database.db, { universityId: docklands.id });
    await addCampus(database.db, user.id, main.id);
    expect((await campusesOf(database.db, user.id)).find((c) => c.active)?.id).toBe(docklands.id);
    expect(await rowsOf(user.id)).toHaveLength(2);
  });

  it("refuses a university of another group and writes nothing", async () => {
    const user = await createUser(database.db, { universityId: main.id });
    await expect(addCampus(database.db, user.id, outsider.id)).rejects.toThrow(/not a campus of the group/);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it("refuses an account without a university, and unknown ids", async () => {
    const homeless = await createUser(database.db, { universityId: null });
    await expect(addCampus(database.db, homeless.id, main.id)).rejects.toThrow(/belongs to no university/);
    await expect(addCampus(database.db, 999_999, main.id)).rejects.toThrow(/No account/);
    const user = await createUser(database.db, { universityId: main.id });
    await expect(addCampus(database.db, user.id, 999_999)).rejects.toThrow(/No university/);
  });
});

describe("switchCampus", () => {
  it("makes another of the person's campuses the active one and stamps the change", async () => {
    const clock = manualClock();
    const user = await createUser(database.db, { universityId: main.id });
    await addCampus(database.db, user.id, docklands.id);
    clock.advance(60_000);
    const outcome = await switchCampus(database.db, user.id, docklands.id, clock());
    expect(outcome).toMatchObject({
      ok: true,
      changed: true,
      campus: { id: docklands.id, name: "Alpha University Docklands", active: true },
    });
    const after = await activeOf(user.id);
    expect(after.universityId).toBe(docklands.id);
    expect(after.updatedAt.getTime()).toBe(clock().getTime());
    expect((await campusesOf(database.db, user.id)).find((c) => c.active)?.id).toBe(docklands.id);
    // And back again.
    expect(await switchCampus(database.db, user.id, main.id, clock())).toMatchObject({ ok: true, changed: true });
    expect((await activeOf(user.id)).universityId).toBe(main.id);
  });

  it("changes nothing when the campus is already the active one", async () => {
    const user = await createUser(database.db, { universityId: main.id });
    await addCampus(database.db, user.id, docklands.id);
    const before = await activeOf(user.id);
    expect(await switchCampus(database.db, user.id, main.id, new Date("2030-01-01T00:00:00Z"))).toMatchObject({
      ok: true,
      changed: false,
    });
    expect((await activeOf(user.id)).updatedAt).toEqual(before.updatedAt);
  });

  it("never switches into a university the person does not belong to, existing or not", async () => {
    const user = await createUser(database.db, { universityId: main.id });
    await addCampus(database.db, user.id, docklands.id);
    for (const id of [outsider.id, 999_999]) {
      expect(await switchCampus(database.db, user.id, id, new Date())).toEqual({
        ok: false,
        status: 404,
        message: NOT_YOUR_CAMPUS,
      });
    }
    expect((await activeOf(user.id)).universityId).toBe(main.id);
  });

  it("refuses a campus of the group that the person was never given", async () => {
    // Same group, but no user_campuses rows: belonging to the group is not enough.
    const user = await createUser(database.db, { universityId: main.id });
    expect(await switchCampus(database.db, user.id, docklands.id, new Date())).toMatchObject({
      ok: false,
      status: 404,
    });
    expect((await activeOf(user.id)).universityId).toBe(main.id);
  });
});

describe("SwitchCampusSchema", () => {
  it("takes a positive whole number and names the field otherwise", () => {
    expect(SwitchCampusSchema.parse({ university_id: "42" })).toEqual({ university_id: 42 });
    for (const bad of [undefined, "", "0", "-1", "1.5", "abc", "1e3", "9999999999"]) {
      const r = SwitchCampusSchema.safeParse({ university_id: bad });
      expect(r.success, String(bad)).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(["university_id"]);
      expect(r.error?.issues[0]?.message).toBe("Choose a campus from the list");
    }
  });
});
