import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { jobPostings } from "~/db/schema";
import { servePublication } from "~/features/sponsors/test-fixtures/publication-server";
import { commandEnvironment, migratedDataDir, runCommand } from "./cli-test-support";

// `npm run jobs:recompute`, and the register's import and refresh that run it, as scripts/db.js runs
// them, on an embedded database of their own.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careers-jobs-recompute-cli-"));
const dataDir = path.join(dir, "data");
let restoreEnvironment = () => {};
let gov: Awaited<ReturnType<typeof servePublication>>;

beforeAll(async () => {
  restoreEnvironment = commandEnvironment(dataDir);
  gov = await servePublication();
  migratedDataDir(dataDir);
});
afterAll(async () => {
  await gov?.close();
  restoreEnvironment();
  fs.rmSync(dir, { recursive: true, force: true });
});

const run = runCommand;

function file(name: string, text: string): string {
  const at = path.join(dir, name);
  fs.writeFileSync(at, text);
  return at;
}

async function verdicts() {
  const database = await openDatabase({ dataDir });
  try {
    return await database.db
      .select({ id: jobPostings.externalId, status: jobPostings.sponsorshipStatus, sponsor: jobPostings.sponsorSlug })
      .from(jobPostings)
      .orderBy(jobPostings.externalId);
  } finally {
    await database.close();
  }
}

// The publication page's newest register (2026-06-26) licenses Acme Widgets Ltd; this older one does not.
const OLDER_REGISTER =
  "Organisation Name,Town/City,County,Type & Rating,Route\nBravo Care Ltd,York,,Worker (B rating),Skilled Worker\n";
const JOB = {
  title: "Software developer",
  employer: "Acme Widgets Ltd",
  type: "full-time",
  soc: "2134",
  salary: "£60,000 per annum",
  hours_per_week: 37.5,
  description: "Build things.",
  apply_email: "jobs@example.test",
  posted_at: "2026-11-20",
};

describe("npm run jobs:recompute", () => {
  it("judges the open jobs again after each register import or refresh that brings a register in", async () => {
    const older = await run("sponsors-import", file("register-2026-06-01.csv", OLDER_REGISTER));
    expect(older).toMatchObject({ code: 0, stderr: "" });
    expect(older.stdout).toMatch(/Judged the sponsorship of 0 open jobs under HC 997: 0 changed in [\d.]+ s\./);

    expect((await run("jobs-import", file("board.jsonl", JSON.stringify({ ...JOB, id: "1" })))).code).toBe(0);
    expect(await verdicts()).toEqual([{ id: "1", status: "unlikely", sponsor: null }]);

    const refreshed = await run("sponsors-refresh", "--page", gov.pageUrl);
    expect(refreshed).toMatchObject({ code: 0, stderr: "" });
    expect(refreshed.stdout).toMatch(/Imported the register of 2026-06-26/);
    expect(refreshed.stdout).toMatch(/Judged the sponsorship of 1 open job under HC 997: 1 changed \(now 1 likely\)/);
    expect(await verdicts()).toEqual([{ id: "1", status: "likely", sponsor: expect.stringContaining("acme-widgets") }]);

    // Nothing imported, nothing judged.
    const current = await run("sponsors-refresh", "--page", gov.pageUrl);
    expect(current.stdout).toContain("Nothing to do.");
    expect(current.stdout).not.toContain("Judged");
  });

  it("judges them on its own, writing nothing when nothing changed", async () => {
    const again = await run("jobs-recompute");
    expect(again).toMatchObject({ code: 0, stderr: "" });
    expect(again.stdout).toMatch(
      /^Judged the sponsorship of 1 open job under HC 997: 0 changed \(now 1 likely\) in [\d.]+ s\.$/,
    );
  });

  it("takes no arguments", async () => {
    const wrong = await run("jobs-recompute", "--all");
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^Unexpected argument --all\nUsage: npm run jobs:recompute/);
  });
});
