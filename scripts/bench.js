// Measures the speed targets in one run: `npm run bench` (BENCH_SECONDS=10 by default): requests per
// second with wrk, and the CPU time a rendered view costs the server (BENCH_VIEWS=0.5 halves the views).
// Exits 0 when a target is missed (a measurement), 1 when something broke.
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import os from "node:os";
import {
  BenchError,
  cpuPerView,
  fail,
  freePort,
  runBench,
  settled,
  start,
  throwawayDataDir,
  track,
} from "./bench-support.js";
import { ensureBuild, rootDir } from "./ensure-build.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/** A factor on the number of views each CPU-per-view row is measured over. */
const views = Number(process.env.BENCH_VIEWS ?? 1);

function run(cmd, args) {
  return spawnSync(cmd, args, { cwd: rootDir, stdio: "inherit" }).status === 0;
}

// A 60-byte JSON answer, like the one in the toolchain notes' speed-limit table. With BURN_MS set,
// the same server spends that much CPU per request and answers a page-sized body: a reference for
// what 32 connections do to any single-threaded server whose requests cost as much as an SSR page.
const BASELINE = `
const body = JSON.stringify({ status: true, message: "bare node:http baseline", pad: "" });
const padded = body.replace('"pad":""', '"pad":"' + "x".repeat(60 - body.length) + '"');
const burn = Number(process.env.BURN_MS || 0);
const answer = burn ? "x".repeat(11000) : padded;
require("node:http")
  .createServer((req, res) => {
    for (const t = performance.now(); performance.now() - t < burn; );
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": answer.length });
    res.end(answer);
  })
  .listen(process.env.PORT, () => console.log("ready " + padded.length));
`;

// --- wrk --------------------------------------------------------------------

const toMs = (value, unit) => Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];

function wrk(url, cookie, duration, latency) {
  const args = [
    "-t2",
    "-c32",
    `-d${duration}s`,
    ...(latency ? ["--latency"] : []),
    ...(cookie ? ["-H", `Cookie: ${cookie}`] : []),
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = execFile("wrk", args, { timeout: (duration + 30) * 1000 }, (error, stdout, stderr) =>
      error ? reject(new BenchError(`wrk failed on ${url}: ${stderr || error.message}`)) : resolve(stdout),
    );
    track(child);
  });
}

function parseWrk(out) {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const timeouts = Number(/timeout (\d+)/.exec(out)?.[1] ?? 0);
  if (!rps || !p99) fail(`could not parse wrk output:\n${out}`);
  return { rps, p99: toMs(p99[1], p99[2]), non2xx, timeouts };
}

// --- checks -----------------------------------------------------------------

async function expectStatus(url, cookie, status) {
  const res = await fetch(url, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  await res.arrayBuffer();
  if (res.status !== status)
    fail(`${url} answered ${res.status} (${res.headers.get("location") ?? ""}), expected ${status}`);
}

async function login(base) {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "Sec-Fetch-Site": "same-origin" },
    body: "email=student@demo.test&password=DemoPass%232026",
  });
  await res.arrayBuffer();
  const sid = res.headers.getSetCookie().find((c) => c.startsWith("sid="));
  if (res.status !== 303 || !sid) fail(`login answered ${res.status} without a session cookie`);
  return sid.split(";")[0];
}

