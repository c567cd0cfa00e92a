import { type TestSmtpServer, startSmtpServer } from "../support/smtp";
import { AsyncLocalStorage } from "node:async_hooks";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { format } from "node:util";
import pg from "pg";
import { inject } from "vitest";
import { type Db, openDatabase } from "~/db/client.server";
import { importJobsFile } from "~/features/jobs/index.server";
import { TEST_SESSION_SECRET, TEST_SSO_SECRET_KEY, freePort, runDbCli } from "./server-template";
import { base32Decode, totpCode, totpStep } from "~/lib/totp.server";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Set by the test runner to run this suite against a PostgreSQL server instead of PGlite. */
const SERVER_URL = process.env.TEST_DATABASE_URL;
export const DEMO_PASSWORD = "DemoPass#2026";

export type TestServer = {
  port: number;
  origin: string;
  env: Record<string, string>;
  /** What the server printed (its console), from its start. */
  output: () => string;
  /** Resolves once the server has printed `text` (at once if it already has). */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
};

/** A server run as its own process, `node server.js`, as an operator runs it. */
export type ServerProcess = TestServer & {
  /** The server's process (for what /proc says of it). */
  pid: number;
  /** Resolves with the process's exit code once it has exited (null when a signal ended it). */
  exited: Promise<number | null>;
};

/** What a server printed, and a way to wait for a line of it. */
class Output {
  text = "";
  private readonly listeners = new Set<() => void>();

  append(chunk: string) {
    this.text += chunk;
    for (const listener of [...this.listeners]) listener();
  }

  waitFor(text: string, timeoutMs = 120_000): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!this.text.includes(text)) return;
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`the server did not print "${text}" within ${timeoutMs} ms:\n${this.text}`));
      }, timeoutMs);
      this.listeners.add(check);
      check();
    });
  }
}

type ServerModule = typeof import("../../server/app");
type Database = Awaited<ReturnType<ServerModule["openDatabase"]>>;
let serverModule: Promise<ServerModule> | undefined;
/**
 * The production build's server module (build/, made by `npm run build`), imported once per test
 * process: vitest.config.ts has Node load it as `node server.js` does, and keeps the suite in one process.
 */
const productionBuild = () =>
  (serverModule ??= import(pathToFileURL(path.join(ROOT, "build/server/index.js")).href) as Promise<ServerModule>);

/** The template's dump (server-template.ts), read once: each app's database is restored from it in memory. */
let snapshot: Blob | undefined;

/** `work` the first time, and the same promise after. */
const once = (work: () => Promise<void>) => {
  let done: Promise<void> | undefined;
  return () => (done ??= work());
};

/** A test server's database: what its environment names, the database itself when it is open in this process. */
type TestDatabase = { env: Record<string, string>; database?: Database; remove(): Promise<void> };

/**
 * A test server's database, as an operator would leave it before the start: a copy of the suite's
 * template (see server-template.ts), migrated and given the demo data and content/. On PGlite, an app
 * in this process opens the template's dump in memory; a server process, or a test that names a
 * DATA_DIR (to open it after the server, or to restart on it), has a copy of its folder. On PostgreSQL,
 * a database made from the template database. `fresh` is a new one instead, for the tests of a first
 * start. A DATA_DIR that already holds a database is used as it is (a restart).
 */
async function databaseFor(
  extraEnv: Record<string, string>,
  { fresh = false, inProcess = false }: { fresh?: boolean; inProcess?: boolean } = {},
): Promise<TestDatabase> {
  const ownDataDir = extraEnv.DATA_DIR === undefined;
  const dataDir = extraEnv.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "careers-http-"));
  const removeDataDir = () => {
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (inProcess && ownDataDir && !SERVER_URL && !extraEnv.DATABASE_URL) {
    const { openDatabase } = await productionBuild();
    snapshot ??= new Blob([new Uint8Array(fs.readFileSync(inject("serverSnapshot")))]);
    const database = await openDatabase(fresh ? {} : { loadDataDir: snapshot });
    return { env, database, remove: once(async () => (await database.close(), removeDataDir())) };
  }
  const dataTemplate = inject("serverDataTemplate");
  if (dataTemplate && !fresh && !extraEnv.DATABASE_URL && !fs.existsSync(path.join(dataDir, "pglite"))) {
    fs.cpSync(dataTemplate, dataDir, { recursive: true });
  }
  let dropDatabase = async () => {};
  if (SERVER_URL && !extraEnv.DATABASE_URL) {
    const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const register = extraEnv.DEMO_SPONSOR_REGISTER;
    const template = fresh
      ? null
      : register && register !== "none"
        ? await templateWithRegister(register, extraEnv.DEMO_JOBS)
        : inject("serverDatabaseTemplate");
    await createDatabase(name, template);
    Object.assign(env, serverDatabaseEnv(name));
    if (!template) {
      runDbCli(["migrate"], env);
      // As an operator seeds it for the server: with the register its environment names.
      runDbCli(["seed", "--demo"], { ...env, DEMO_SPONSOR_REGISTER: register ?? "none" });
    }
    // Without force: the app's connections are still closing when its close() resolves (pg's pool
    // does not wait for them), and PostgreSQL waits for them where force would cut them off, an
    // error in this process. Force only for what is still open after that.
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: SERVER_URL });
      await c.connect();
      await c
        .query(`drop database if exists ${name}`)
        .catch(() => c.query(`drop database if exists ${name} with (force)`));
      await c.end();
    };
  }
  return { env, remove: once(async () => (await dropDatabase(), removeDataDir())) };
}

