import fs from "node:fs";
import { inject } from "vitest";
import { type Database, openDatabase } from "~/db/client.server";

/** A clean, migrated in-memory PostgreSQL (PGlite) for one test file. */
export async function createTestDatabase(): Promise<Database> {
  const snapshot = fs.readFileSync(inject("pgliteSnapshot"));
  return openDatabase({ loadDataDir: new Blob([snapshot]) });
}

/** The same before any migration: for a test of a migration, which applies the ones before it itself. */
export async function createUnmigratedTestDatabase(): Promise<Database> {
  const snapshot = fs.readFileSync(inject("pgliteEmptySnapshot"));
  return openDatabase({ loadDataDir: new Blob([snapshot]) });
}
