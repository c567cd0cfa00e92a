import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { makeBackup, readBackup, restoreBackup } from "./backup.server";
import { type Database, openDatabase } from "./client.server";
import { universities } from "./schema";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "careers-backup-"));
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const university = (slug: string) => ({ slug, name: slug, countryId: 226, micrositeHost: `${slug}.localhost` });

describe("a backup of the embedded database", () => {
  it("waits for a transaction under way, so that it holds the whole of it", async () => {
    let backup: ReturnType<typeof makeBackup> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.insert(universities).values(university("first-half"));
      // Asked for between two statements of the transaction: PGlite's own dump would copy it half done.
      backup = makeBackup(database, work, () => new Date());
      await tx.insert(universities).values(university("second-half"));
    });
    const { bytes, manifest } = await backup!;
    const target = path.join(work, "restored");
    fs.mkdirSync(target);
    const restored = await restoreBackup(await readBackup(bytes), target);
    expect(restored.rows).toBe(Object.values(manifest.tables).reduce((a, b) => a + b, 0));
    const copy = await openDatabase({ dataDir: target });
    try {
      const slugs = (await copy.db.select({ slug: universities.slug }).from(universities)).map((u) => u.slug);
      expect(slugs).toEqual(expect.arrayContaining(["first-half", "second-half"]));
    } finally {
      await copy.close();
    }
    // No session secret in the folder, none in the backup.
    expect(manifest.sessionSecret).toBe(false);
    expect(fs.existsSync(path.join(target, "session-secret"))).toBe(false);
  });
});