/** What a server or a command needs to use database `name` of the suite's PostgreSQL server. */
function serverDatabaseEnv(name: string): Record<string, string> {
  const url = new URL(SERVER_URL!);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), SESSION_SECRET: TEST_SESSION_SECRET, SSO_SECRET_KEY: TEST_SSO_SECRET_KEY };
}

/** Creates database `name` on the suite's PostgreSQL server: a copy of `template`, or empty. */
async function createDatabase(name: string, template: string | null): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    // Written through the WAL (PostgreSQL's default), not a copy of the files, which first makes the
    // server write every changed page out (a checkpoint): 0.28 core-s a copy of the template against
    // 0.52 when it held the register (43 MB), and the PostgreSQL suite 133 core-s against 147
    // (2026-11-30; docs/testing.md#speed).
    await admin.query(
      template ? `create database ${name} template ${template} strategy wal_log` : `create database ${name}`,
    );
  } finally {
    await admin.end();
  }
}

const registerTemplates = new Map<string, Promise<string>>();
/**
 * On PostgreSQL, the suite's template with the demo register `register` (a file, as
 * DEMO_SPONSOR_REGISTER names it) imported as `npm run db:seed -- --demo` imports it, and `jobs` demo
 * jobs (DEMO_JOBS; by default the seed's, with the demo students' activity on them), made the first
 * time a test asks for it. The suite's template holds none, like the embedded database's (whose
 * servers import the register they are given as they start, and make the demo jobs unless DEMO_JOBS
 * is 0), so that every other copy is small: the register is three quarters of a seeded database.
 * server-template.ts drops these at the end.
 */
function templateWithRegister(register: string, jobs: string | undefined): Promise<string> {
  const key = `${register}\0${jobs ?? ""}`;
  let made = registerTemplates.get(key);
  if (!made) {
    const name = `${inject("serverDatabaseTemplate")}_r${Math.random().toString(36).slice(2, 8)}`;
    made = createDatabase(name, inject("serverDatabaseTemplate")).then(() => {
      runDbCli(["seed", "--demo", ...(jobs === undefined ? [] : ["--jobs", jobs])], {
        ...serverDatabaseEnv(name),
        DEMO_SPONSOR_REGISTER: register,
      });
      return name;
    });
    registerTemplates.set(key, made);
  }
  return made;
}

/**
 * The environment of a test server: production, no demo sponsor register, requests to this machine
 * allowed (the tests' identity providers run here), no request log, then `extraEnv`.
 */
function serverEnv(port: number, database: Record<string, string>, extraEnv: Record<string, string>) {
  // Servers start without the demo sponsor register (a 48,684-row import each): the tests of the
  // sponsor checker ask for it by name.
  return {
    PORT: String(port),
    NODE_ENV: "production",
    DEMO_SPONSOR_REGISTER: "none",
    ALLOW_LOOPBACK_FETCH: "1",
    // The key the template's demo data was sealed with (the demo staff member's authenticator).
    SSO_SECRET_KEY: TEST_SSO_SECRET_KEY,
    // A line a request would drown what the tests read of a server's output; the log's own tests set a level.
    LOG_LEVEL: "silent",
    ...extraEnv,
    ...database,
  };
}

/** The output of the app in whose work (its start, a request, a job it runs) the current code runs. */
const appOutput = new AsyncLocalStorage<Output>();
const CAPTURED = Symbol("the console as test servers print to it");

