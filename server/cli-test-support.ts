import fs from "node:fs";
import path from "node:path";
import { inject, vi } from "vitest";
import { runCli } from "./cli";

// What the tests of the command-line tools share: each runs the commands in its own process, as
// scripts/db.js runs them, on an embedded database of its own.
const ROOT = path.resolve(import.meta.dirname, "..");

/** Runs a command as `npm run …` does (scripts/db.js calls runCli): its exit code and what it printed. */
export async function runCommand(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...a) => void out.push(a.join(" ")));
  vi.spyOn(console, "error").mockImplementation((...a) => void err.push(a.join(" ")));
  try {
    const code = await runCli(argv, ROOT);
    return { code, stdout: out.join("\n"), stderr: err.join("\n") };
  } finally {
    vi.restoreAllMocks();
  }
}

/**
 * Sets the environment the commands read (an embedded database in `DATA_DIR`, no `DATABASE_URL`, and
 * any other setting), answering how to put it back as it was.
 */
export function commandEnvironment(dataDir: string, more: Record<string, string> = {}): () => void {
  const values: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: "", ...more };
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  Object.assign(process.env, values);
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}

/**
 * Puts a migrated embedded database in `dataDir`, as `npm run db:migrate` leaves it, copied from the
 * run's template rather than made again (initdb and every migration, seconds each time).
 */
export function migratedDataDir(dataDir: string): void {
  fs.cpSync(inject("pgliteDataTemplate"), dataDir, { recursive: true });
}
