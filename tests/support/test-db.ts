import fs from "node:fs";
import { inject } from "vitest";
import { type Database, openDatabase } from "~/db/client.server";

/** A clean, migrated in-memory PostgreSQL (PGlite) for one test file. */
export async function createTestDatabase(): Promise<Database> {
  const snapshot = fs.readFileSync(inject("pgliteSnapshot"));
  return openDatabase({ loadDataDir: new Blob([snapshot]) });
}
