import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, rowsOf } from "~/db/client.server";
import { commandEnvironment, migratedDataDir, runCommand } from "./cli-test-support";
import { NEWEST_PATH, servePublication } from "~/features/sponsors/test-fixtures/publication-server";

// The commands as `npm run sponsors:refresh` and `sponsors:import` run them (scripts/db.js calls
// runCli), on an embedded database of their own in a temporary DATA_DIR.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "careers-sponsors-cli-"));
let restoreEnvironment = () => {};
let gov: Awaited<ReturnType<typeof servePublication>>;

beforeAll(async () => {
  restoreEnvironment = commandEnvironment(dataDir);
  migratedDataDir(dataDir);
  gov = await servePublication();
});
afterAll(async () => {
  await gov?.close();
  restoreEnvironment();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

const run = runCommand;

/** The snapshots of the command's database, read after the command closed it. */
async function snapshots() {
  const database = await openDatabase({ dataDir });
  try {
    return await rowsOf<{ register_date: string; source: string }>(
      database.db,
      sql`select register_date::text, source from sponsor_snapshots order by id`,
    );
  } finally {
    await database.close();
  }
}

/** The audit log's entries of imported registers. */
async function imports() {
  const database = await openDatabase({ dataDir });
  try {
    return await rowsOf<{ actor_id: number | null; actor_role: string; register_date: string }>(
      database.db,
      sql`select actor_id, actor_role, changes->'registerDate'->>'after' as register_date from audit_log where action = 'sponsor_register.imported' order by id`,
    );
  } finally {
    await database.close();
  }
}

describe("npm run sponsors:refresh", () => {
  it("imports the newest register linked from the page, then says there is nothing to do", async () => {
    const first = await run("sponsors-refresh", "--page", gov.pageUrl);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      `The newest register on ${gov.pageUrl} is the one of 2026-06-26: ${gov.base}${NEWEST_PATH}`,
    );
    expect(first.stdout).toMatch(
      /Imported the register of 2026-06-26: 3 rows, 2 organisations \(0 added, 0 removed, 0 changed\)/,
    );
    expect(await snapshots()).toEqual([{ register_date: "2026-06-26", source: `${gov.base}${NEWEST_PATH}` }]);
    // The same audit entry as the console's refresh writes, by the operator's command.
    expect(await imports()).toEqual([{ actor_id: null, actor_role: "system", register_date: "2026-06-26" }]);

    const again = await run("sponsors-refresh", `--page=${gov.pageUrl}`);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("The register of 2026-06-26 is already imported. Nothing to do.");
    expect(await snapshots()).toHaveLength(1);
  });

  it("refuses a page address that is not http(s), or another argument, before touching the database", async () => {
    const ftp = await run("sponsors-refresh", "--page", "ftp://example.gov.uk/register");
    expect(ftp.code).toBe(2);
    expect(ftp.stderr).toContain('--page must be an http(s) address, found "ftp://example.gov.uk/register"');
    const extra = await run("sponsors-refresh", "register.csv");
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain("Unexpected argument register.csv");
  });
});

describe("npm run sponsors:import", () => {
  it("refuses a NUL byte in a name with its line and exit 1, and keeps the register", async () => {
    const file = path.join(dataDir, "register-2026-07-01.csv");
    fs.writeFileSync(
      file,
      "Organisation Name,Town/City,County,Type & Rating,Route\nAcme Ltd,Leeds,,Worker (A rating),Skilled Worker\nNul\u0000 Ltd,Leeds,,Worker (A rating),Skilled Worker\n",
    );
    const r = await run("sponsors-import", file);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "The register was not imported; nothing changed.\n  line 3: the organisation name holds a control character (U+0000)",
    );
    expect(await snapshots()).toHaveLength(1);
  });

  it("refuses a date in the file name that is not a day of the calendar", async () => {
    const r = await run("sponsors-import", path.join(dataDir, "register-2026-02-30.csv"));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("The file name's date 2026-02-30 is not a day of the calendar");
  });
});
