import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { cvs, events } from "~/db/schema";
import { createTestDatabase } from "../../../tests/support/test-db";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { emptyDocument } from "./document";
import {
  type CvOwner,
  MAX_CVS,
  createCv,
  deleteCv,
  duplicateCv,
  getCv,
  listCvs,
  purgeDeletedCvs,
  restoreCv,
  saveCv,
  setDefaultCv,
} from "./queries.server";
import { SAMPLE_CV } from "./sample";

let database: Database;
let owner: CvOwner;
let stranger: CvOwner;
const T0 = new Date("2026-11-24T10:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

beforeAll(async () => {
  database = await createTestDatabase();
  const uni = await createUniversity(database.db);
  const a = await createUser(database.db, { universityId: uni.id });
  const b = await createUser(database.db, { universityId: uni.id });
  owner = { id: a.id, universityId: uni.id };
  stranger = { id: b.id, universityId: uni.id };
});
afterAll(() => database?.close());

const create = async (who: CvOwner, name: string, when = T0) => {
  const made = await createCv(database.db, who, { name, document: emptyDocument("uk"), source: "empty" }, when);
  if (!made.ok) throw new Error("not created");
  return made.cv;
};

describe("CV queries", () => {
  it("makes the first CV the default, records its creation, and shows it to its owner only", async () => {
    const first = await create(owner, "First");
    const second = await create(owner, "Second", at(1));
    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(false);
    expect((await listCvs(database.db, owner)).map((c) => c.name)).toEqual(["Second", "First"]);
    expect(await getCv(database.db, stranger, first.id)).toBeNull();
    const created = await database.db
      .select()
      .from(events)
      .where(and(eq(events.kind, "cv.created"), eq(events.userId, owner.id)));
    expect(created.map((e) => e.data)).toContainEqual({ cvId: first.id, template: "uk", source: "empty" });
  });

  it("saves only over the version it was edited from", async () => {
    const cv = await create(owner, "Versioned");
    const saved = await saveCv(database.db, owner, cv.id, { document: SAMPLE_CV, version: 1 }, at(5));
    expect(saved.ok && saved.cv.version).toBe(2);
    const stale = await saveCv(database.db, owner, cv.id, { document: emptyDocument(), version: 1 }, at(6));
    expect(stale).toMatchObject({ ok: false, reason: "stale", current: { version: 2 } });
    expect(await saveCv(database.db, stranger, cv.id, { document: emptyDocument(), version: 2 }, at(7))).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("undoes a deletion for ten seconds only, and passes the default on", async () => {
    const [defaultCv] = (await listCvs(database.db, owner)).filter((c) => c.isDefault);
    expect(await deleteCv(database.db, owner, defaultCv!.id, at(20))).toBe(true);
    const left = await listCvs(database.db, owner);
    expect(left.map((c) => c.id)).not.toContain(defaultCv!.id);
    expect(left.filter((c) => c.isDefault)).toHaveLength(1);
    expect(await restoreCv(database.db, stranger, defaultCv!.id, at(25))).toBe(false);
    expect(await restoreCv(database.db, owner, defaultCv!.id, at(29))).toBe(true);
    // The default chosen meanwhile stays.
    expect((await getCv(database.db, owner, defaultCv!.id))!.isDefault).toBe(false);

    const gone = await create(owner, "Short-lived", at(30));
    await deleteCv(database.db, owner, gone.id, at(31));
    expect(await restoreCv(database.db, owner, gone.id, at(41.5))).toBe(false);

    // Removed for good once the undo is over, and not before.
    const recent = await create(owner, "Just deleted", at(40));
    await deleteCv(database.db, owner, recent.id, at(40));
    const stored = async () =>
      (
        await database.db
          .select({ id: cvs.id })
          .from(cvs)
          .where(inArray(cvs.id, [gone.id, recent.id]))
      ).map((r) => r.id);
    expect(await stored()).toEqual(expect.arrayContaining([gone.id, recent.id]));
    expect(await purgeDeletedCvs(database.db, at(45))).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual([recent.id]);
    expect(await restoreCv(database.db, owner, recent.id, at(45))).toBe(true);
  });

  it("sets one default, duplicates, and stops at the limit", async () => {
    const cv = await create(owner, "Pick me", at(50));
    expect(await setDefaultCv(database.db, stranger, cv.id)).toBe(false);
    expect(await setDefaultCv(database.db, owner, cv.id)).toBe(true);
    expect((await listCvs(database.db, owner)).filter((c) => c.isDefault).map((c) => c.id)).toEqual([cv.id]);
    const copy = await duplicateCv(database.db, owner, cv.id, at(51));
    expect(copy).toMatchObject({ ok: true, cv: { name: "Copy of Pick me", isDefault: false } });
    expect(await duplicateCv(database.db, stranger, cv.id, at(51))).toBeNull();

    const have = (await listCvs(database.db, owner)).length;
    for (let i = have; i < MAX_CVS; i++) await create(owner, `Filler ${i}`, at(60));
    expect(
      await createCv(database.db, owner, { name: "One too many", document: emptyDocument(), source: "empty" }, at(61)),
    ).toEqual({ ok: false, reason: "limit" });
  });
});