/**
 * What an app prints goes to its own output, as a server process's console goes to its stdout and
 * stderr; anything else prints as usual. Vitest may give each test file a console of its own, so this
 * runs at each start.
 */
function captureConsole() {
  const target = console as Console & { [CAPTURED]?: true };
  if (target[CAPTURED]) return;
  target[CAPTURED] = true;
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    const print = target[method];
    target[method] = function (this: Console, ...args: unknown[]) {
      const output = appOutput.getStore();
      if (output) output.append(`${format(...args)}\n`);
      else print.apply(this, args);
    };
  }
}

/**
 * Starts the production app (build/, `createApp` of server/app.ts) in this process, on a free port and
 * a database of its own (see `databaseFor`): the same app, edge checks and React Router handler as
 * `node server.js`, without a process to start, a build to load and content/ to read each time.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  { fresh = false }: { fresh?: boolean } = {},
): Promise<TestServer> {
  return startApp(extraEnv, await databaseFor(extraEnv, { fresh, inProcess: true }));
}

/** Starts the app on `database`, which its `stop` removes. */
async function startApp(extraEnv: Record<string, string>, database: TestDatabase): Promise<TestServer> {
  const { createApp } = await productionBuild();
  captureConsole();
  const output = new Output();
  const listener = http.createServer({ keepAliveTimeout: 65_000 });
  await new Promise<void>((resolve) => listener.listen(0, resolve));
  const { port } = listener.address() as AddressInfo;
  const env = serverEnv(port, database.env, extraEnv);
  let app: Awaited<ReturnType<ServerModule["createApp"]>>;
  try {
    // The request log joins the app's output, as a server process's standard output does.
    const logTo = { write: (line: string) => output.append(line) };
    app = await appOutput.run(output, () => createApp({ rootDir: ROOT, env, database: database.database, logTo }));
  } catch (error) {
    listener.close();
    await database.remove();
    throw new Error(`server did not start:\n${output.text}`, { cause: error });
  }
  listener.on("request", (req, res) => appOutput.run(output, () => app.handler(req, res)));
  return {
    port,
    origin: `http://localhost:${port}`,
    env,
    output: () => output.text,
    waitForOutput: (text, timeoutMs) => output.waitFor(text, timeoutMs),
    // As server.js stops: no new connections, then the app (its jobs, its database).
    stop: once(async () => {
      const closed = new Promise((resolve) => listener.close(resolve));
      listener.closeIdleConnections();
      await app.close();
      listener.closeAllConnections();
      await closed;
      await database.remove();
    }),
  };
}

/** Starts `node server.js` (build/) as its own process, on a free port and a database of its own (see `databaseFor`). */
export async function startServerProcess(
  extraEnv: Record<string, string> = {},
  mode: "production" | "dev" = "production",
  { fresh = false }: { fresh?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const database = await databaseFor(extraEnv, { fresh });
  const env = serverEnv(port, database.env, extraEnv);
  if (mode === "dev") env.NODE_ENV = "development";
  const args = mode === "dev" ? ["--conditions=development", "server.js", "--dev"] : ["server.js"];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = new Output();
  child.stdout!.on("data", (d) => output.append(String(d)));
  child.stderr!.on("data", (d) => output.append(String(d)));
  try {
    await new Promise<void>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output.text}`)));
      output.waitFor("Serving at").then(resolve, reject);
    });
  } catch (error) {
    child.kill("SIGKILL");
    await database.remove();
    throw error;
  }
  child.removeAllListeners("exit");
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    port,
    pid: child.pid!,
    exited,
    origin: `http://localhost:${port}`,
    env,
    output: () => output.text,
    waitForOutput: (text, timeoutMs) => output.waitFor(text, timeoutMs),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      await database.remove();
    },
  };
}

/**
 * Runs server.js to completion (for start-up failures); resolves with its exit code and output. Unless
 * `env` names a database, it runs on a copy of the suite's (see `databaseFor`), so that what fails is
 * what `env` says.
 */
