import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { openDatabase } from "~/db/client.server";
import { type TableDigest, tableDigests } from "../support/table-digests";
import { type ServerProcess, loginAs, request, startServerProcess } from "./harness";
import { runDbCommand } from "./server-template";

// The embedded database only (PostgreSQL's backups are pg_dump's): a backup taken through a running
// `node server.js`, restored into a new folder and compared with the server's folder table by table.
const work = fs.mkdtempSync(path.join(os.tmpdir(), "careers-backups-"));
const dataDir = path.join(work, "data");
const backupFile = path.join(work, "backups", "while-serving.tar.gz");
const restoredDir = path.join(work, "restored");
let server: ServerProcess;
let student: string;

/** `npm run db:<command>` beside the server. */
const db = (...args: string[]) => runDbCommand(args, server.env);

async function digestsOf(folder: string): Promise<Record<string, TableDigest>> {
  const database = await openDatabase({ dataDir: folder });
  try {
    return await tableDigests(database.db);
  } finally {
    await database.close();
  }
}

async function slugOf(q: string): Promise<string> {
  const r = await request(server, {
    path: `/api/jobs?q=${encodeURIComponent(q)}`,
    headers: { "X-Requested-With": "XMLHttpRequest" },
  });
  return JSON.parse(r.body).results[0].slug;
}

beforeAll(async () => {
  fs.cpSync(inject("serverDataTemplate"), dataDir, { recursive: true });
  // No queued job falls due while the test runs, so the server writes only what the test asks: its
  // folder once stopped is then the database the backup copied.
  const database = await openDatabase({ dataDir });
  await database.db.execute(sql`update jobs set run_at = now() + interval '1 day' where failed_at is null`);
  await database.close();
  server = await startServerProcess({ DATA_DIR: dataDir });
  student = await loginAs(server, "student@demo.test");
  for (const q of ["software developer", "finance analyst"]) {
    const slug = await slugOf(q);
    const saved = await request(server, {
      path: "/my-saved-jobs",
      form: { intent: "save", slug, back: `/jobs/${slug}` },
      cookie: student,
      headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin" },
    });
    expect(saved.status).toBe(303);
  }
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("backups of the embedded database", () => {
  it("are taken by the running server, over a socket only its user may open, while it serves", async () => {
    const socket = fs.statSync(path.join(dataDir, "backup.sock"));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);

    const { status, stdout, stderr } = await db("backup", "--out", backupFile);
    expect(stderr).toBe("");
    expect(status).toBe(0);
    expect(stdout).toContain(`Backup written to ${backupFile}`);
    expect(stdout).toContain(`taken by the running server (pid ${server.pid}) while it served`);
    expect(stdout).toContain("It holds the session secret too");
    expect(server.output()).toMatch(
      /Backup taken for npm run db:backup: \d+ rows, [\d.]+ MB, in \d+ ms \(the database answered nothing else for \d+ ms of it\)/,
    );
    expect(fs.readdirSync(path.dirname(backupFile))).toEqual(["while-serving.tar.gz"]);
    expect((await request(server, { path: "/my-saved-jobs", cookie: student })).body).toContain("Saved jobs (2)");
  });

  it("refuse to restore over the folder in use", async () => {
    const { status, stderr } = await db("restore", backupFile, "--data-dir", dataDir);
    expect(status).toBe(1);
    expect(stderr).toContain(`${dataDir} already exists and is not an empty folder`);
  });

  it("restore into a new folder holding every row of every table as the server had them", async () => {
    const { status, stdout } = await db("restore", backupFile, "--data-dir", restoredDir);
    expect(status).toBe(0);
    expect(stdout).toContain(`  DATA_DIR=${restoredDir} npm start`);
    await server.stop();
    const original = await digestsOf(dataDir);
    const restored = await digestsOf(restoredDir);
    expect(Object.keys(restored).length).toBeGreaterThan(50);
    expect(restored.saved_jobs!.rows).toBe(2);
    expect(restored).toEqual(original);
    expect(fs.readdirSync(work).sort()).toEqual(["backups", "data", "restored"]);
  });

  it("serve from the restored folder, where the sessions of the backup's time are still open", async () => {
    server = await startServerProcess({ DATA_DIR: restoredDir });
    const page = await request(server, { path: "/my-saved-jobs", cookie: student });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Saved jobs (2)");
  });
});
