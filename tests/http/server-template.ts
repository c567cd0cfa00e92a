import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/client.server";
import { writeTestDump } from "../support/pglite-dump";

declare module "vitest" {
  export interface ProvidedContext {
    /** A data folder as a server's first start leaves it (PGlite), or "" on PostgreSQL. */
    serverDataTemplate: string;
    /** The same database as a dump to open in memory (PGlite's dumpDataDir), or "" on PostgreSQL. */
    serverSnapshot: string;
    /** A migrated and seeded database to copy (PostgreSQL), or "" on PGlite. */
    serverDatabaseTemplate: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, "../..");
/** A few jobs every test server holds (its demo register is off, so the demo jobs are too). */
export const TEST_JOBS_FEED = path.join(ROOT, "tests/http/jobs-feed.jsonl");
/** The session secret of test servers on PostgreSQL (required with DATABASE_URL). */
export const TEST_SESSION_SECRET = "test-secret-for-the-http-suite-0123456789";
/** The key of single sign-on secrets on PostgreSQL (required with DATABASE_URL in production). */
export const TEST_SSO_SECRET_KEY = "dGVzdC1zc28ta2V5LWZvci10aGUtaHR0cC1zdWl0ZSE=";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export function runDbCli(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, ["scripts/db.js", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`db ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
}

/**
 * `npm run db:<command>` as its own process beside a running server, as an operator runs it: its exit
 * code and what it printed. It does not block this process, which may be serving what it asks for.
 */
export function runDbCommand(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/db.js", ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * Starts the built server on a database until it serves, then stops it: the first start an operator
 * would make. Its job runner's first pass, which stopping waits for, runs every recurring job once, so
 * a test server starting from the template finds them run and runs none as it starts.
 */
async function firstStart(
  database: { DATA_DIR: string } | { DATABASE_URL: string; SESSION_SECRET: string },
): Promise<void> {
  const port = await freePort();
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      PORT: String(port),
      ...database,
      NODE_ENV: "production",
      DEMO_SPONSOR_REGISTER: "none",
      // The key test servers use too, so the demo staff member's sealed authenticator opens on each copy.
      SSO_SECRET_KEY: TEST_SSO_SECRET_KEY,
    };
    const child = spawn(process.execPath, ["server.js"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("Serving at")) child.kill("SIGTERM");
    });
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (out.includes("Serving at")) resolve();
      else reject(new Error(`the template server exited with ${code} before serving:\n${out}`));
    });
  });
}

/**
 * Every HTTP test server used to begin with a new database: PGlite's initdb, the migrations, the demo
 * seed and content/, 3 to 8 s each, thirty times a run. Done once here, each server starts from a copy
 * (on PGlite, the dump opened in memory, or the folder copied where a test needs one on disk; on
 * PostgreSQL, `create database … template`), which holds content/ as synchronised, so that a start
 * reads none of it again. The few tests about a first start still ask for a new one.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "careers-template-"));
    const dataDir = path.join(workDir, "data");
    await firstStart({ DATA_DIR: dataDir });
    runDbCli(["jobs-import", TEST_JOBS_FEED, "--source", "http-tests"], { DATA_DIR: dataDir, DATABASE_URL: "" });
    const snapshot = path.join(workDir, "snapshot.tar");
    const database = await openDatabase({ dataDir });
    await writeTestDump(database, snapshot);
    await database.close();
    project.provide("serverDataTemplate", dataDir);
    project.provide("serverSnapshot", snapshot);
    project.provide("serverDatabaseTemplate", "");
    return () => fs.rmSync(workDir, { recursive: true, force: true });
  }
  const name = `tpl_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const env = {
    DATABASE_URL: url.toString(),
    SESSION_SECRET: TEST_SESSION_SECRET,
    SSO_SECRET_KEY: TEST_SSO_SECRET_KEY,
  };
  runDbCli(["migrate"], env);
  // As on the embedded database, no register and no demo jobs: test servers hold only the feed's jobs.
  // The tests that ask for a register get a copy of this with it (templateWithRegister in harness.ts),
  // so the copy every other server makes is a quarter of the size.
  runDbCli(["seed", "--demo", "--jobs", "0"], { ...env, DEMO_SPONSOR_REGISTER: "none" });
  runDbCli(["jobs-import", TEST_JOBS_FEED, "--source", "http-tests"], env);
  runDbCli(["content-sync"], env);
  // As on the embedded database: the recurring jobs run once here, not as each test server starts
  // (where they raced what a test prepared, a red CI).
  await firstStart({ DATABASE_URL: env.DATABASE_URL, SESSION_SECRET: env.SESSION_SECRET });
  project.provide("serverDataTemplate", "");
  project.provide("serverSnapshot", "");
  project.provide("serverDatabaseTemplate", name);
  return async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    // The templates made from this one (harness.ts) first.
    const { rows } = await c.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [`${name}_`],
    );
    for (const { datname } of [...rows, { datname: name }])
      await c.query(`drop database if exists ${datname} with (force)`);
    await c.end();
  };
}
