// What the benchmarks share: a failure that is the bench's own, free ports, child processes that are
// stopped however the bench ends, and a throwaway data folder for the server under test.
import { spawn, spawnSync } from "node:child_process";
import http from "node:http";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { rootDir } from "./ensure-build.js";

export class BenchError extends Error {}
export const fail = (message) => {
  throw new BenchError(message);
};

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const children = new Set();
const dataDirs = new Set();

/** A child process stopped by `cleanup()` (and killed if the bench exits without it). */
export function track(child) {
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

/** A new empty folder for a server's embedded database, removed by `cleanup()`. */
export function throwawayDataDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  dataDirs.add(dir);
  return dir;
}

/** Starts a Node child and resolves once it prints `ready`; its output is kept for error messages. */
export function start(name, args, env, ready, seconds = 90) {
  const child = track(spawn(process.execPath, args, { cwd: rootDir, env: { ...process.env, ...env } }));
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new BenchError(`${name} did not print "${ready}" within ${seconds} s:\n${output}`)),
      seconds * 1000,
    );
    const onData = (chunk) => {
      output += chunk;
      if (output.includes(ready)) {
        clearTimeout(timer);
        // Read on and drop what follows (a request log line a request, under load): the pipe must not fill.
        child.stdout.off("data", onData);
        child.stderr.off("data", onData);
        child.stdout.resume();
        child.stderr.resume();
        resolve(child);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new BenchError(`${name} exited (code ${code}) before it printed "${ready}":\n${output}`));
    });
  });
}

// Waits for the children to stop on SIGTERM (PGlite flushes its data folder), then removes the folders.
export async function cleanup() {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise((resolve) => {
          const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
          child.once("exit", () => (clearTimeout(force), resolve()));
          child.kill("SIGTERM");
        }),
    ),
  );
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}
process.on("exit", () => children.forEach((child) => child.kill("SIGKILL")));
process.on("SIGINT", () => cleanup().finally(() => process.exit(130)));
process.on("SIGTERM", () => cleanup().finally(() => process.exit(143)));

/** Runs `main`, reports a failure as the bench's `name`, cleans up and exits (1 only when something broke). */
export async function runBench(name, main) {
  let code = 0;
  try {
    await main();
  } catch (error) {
    console.error(`\n${name} failed: ${error instanceof BenchError ? error.message : error.stack}`);
    code = 1;
  }
  await cleanup();
  process.exit(code);
}

/** A small seeded generator (mulberry32) and a picker over it, so every run measures the same data and queries. */
export function seeded(seed) {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { random, pick: (list) => list[Math.floor(random() * list.length)] };
}

// One kept-alive connection, as one client making requests one after another.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** Closes the connection `get` keeps, so that the process can end once the server under test has closed. */
export const closeConnections = () => agent.destroy();

/** A GET to the server under test on loopback: the body as text, or an error naming any status but 200. */
export function get(port, p) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: p, agent }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () =>
          res.statusCode === 200 ? resolve(body) : reject(new Error(`${p} answered ${res.statusCode}: ${body}`)),
        );
      })
      .on("error", reject);
  });
}

/** Clock ticks a second, the unit of /proc/<pid>/stat's CPU times (100 on Linux unless built otherwise). */
let ticksPerSecond;
function clockTicks() {
  if (ticksPerSecond === undefined) {
    const out = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
    ticksPerSecond = Number(out.stdout?.trim()) || 100;
  }
  return ticksPerSecond;
}

/**
 * The CPU time a process has spent so far, user and system, in milliseconds, all its threads (the
 * garbage collector's too), from /proc/<pid>/stat: a measure of its work that other processes on a
 * loaded machine do not stretch, as they do wall-clock time.
 */
export function processCpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces, so cut at its closing parenthesis): utime is 14th, stime 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
}

/**
 * Waits until the process has been idle for a second (under 20 ms of CPU), at most `seconds`: a
 * server's first start does its recurring jobs' first runs in the background (reminders, digests, the
 * analytics), a few seconds of CPU that a measurement of its views would otherwise count as theirs.
 */
export async function settled(pid, seconds = 60) {
  for (const until = Date.now() + seconds * 1000; Date.now() < until; ) {
    const before = processCpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (processCpuMs(pid) - before < 20) return true;
  }
  return false;
}

/**
 * The server process's CPU time per answer of `path`: `views` GETs one after another on one kept-alive
 * connection (after `warmUp` more, so that the JIT has settled), the process's CPU time over them
 * divided by their number. Every answer must be 200.
 */
export async function cpuPerView({ pid, port, path: p, cookie, views, warmUp = 100 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = cookie ? { Cookie: cookie } : {};
  const once = () =>
    new Promise((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: p, agent, headers }, (res) => {
          res.resume();
          res.on("end", () =>
            res.statusCode === 200
              ? resolve()
              : reject(new BenchError(`${p} answered ${res.statusCode}, expected 200`)),
          );
        })
        .on("error", reject);
    });
  try {
    for (let i = 0; i < warmUp; i++) await once();
    const before = processCpuMs(pid);
    const started = performance.now();
    for (let i = 0; i < views; i++) await once();
    return { cpuMs: (processCpuMs(pid) - before) / views, wallMs: (performance.now() - started) / views };
  } finally {
    agent.destroy();
  }
}