export async function runServerExpectingExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const database = env.DATA_DIR || env.DATABASE_URL ? null : await databaseFor({});
  try {
    return await new Promise((resolve) => {
      const child = spawn(process.execPath, ["server.js"], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: "production", ...database?.env, ...env },
      });
      let output = "";
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      const timer = setTimeout(() => child.kill("SIGKILL"), 150_000);
      child.on("exit", (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  } finally {
    await database?.remove();
  }
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

/** The demo platform staff member's authenticator secret (app/db/seed/demo.ts). */
export const DEMO_STAFF_TOTP = "JBSWY3DPEHPK3PXP";

/** The code an authenticator app shows for `secret`, `ahead` steps of 30 seconds from now. */
export function authenticatorCode(secret: string, ahead = 0): string {
  return totpCode(base32Decode(secret)!, totpStep(new Date()) + ahead);
}

/**
 * Logs a platform staff member in as a browser would: the password, then the authentication code,
 * returning the session cookie header. A code works once, so a second login within the same 30
 * seconds takes the next step's code (an authenticator's clock may run that far ahead).
 */
export async function loginAsStaff(
  server: TestServer,
  email = "ops@demo.test",
  secret = DEMO_STAFF_TOTP,
  password = DEMO_PASSWORD,
): Promise<string> {
  const headers = { Origin: server.origin, "Sec-Fetch-Site": "same-origin" };
  const first = await request(server, { path: "/login", headers, form: { email, password } });
  const challenge = cookieSet(first, "second_factor");
  if (first.status !== 303 || !challenge) throw new Error(`staff login of ${email} failed: ${first.status}`);
  for (const ahead of [0, 1]) {
    const reply = await request(server, {
      path: "/login/second-factor",
      cookie: `second_factor=${challenge}`,
      headers,
      form: { code: authenticatorCode(secret, ahead) },
    });
    const sid = cookieSet(reply, "sid");
    if (sid) return `sid=${sid}`;
    if (reply.status !== 401)
      throw new Error(`staff code of ${email} failed: ${reply.status} ${reply.body.slice(0, 300)}`);
  }
  throw new Error(`no code of ${email}'s authenticator was taken`);
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
 * A server whose database holds `feed`, imported as `npm run jobs:import` imports it (the command
 * itself is tested in server/jobs-cli.test.ts): on the embedded database before the app starts, on a
 * PostgreSQL server once it runs.
 */
export async function startServerWithFeed(
  name: string,
  feed: Record<string, unknown>[],
  env: Record<string, string>,
): Promise<{ server: TestServer; stop(): Promise<void> }> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `careers-${name}-`));
  const feedFile = path.join(workDir, `${name}.jsonl`);
  fs.writeFileSync(feedFile, feed.map((j) => JSON.stringify(j)).join("\n"));
  try {
    const { server, stop } = await startServerWithData(async (db) => {
      const outcome = await importJobsFile(db, feedFile, {
        source: name,
        now: new Date(),
        skipBad: false,
        rootDir: ROOT,
      });
      if (!outcome.ok || outcome.summary.added !== feed.length)
        throw new Error(`the feed ${name} was not imported whole: ${JSON.stringify(outcome)}`);
    }, env);
    return { server, stop: async () => (await stop(), fs.rmSync(workDir, { recursive: true, force: true })) };
  } catch (error) {
    fs.rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A server whose database `prepare` fills first (with tests/support/factories.ts): on the embedded
 * database before the app starts on it, on a PostgreSQL server once it runs. `stopAndRead` stops the
 * server and hands `read` its database as the requests left it.
 */
export async function startServerWithData<T>(
  prepare: (db: Db) => Promise<T>,
  env: Record<string, string> = {},
): Promise<{
  server: TestServer;
  prepared: T;
  /** `work` on the server's database while it serves (a background job a test runs itself, at a time it chooses). */
  withDatabase<R>(work: (db: Db) => Promise<R>): Promise<R>;
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
  if (SERVER_URL) {
    const server = await startServer(env);
    const prepared = await withDb({ url: server.env.DATABASE_URL }, prepare);
    return {
      server,
      prepared,
      withDatabase: (work) => withDb({ url: server.env.DATABASE_URL }, work),
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
  // The embedded database, open in this process: filled before the app starts, read once it stopped.
  const database = await databaseFor(env, { inProcess: true });
  const { db } = database.database!;
  try {
    const prepared = await prepare(db);
    const server = await startApp(env, { ...database, remove: async () => {} });
    return {
      server,
      prepared,
      withDatabase: (work) => work(db),
      stopAndRead: async (read) => {
        try {
          await server.stop();
          return await read(db);
        } finally {
          await database.remove();
        }
      },
      stop: async () => (await server.stop(), await database.remove()),
    };
  } catch (error) {
    await database.remove();
    throw error;
  }
}