/** Every module the home page loads before it is interactive, gzipped at level 9. */
async function firstLoadJs(base) {
  const html = await (await fetch(`${base}/`)).text();
  const urls = new Set();
  for (const tag of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!/type=["']?module/.test(tag[1])) continue;
    const src = /\bsrc=["']([^"']+)/.exec(tag[1]);
    if (src) urls.add(src[1]);
    // Inline module scripts: import "x", import("x") and import … from "x".
    for (const m of tag[2].matchAll(/\bimport\s*\(?\s*["']([^"']+)["']|\bfrom\s*["']([^"']+)["']/g))
      urls.add(m[1] ?? m[2]);
  }
  for (const tag of html.matchAll(/<link\b[^>]*>/g)) {
    const href = /\bhref=["']([^"']+)/.exec(tag[0]);
    if (/\brel=["']?modulepreload/.test(tag[0]) && href) urls.add(href[1]);
  }
  const files = [...urls].map((u) => new URL(u, base).pathname).filter((p) => p.startsWith("/assets/"));
  if (files.length === 0) fail("the home page loads no JavaScript from /assets/");
  let bytes = 0;
  for (const file of new Set(files)) {
    bytes += zlib.gzipSync(fs.readFileSync(path.join(rootDir, "build", "client", file)), { level: 9 }).length;
  }
  return { bytes, count: new Set(files).size };
}

// --- main -------------------------------------------------------------------

async function main() {
  if (spawnSync("wrk", ["-v"]).error) {
    console.log("wrk not found: installing it (apt-get install -y wrk)...");
    if (
      !run("apt-get", ["install", "-y", "wrk"]) &&
      !(run("apt-get", ["update"]) && run("apt-get", ["install", "-y", "wrk"]))
    ) {
      fail("could not install wrk");
    }
  }
  ensureBuild();

  const [port, renderPort, basePort, burnPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const dataDir = throwawayDataDir("bench-data");
  // The demo register, jobs and student activity before the server starts: on a first start it makes
  // them in the background, and the measurement would time that work instead of the pages.
  const seed = spawnSync(process.execPath, ["scripts/db.js", "seed", "--demo"], {
    cwd: rootDir,
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir },
    encoding: "utf8",
  });
  if (seed.status !== 0) fail(`npm run db:seed -- --demo exited with ${seed.status}:\n${seed.stdout}${seed.stderr}`);
  // A second server on a copy of the same data renders every page (its kept pages turned off), for
  // what a page costs when it is not kept: after a write, or the first time it is asked for.
  const renderDir = throwawayDataDir("bench-render");
  fs.cpSync(dataDir, renderDir, { recursive: true });
  const base = `http://localhost:${port}`;
  const renderBase = `http://localhost:${renderPort}`;
  const started = Date.now();
  const [, renderServer, baselineServer, referenceServer] = await Promise.all([
    start("server.js", ["server.js"], { NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir }, "Serving at"),
    start(
      "server.js, every page rendered",
      ["server.js"],
      { NODE_ENV: "production", PORT: String(renderPort), DATA_DIR: renderDir, PAGE_CACHE_SECONDS: "0" },
      "Serving at",
    ),
    start("baseline", ["-e", BASELINE], { PORT: String(basePort) }, "ready 60"),
    start("reference", ["-e", BASELINE], { PORT: String(burnPort), BURN_MS: "2" }, "ready 60"),
  ]);
  console.log(
    `Servers up in ${((Date.now() - started) / 1000).toFixed(1)} s; wrk -t2 -c32 -d${seconds}s after a 2 s warm-up each.\n`,
  );

  const cookie = await login(base);
  const renderCookie = await login(renderBase);
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ");
  console.log(`Load average (1, 5, 15 min) on ${os.availableParallelism()} cores: ${load()}`);

  // CPU per view, before wrk loads the servers: the server process's own CPU time (user and system,
  // all threads), which a busy machine stretches far less than it does requests per second. Each
  // after views to warm up: a new server's first few hundred views cost several times a later one
  // (V8 compiling the JavaScript and tiering up PGlite's WebAssembly), a cost of starting, not of a view,
  // and the views after them still pay for the compiling its background threads finish: after 600
  // dashboards a view cost 6 to 6.5 ms, after 2,000 about 4.5 (2026-11-29).
  const cpuTargets = [
    { name: "bare node:http (baseline)", child: baselineServer, port: basePort, path: "/", views: 4000, warmUp: 1000 },
    {
      name: "/student-dashboard, rendered",
      child: renderServer,
      port: renderPort,
      path: "/student-dashboard",
      cookie: renderCookie,
      views: 1000,
      warmUp: 2000,
      budget: 5,
    },
    {
      name: "/ home, rendered",
      child: renderServer,
      port: renderPort,
      path: "/",
      views: 2000,
      warmUp: 3000,
      budget: 2,
    },
    {
      name: "node:http, 2 ms CPU + 11 kB (reference)",
      child: referenceServer,
      port: burnPort,
      path: "/",
      views: 500,
      warmUp: 100,
    },
  ];
  const cpuRows = [];
  let cpuBaseline;
  if (!(await settled(renderServer.pid)))
    console.log("  The rendering server did not go idle within 60 s: its CPU per view counts that work too.");
  for (const t of cpuTargets) {
    const n = Math.max(1, Math.round(t.views * views));
    const warmUp = Math.round(t.warmUp * views);
    const r = await cpuPerView({ pid: t.child.pid, port: t.port, path: t.path, cookie: t.cookie, views: n, warmUp });
    cpuBaseline ??= r.cpuMs;
    const met = t.budget === undefined ? "-" : r.cpuMs <= t.budget ? "met" : "missed";
    cpuRows.push([
      t.name,
      String(warmUp),
      String(n),
      r.cpuMs.toFixed(2),
      r.wallMs.toFixed(2),
      cpuBaseline > 0 ? `${(r.cpuMs / cpuBaseline).toFixed(0)}x` : "-",
      t.budget === undefined ? "-" : `<=${t.budget} ms`,
      met,
    ]);
    console.log(`  CPU per view of ${t.name}`);
  }
  const access = { minShare: 25, maxP99: 10 };
  const page = { minShare: 1.5, maxP99: 100 };
  const targets = [
    { name: "bare node:http (baseline)", url: `http://localhost:${basePort}/` },
    { name: "/api/check-user-redirections", url: `${base}/api/check-user-redirections`, cookie, goal: access },
    { name: "/check-user-loggedin", url: `${base}/check-user-loggedin`, cookie, goal: access },
    { name: "/student-dashboard (SSR)", url: `${base}/student-dashboard`, cookie, goal: page },
    { name: "/ home (SSR, no cookie)", url: `${base}/`, goal: page },
    { name: "/student-dashboard, rendered (reference)", url: `${renderBase}/student-dashboard`, cookie: renderCookie },
    { name: "/ home, rendered (reference)", url: `${renderBase}/` },
    { name: "node:http, 2 ms CPU + 11 kB (reference)", url: `http://localhost:${burnPort}/` },
  ];

  const rows = [];
  let baseline;
  for (const t of targets) {
    await expectStatus(t.url, t.cookie, 200);
    await wrk(t.url, t.cookie, 2, false);
    const r = parseWrk(await wrk(t.url, t.cookie, seconds, true));
    baseline ??= r.rps;
    const share = (r.rps / baseline) * 100;
    // Timed-out requests (wrk gives up after 2 s) are left out of wrk's latency figures, so they fail the row too.
    const errors = [r.non2xx && `${r.non2xx} non-2xx`, r.timeouts && `${r.timeouts} timeouts`]
      .filter(Boolean)
      .join(", ");
    const ok = !errors && (!t.goal || (share >= t.goal.minShare && r.p99 < t.goal.maxP99));
    const goal = t.goal ? `>=${t.goal.minShare}%, p99 <${t.goal.maxP99} ms` : "-";
    const result = t.goal ? (ok ? "PASS" : "FAIL") : "-";
    rows.push([
      t.name,
      r.rps.toFixed(0),
      r.p99.toFixed(2),
      `${share.toFixed(1)}%`,
      goal,
      result + (errors ? ` (${errors})` : ""),
    ]);
    console.log(`  measured ${t.name}`);
  }

  const table = (header, body, numeric) => {
    const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
    const line = (cells) =>
      cells
        .map((c, i) => (numeric.includes(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
        .join("  ")
        .trimEnd();
    return `${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}\n${body.map(line).join("\n")}`;
  };
  console.log(`\n${table(["target", "req/s", "p99 ms", "of baseline", "target", "result"], rows, [1, 2, 3])}`);
  console.log(
    `\nCPU per view (the server process's user+system time over sequential GETs on one connection after the warm-up's, divided by their number):\n${table(
      ["target", "warm-up", "views", "CPU ms/view", "wall ms/view", "x baseline", "budget", "result"],
      cpuRows,
      [1, 2, 3, 4, 5],
    )}`,
  );
  console.log(`\nLoad average (1, 5, 15 min) at the end: ${load()}`);

  const js = await firstLoadJs(base);
  const kb = js.bytes / 1000;
  console.log(
    `\nHome page first-load JavaScript: ${kb.toFixed(1)} kB gzipped in ${js.count} files (target <=130 kB): ${kb <= 130 ? "PASS" : "FAIL"}`,
  );
}

await runBench("bench", main);
