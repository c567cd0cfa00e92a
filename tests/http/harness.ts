import { type TestSmtpServer, startSmtpServer } from "../support/smtp";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type Db, openDatabase } from "~/db/client.server";
import { TEST_SESSION_SECRET, freePort, runDbCli } from "./server-template";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Set by the test runner to run this suite against a PostgreSQL server instead of PGlite. */
const SERVER_URL = process.env.TEST_DATABASE_URL;
export const DEMO_PASSWORD = "DemoPass#2026";

export type TestServer = {
  port: number;
  /** The server's process (for what /proc says of it). */
  pid: number;
  origin: string;
  env: Record<string, string>;
  output: () => string;
  /** Resolves once the server has printed `text` (at once if it already has). */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Starts the production server (build/) on a free port with a database of its own: a copy of the
 * suite's template (see server-template.ts), a PGlite folder or a database on the PostgreSQL server
 * of TEST_DATABASE_URL, migrated and given the demo data as an operator would. `fresh` starts from
 * nothing instead, for the tests of a first start. A DATA_DIR that already holds a database is used
 * as it is (a restart).
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  mode: "production" | "dev" = "production",
  { fresh = false }: { fresh?: boolean } = {},
): Promise<TestServer> {
  const port = await freePort();
  const ownDataDir = extraEnv.DATA_DIR === undefined;
  const dataDir = extraEnv.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "careers-http-"));
  const dataTemplate = inject("serverDataTemplate");
  if (dataTemplate && !fresh && !extraEnv.DATABASE_URL && !fs.existsSync(path.join(dataDir, "pglite"))) {
    fs.cpSync(dataTemplate, dataDir, { recursive: true });
  }
  // Servers start without the demo sponsor register (a 48,684-row import each): the tests of the
  // sponsor checker ask for it by name.
  const env: Record<string, string> = {
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: mode === "dev" ? "development" : "production",
    DEMO_SPONSOR_REGISTER: "none",
    ...extraEnv,
  };
  let dropDatabase = async () => {};
  if (SERVER_URL && !extraEnv.DATABASE_URL) {
    const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    const template = inject("serverDatabaseTemplate");
    await admin.query(fresh || !template ? `create database ${name}` : `create database ${name} template ${template}`);
    await admin.end();
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    env.SESSION_SECRET = TEST_SESSION_SECRET;
    if (fresh || !template) {
      runDbCli(["migrate"], env);
      runDbCli(["seed", "--demo"], env);
    }
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: SERVER_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const args = mode === "dev" ? ["--conditions=development", "server.js", "--dev"] : ["server.js"];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const check = () => {
      if (out.includes("Serving at")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  child.removeAllListeners("exit");
  return {
    port,
    pid: child.pid!,
    origin: `http://localhost:${port}`,
    env,
    output: () => out,
    waitForOutput: (text, timeoutMs = 60_000) =>
      new Promise<void>((resolve, reject) => {
        if (out.includes(text)) return resolve();
        const timer = setTimeout(
          () => reject(new Error(`the server did not print "${text}" within ${timeoutMs} ms:\n${out}`)),
          timeoutMs,
        );
        const listener = () => {
          if (!out.includes(text)) return;
          clearTimeout(timer);
          child.stdout!.off("data", listener);
          resolve();
        };
        child.stdout!.on("data", listener);
      }),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      await dropDatabase();
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs server.js to completion (for start-up failures); resolves with its exit code and output. */
export function runServerExpectingExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["server.js"], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", ...env },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

export type Reply = {
  status: number;
  location: string | null;
  headers: http.IncomingHttpHeaders;
  setCookies: string[];
  body: string;
};

/** One raw HTTP request (no redirect following), with full control of Host and cookies. */
export function request(
  server: TestServer,
  opts: {
    path: string;
    method?: string;
    host?: string;
    headers?: Record<string, string>;
    cookie?: string;
    form?: Record<string, string>;
    body?: string;
  },
): Promise<Reply> {
  const body = opts.form ? new URLSearchParams(opts.form).toString() : opts.body;
  const headers: Record<string, string> = {
    Host: `${opts.host ?? "localhost"}:${server.port}`,
    ...(opts.cookie ? { Cookie: opts.cookie } : {}),
    ...(opts.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    ...(body !== undefined ? { "Content-Length": String(Buffer.byteLength(body)) } : {}),
    ...opts.headers,
  };
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: opts.path,
        method: opts.method ?? (body ? "POST" : "GET"),
        headers,
      },
      (res) => {
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (data += c));
        res.on("end", () => {
          const loc = res.headers.location ?? null;
          resolve({
            status: res.statusCode ?? 0,
            location: loc
              ? new URL(loc, `http://${headers.Host}`).pathname + new URL(loc, `http://${headers.Host}`).search
              : null,
            headers: res.headers,
            setCookies: res.headers["set-cookie"] ?? [],
            body: data,
          });
        });
      },
    );
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export type BytesReply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One same-site request whose body and answer are bytes (a PDF, a DOCX, an uploaded image). */
export function requestBytes(
  server: TestServer,
  opts: {
    path: string;
    method?: string;
    cookie?: string;
    body?: Buffer | string;
    type?: string;
    headers?: Record<string, string>;
  },
): Promise<BytesReply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: opts.path,
        method: opts.method ?? "GET",
        headers: {
          Host: `localhost:${server.port}`,
          Origin: server.origin,
          "Sec-Fetch-Site": "same-origin",
          ...(opts.cookie ? { Cookie: opts.cookie } : {}),
          ...(opts.type ? { "Content-Type": opts.type } : {}),
          ...(opts.body !== undefined ? { "Content-Length": String(Buffer.byteLength(opts.body)) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    // The server may answer (413) and close before the whole body is written.
    req.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error),
    );
    req.end(opts.body);
  });
}

/** The value a reply sets for a cookie ("" when it deletes it), or undefined when it does not set it. */
export function cookieSet(reply: Reply, name: string): string | undefined {
  const line = reply.setCookies.find((c) => c.startsWith(`${name}=`));
  if (line === undefined) return undefined;
  const value = decodeURIComponent(line.slice(name.length + 1).split(";")[0] ?? "");
  return /Max-Age=0/.test(line) ? "" : value;
}

/** Logs in through the form as a browser on `host` would, returning the session cookie header. */
export async function loginAs(
  server: TestServer,
  email: string,
  host = "localhost",
  password = DEMO_PASSWORD,
): Promise<string> {
  const reply = await request(server, {
    path: "/login",
    host,
    headers: { Origin: `http://${host}:${server.port}`, "Sec-Fetch-Site": "same-origin" },
    form: { email, password },
  });
  const sid = cookieSet(reply, "sid");
  if (reply.status !== 303 || !sid)
    throw new Error(`login as ${email} failed: ${reply.status} ${reply.body.slice(0, 300)}`);
  return `sid=${sid}`;
}

/**
 * A server whose email goes to a real SMTP server in this test process, with PUBLIC_URL set so the
 * links in its emails name this site. `stop` stops both.
 */
export async function startServerWithMail(
  env: Record<string, string> = {},
): Promise<{ server: TestServer; smtp: TestSmtpServer; stop(): Promise<void> }> {
  const smtp = await startSmtpServer();
  try {
    const server = await startServer({ SMTP_URL: smtp.url, PUBLIC_URL: "http://localhost", ...env });
    return { server, smtp, stop: async () => (await server.stop(), await smtp.close()) };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}

/**
 * A server whose database holds `feed`, imported through `npm run jobs:import` as an operator would:
 * on the embedded database before the server opens it (one process at a time), on a PostgreSQL
 * server once it runs. `embeddedEnv` is added to the server's environment on the embedded database
 * only. `stop` also removes the feed's folder.
 */
export async function startServerWithFeed(
  name: string,
  feed: Record<string, unknown>[],
  env: Record<string, string>,
  embeddedEnv: Record<string, string> = {},
): Promise<{ server: TestServer; stop(): Promise<void> }> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `careers-${name}-`));
  const feedFile = path.join(workDir, `${name}.jsonl`);
  fs.writeFileSync(feedFile, feed.map((j) => JSON.stringify(j)).join("\n"));
  const importFeed = (importEnv: Record<string, string>) => {
    const r = spawnSync(process.execPath, ["scripts/db.js", "jobs-import", feedFile], {
      cwd: ROOT,
      env: { ...process.env, ...importEnv },
      encoding: "utf8",
    });
    if (r.stderr !== "" || !r.stdout.includes(`Imported ${name}: ${feed.length} added`))
      throw new Error(`jobs-import of ${name} failed:\n${r.stdout}${r.stderr}`);
  };
  let server: TestServer;
  const template = inject("serverDataTemplate");
  if (template) {
    const dataDir = path.join(workDir, "data");
    fs.cpSync(template, dataDir, { recursive: true });
    importFeed({ DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production", DEMO_SPONSOR_REGISTER: "none" });
    server = await startServer({ DATA_DIR: dataDir, ...env, ...embeddedEnv });
  } else {
    server = await startServer(env);
    importFeed(server.env);
  }
  return {
    server,
    stop: async () => {
      await server.stop();
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server whose database `prepare` fills first (with tests/support/factories.ts): on the embedded
 * database before the server opens it (one process at a time), on a PostgreSQL server once it runs.
 * `stopAndRead` stops the server and hands `read` its database as the requests left it.
 */
export async function startServerWithData<T>(
  prepare: (db: Db) => Promise<T>,
  env: Record<string, string> = {},
): Promise<{
  server: TestServer;
  prepared: T;
  stopAndRead<R>(read: (db: Db) => Promise<R>): Promise<R>;
  stop(): Promise<void>;
}> {
  const withDb = async <R>(where: { url?: string; dataDir?: string }, work: (db: Db) => Promise<R>): Promise<R> => {
    const database = await openDatabase(where);
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  };
  const template = inject("serverDataTemplate");
  if (!template) {
    const server = await startServer(env);
    const prepared = await withDb({ url: server.env.DATABASE_URL }, prepare);
    return {
      server,
      prepared,
      stopAndRead: async (read) => {
        try {
          return await withDb({ url: server.env.DATABASE_URL }, read);
        } finally {
          await server.stop();
        }
      },
      stop: () => server.stop(),
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "careers-data-"));
  fs.cpSync(template, dataDir, { recursive: true });
  const stop = async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let server: TestServer | undefined;
  try {
    const prepared = await withDb({ dataDir }, prepare);
    server = await startServer({ DATA_DIR: dataDir, ...env });
    const started = server;
    return {
      server: started,
      prepared,
      stopAndRead: async (read) => {
        try {
          await started.stop();
          return await withDb({ dataDir }, read);
        } finally {
          await stop();
        }
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
