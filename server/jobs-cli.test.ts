import fs from "node:fs";
import os from "node:os";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { jobPostings } from "~/db/schema";
import { commandEnvironment, migratedDataDir, runCommand } from "./cli-test-support";

// `npm run jobs:import` and `npm run jobs:sources` as scripts/db.js runs them, on an embedded database of their own.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careers-jobs-cli-"));
const dataDir = path.join(dir, "data");
let restoreEnvironment = () => {};

beforeAll(async () => {
  restoreEnvironment = commandEnvironment(dataDir);
  migratedDataDir(dataDir);
});
afterAll(() => {
  restoreEnvironment();
  fs.rmSync(dir, { recursive: true, force: true });
});

const run = runCommand;

function feed(name: string, ...jobs: Record<string, unknown>[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, jobs.map((j) => JSON.stringify(j)).join("\n"));
  return file;
}

const JOB = {
  title: "Data analyst",
  employer: "Example Analytics Ltd",
  type: "full-time",
  soc: "2433",
  salary: "£45,000 per annum",
  description: "Analyse data.",
  apply_email: "jobs@example.test",
  posted_at: "2026-11-20",
};

async function titles() {
  const database = await openDatabase({ dataDir });
  try {
    return (
      await database.db
        .select({ title: jobPostings.title, status: jobPostings.status })
        .from(jobPostings)
        .orderBy(jobPostings.externalId)
    ).map((j) => `${j.title} ${j.status}`);
  } finally {
    await database.close();
  }
}

// Each command opens the embedded database afresh (about a second on this machine, more under load).
describe("npm run jobs:import", () => {
  it("imports a feed under the file's name as its source, then closes what a later feed drops", async () => {
    const first = await run(
      "jobs-import",
      feed("partner.jsonl", { ...JOB, id: "a" }, { ...JOB, id: "b", title: "Data engineer" }),
    );
    expect(first).toMatchObject({ code: 0, stdout: "Imported partner: 2 added, 0 updated, 0 closed." });
    const second = await run("jobs-import", feed("partner.jsonl", { ...JOB, id: "a", salary: "£47,000 per annum" }));
    expect(second).toMatchObject({ code: 0, stdout: "Imported partner: 0 added, 1 updated, 1 closed." });
    expect(await titles()).toEqual(["Data analyst open", "Data engineer closed"]);
    // The same feed again: nothing changed, so nothing is written.
    const third = await run("jobs-import", feed("partner.jsonl", { ...JOB, id: "a", salary: "£47,000 per annum" }));
    expect(third).toMatchObject({ code: 0, stdout: "Imported partner: 0 added, 0 updated, 0 closed." });
  });

  it("reports every bad line and imports nothing, or the good ones with --skip-bad", async () => {
    const file = feed("other.jsonl", { ...JOB, id: "x" }, { ...JOB, id: "y", posted_at: "yesterday" });
    const refused = await run("jobs-import", file, "--source", "other-board");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      "Line 2: posted_at must be YYYY-MM-DD or an ISO date and time\n1 problem in " +
        file +
        ": nothing imported. Correct the file, or import its good lines with --skip-bad.",
    );
    expect(await titles()).toHaveLength(2);
    const skipped = await run("jobs-import", file, "--source", "other-board", "--skip-bad");
    expect(skipped).toMatchObject({
      code: 0,
      stdout: "Imported other-board: 1 added, 0 updated, 0 closed, 1 bad line skipped (nothing closed).",
    });
  });

  it("refuses a file of another kind, a missing file and a missing argument", async () => {
    expect((await run("jobs-import", "jobs.xml")).code).toBe(2);
    expect(await run("jobs-import", path.join(dir, "missing.csv"))).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("Cannot read"),
    });
    expect((await run("jobs-import")).code).toBe(2);
  });
});

describe("npm run jobs:sources", () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    const line = { ...JOB, id: "s-1", title: "Pipeline engineer" };
    server = http.createServer((_req, res) =>
      res.writeHead(200, { "content-type": "application/x-ndjson" }).end(`${JSON.stringify(line)}\n`),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jobs.jsonl`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("adds a source, runs it, lists it with its last run, turns it off and removes it (its jobs close)", async () => {
    expect(
      await run("jobs-sources", "add", "feed", url, "--every", "2h", "--employer", "Example Analytics Ltd"),
    ).toMatchObject({
      code: 0,
      stdout: "Added source #1 (feed), run every 2 hours.",
    });
    const ran = await run("jobs-sources", "run", "1");
    expect(ran).toMatchObject({ code: 0, stdout: "Source #1: ok, 1 added, 0 updated, 0 closed, 0 refused." });
    const listed = await run("jobs-sources", "list");
    expect(listed.stdout).toContain(`#1  feed  ${url}  (Example Analytics Ltd)`);
    expect(listed.stdout).toMatch(/every 2 hours, last run \S+ ok \(\+1 ~0 -0, 0 refused\), 1 open jobs/);
    expect((await run("jobs-sources", "off", "1")).stdout).toBe("Source #1 is off; its jobs stay as they are.");
    expect((await run("jobs-sources", "list")).stdout).toContain("off, last run");
    expect((await run("jobs-sources", "remove", "1")).stdout).toBe("Removed source #1; 1 open job closed.");
    expect((await titles()).filter((t) => t.startsWith("Pipeline engineer"))).toEqual(["Pipeline engineer closed"]);
    expect((await run("jobs-sources", "remove", "1")).code).toBe(1);
  });

  it("refuses what it cannot do, with the usage", async () => {
    const kind = await run("jobs-sources", "add", "monster", url);
    expect(kind.code).toBe(2);
    expect(kind.stderr).toMatch(/^The kind must be one of greenhouse, lever/);
    expect((await run("jobs-sources", "add", "feed", "ftp://x.test/a.jsonl")).stderr).toMatch(/full http or https URL/);
    expect((await run("jobs-sources", "add", "feed", url, "--every", "5m")).stderr).toMatch(/at most every 15 minutes/);
    expect((await run("jobs-sources", "run", "x")).code).toBe(2);
    expect((await run("jobs-sources", "run", "42")).stderr).toBe("There is no source #42.");
  });
});
