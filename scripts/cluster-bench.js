// `npm run bench:cluster` (BENCH_SECONDS=10 by default): the platform on the embedded database, then on
// a PostgreSQL server with one instance, one behind HAProxy and two behind HAProxy, under a mixed load of
// visitors, students (who save jobs: writes) and admins, next to a bare node:http baseline measured in
// the same run. Prints throughput, p50 and p99 for each mix, the share of the baseline, errors, and a
// check that no view after a write showed stale data. Exits 0 when a target is missed (a measurement),
// 1 when something broke (an error answer counts as broken: it must be 0).
import { execFile, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BenchError, fail, freePort, runBench, start, throwawayDataDir, track } from "./bench-support.js";
import { ensureBuild, rootDir } from "./ensure-build.js";
import { startThrowawayPostgres } from "./postgres-server.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const STUDENTS = 120;

const BASELINE = `
const body = JSON.stringify({ status: true, message: "bare node:http baseline", pad: "" });
const padded = body.replace('"pad":""', '"pad":"' + "x".repeat(60 - body.length) + '"');
require("node:http")
  .createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": padded.length });
    res.end(padded);
  })
  .listen(process.env.PORT, () => console.log("ready"));
`;

// Each connection walks the list of requests from a random place: "METHOD|path|cookie|form body".
const MIX_LUA = `
local entries = {}
local at = 0
init = function(args)
  for _, a in ipairs(args) do
    local m, p, c, b = a:match("^(%u+)|([^|]*)|([^|]*)|(.*)$")
    entries[#entries + 1] = { m, p, c, b }
  end
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
  at = math.random(#entries)
end
request = function()
  at = at % #entries + 1
  local e = entries[at]
  local headers = {}
  if e[3] ~= "" then headers["Cookie"] = e[3] end
  if e[1] == "POST" then
    headers["Content-Type"] = "application/x-www-form-urlencoded"
    headers["Sec-Fetch-Site"] = "same-origin"
    return wrk.format("POST", e[2], headers, e[4])
  end
  return wrk.format("GET", e[2], headers)
end
`;

function ensureTool(command, probeArgs, pkg) {
  if (!spawnSync(command, probeArgs).error) return;
  console.log(`${command} not found: installing it (apt-get install -y ${pkg})...`);
  const apt = (args) => spawnSync("apt-get", args, { stdio: "inherit" }).status === 0;
  if (!apt(["install", "-y", pkg]) && !(apt(["update"]) && apt(["install", "-y", pkg])))
    fail(`could not install ${pkg}`);
}

// --- wrk --------------------------------------------------------------------

const toMs = (value, unit) => Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];

function wrk(url, duration, { cookie, script, args = [] } = {}) {
  const argv = [
    "-t2",
    "-c32",
    `-d${duration}s`,
    "--latency",
    ...(cookie ? ["-H", `Cookie: ${cookie}`] : []),
    ...(script ? ["-s", script] : []),
    url,
    ...(args.length ? ["--", ...args] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = execFile("wrk", argv, { timeout: (duration + 30) * 1000, maxBuffer: 1 << 24 }, (error, out, err) =>
      error ? reject(new BenchError(`wrk failed on ${url}: ${err || error.message}`)) : resolve(out),
    );
    track(child);
  });
}

function parseWrk(out) {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const pct = (p) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m").exec(out);
    return m ? toMs(m[1], m[2]) : NaN;
  };
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const [connect, read, write, timeout] = socket ? socket.slice(1).map(Number) : [0, 0, 0, 0];
  if (!rps) fail(`could not parse wrk output:\n${out}`);
  // Timed-out requests (wrk gives up after 2 s) are left out of wrk's latency figures, so they count as errors.
  const errors = [
    non2xx && `${non2xx} error statuses`,
    connect + read + write && `${connect + read + write} socket errors`,
    timeout && `${timeout} over 2 s`,
  ].filter(Boolean);
  return {
    rps,
    p50: pct(50),
    p99: pct(99),
    errors: non2xx + connect + read + write + timeout,
    said: errors.join(", "),
  };
}

// --- the platform -----------------------------------------------------------

const SECRET_ENV = {
  SESSION_SECRET: crypto.randomBytes(32).toString("base64"),
  SSO_SECRET_KEY: crypto.randomBytes(32).toString("base64"),
};

/**
 * Seeds the demo data, then opens sessions with the server's own session store (as the end-to-end
 * tests do, tests/e2e/prepare.js): the load's students, an admin, and one student per check of stale
 * views, each with their own rate limits (120 saved jobs an hour).
 */
async function prepare(env) {
  const saved = { ...process.env };
  Object.assign(process.env, { NODE_ENV: "production", ...SECRET_ENV, ...env });
  try {
    const { runCli, startAuth, withMigratedDatabase } = await import(path.join(rootDir, "build", "server", "index.js"));
    for (const command of env.DATABASE_URL ? [["migrate"], ["seed", "--demo"]] : [["seed", "--demo"]]) {
      const code = await runCli(command, rootDir);
      if (code !== 0) fail(`db ${command.join(" ")} exited with ${code}`);
    }
    const { sql } = await import("drizzle-orm");
    return await withMigratedDatabase(rootDir, "cluster bench sessions", async (database, config) => {
      const { sessions } = startAuth(database.db, config, () => new Date());
      const rows = (q) => database.db.execute(q).then((r) => r.rows);
      const students = await rows(
        sql`select id from users where role = 'student' and access_status = 'active' order by id limit ${STUDENTS + 4}`,
      );
      if (students.length < 8) fail(`the demo data has ${students.length} students; the bench needs at least 8`);
      const [admin] = await rows(sql`select id from users where email = 'admin@demo.test'`);
      const jobs = await rows(sql`select slug from job_postings where status = 'open' order by id limit 200`);
      const posts = await rows(sql`select slug from blog_posts where status = 'published' order by slug limit 20`);
      const cookie = async (id) => `sid=${await sessions.create(id)}`;
      const cookies = [];
      for (const s of students) cookies.push(await cookie(s.id));
      return {
        checkers: cookies.slice(0, 4),
        students: cookies.slice(4),
        admin: await cookie(admin.id),
        jobs: jobs.map((j) => j.slug),
        posts: posts.map((p) => p.slug),
      };
    });
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

async function startInstance(name, env) {
  const port = await freePort();
  const child = await start(
    name,
    ["server.js"],
    { NODE_ENV: "production", PORT: String(port), LOG_LEVEL: "silent", ...SECRET_ENV, ...env },
    "Serving at",
    180,
  );
  return { port, stop: () => new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGTERM"))) };
}

async function startHaproxy(ports) {
  const port = await freePort();
  const dir = throwawayDataDir("cluster-haproxy");
  const config = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(
    config,
    [
      "global",
      "  maxconn 4096",
      // One thread: on two cores shared with the instances, PostgreSQL and wrk, HAProxy's default of a
      // thread per core passed a bare node:http server's answers at 23,000-28,000/s, one thread at 32,000-34,000/s.
      "  nbthread 1",
      "defaults",
      "  mode http",
      "  option http-keep-alive",
      "  timeout connect 5s",
      "  timeout client 60s",
      "  timeout server 60s",
      "frontend platform",
      `  bind 127.0.0.1:${port}`,
      "  default_backend instances",
      "backend instances",
      "  balance roundrobin",
      "  option httpchk GET /readyz",
      "  http-check expect status 200",
      ...ports.map((p, i) => `  server instance${i + 1} 127.0.0.1:${p} check inter 1s`),
      "",
    ].join("\n"),
  );
  const child = track(spawn("haproxy", ["-f", config, "-db"], { stdio: ["ignore", "pipe", "pipe"] }));
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  // The instances are up already: HAProxy serves once it has started and checked them.
  const deadline = Date.now() + 30_000;
  for (let ok = 0; ok < 10; ) {
    const r = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
    ok = r?.status === 200 ? ok + 1 : 0;
    await r?.arrayBuffer();
    if (child.exitCode !== null) fail(`haproxy exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) fail(`HAProxy did not answer through its instances:\n${output}`);
  }
  return port;
}

// --- the load ---------------------------------------------------------------

const entry = (method, p, cookie = "", body = "") => `${method}|${p}|${cookie}|${body}`;

function mixes(data) {
  const visitors = [];
  for (let i = 0; i < 60; i++) visitors.push(entry("GET", `/jobs/${data.jobs[i % data.jobs.length]}`));
  for (const q of ["", "?q=developer", "?q=analyst", "?q=nurse", "?page=2"]) visitors.push(entry("GET", `/jobs${q}`));
  for (const slug of data.posts) visitors.push(entry("GET", `/blog/${slug}`));
  visitors.push(entry("GET", "/blog"), entry("GET", "/"));

  const students = [];
  data.students.forEach((cookie, i) => {
    const slug = data.jobs[(i * 7) % data.jobs.length];
    const form = (intent) => `intent=${intent}&slug=${encodeURIComponent(slug)}&back=%2Fmy-saved-jobs`;
    students.push(
      entry("GET", "/student-dashboard", cookie),
      entry("GET", `/jobs/${slug}`, cookie),
      entry("POST", "/my-saved-jobs", cookie, form("save")),
      entry("GET", "/my-saved-jobs", cookie),
      entry("GET", "/student-dashboard", cookie),
      entry("GET", "/student-dashboard.data", cookie),
      entry("GET", "/jobs?q=developer", cookie),
      entry("GET", "/check-user-loggedin", cookie),
      entry("POST", "/my-saved-jobs", cookie, form("unsave")),
      entry("GET", "/my-saved-jobs", cookie),
      entry("GET", "/student-dashboard", cookie),
      entry("GET", "/api/check-user-redirections", cookie),
    );
  });

  const admins = ["/university-dashboard", "/visa-job-analytics", "/home-country-job-analytics"].map((p) =>
    entry("GET", p, data.admin),
  );

  // Everyone at once: six visitors' requests, three students' and one admin's in every ten.
  const all = [];
  for (let i = 0; i < students.length; i++) {
    for (let v = 0; v < 2; v++) all.push(visitors[(i * 2 + v) % visitors.length]);
    all.push(students[i]);
    if (i % 3 === 0) all.push(admins[(i / 3) % admins.length]);
  }
  return { visitors, students, admins, all };
}

/**
 * While the students' load runs: a student of its own saves a job, then looks at their saved jobs,
 * removes it and looks again, through the same address as the load (so, behind HAProxy, through
 * either instance): each look must show what was just written. Reads the page once before each
 * write, so that a kept page is there to go stale if anything were wrong.
 */
async function staleCheck(base, cookie, slug, until) {
  let checks = 0;
  let stale = 0;
  const headers = { Cookie: cookie };
  const look = async () => (await (await fetch(`${base}/my-saved-jobs`, { headers })).text()).includes(`/jobs/${slug}`);
  const write = async (intent) => {
    const r = await fetch(`${base}/my-saved-jobs`, {
      method: "POST",
      redirect: "manual",
      headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
      body: `intent=${intent}&slug=${encodeURIComponent(slug)}&back=%2Fmy-saved-jobs`,
    });
    await r.arrayBuffer();
    if (r.status !== 303) fail(`saving a job for the stale-view check answered ${r.status}`);
  };
  // 25 rounds at most: 50 writes, within the account's 120 an hour.
  for (let round = 0; round < 25 && Date.now() < until; round++) {
    await look();
    await write("save");
    checks++;
    if (!(await look())) stale++;
    await look();
    await write("unsave");
    checks++;
    if (await look()) stale++;
  }
  return { checks, stale };
}

async function measure(setup, base, data, baselineRps, rows, script, checker) {
  const m = mixes(data);
  const runs = [
    { mix: "access check (student)", url: `${base}/check-user-loggedin`, cookie: data.students[0], goal: "access" },
    { mix: "student dashboard (guarded)", url: `${base}/student-dashboard`, cookie: data.students[1], goal: "page" },
    { mix: "visitors: jobs and blog", entries: m.visitors },
    { mix: "students: dashboard, saving jobs", entries: m.students, check: true },
    { mix: "admins: analytics", entries: m.admins },
    { mix: "everyone at once", entries: m.all },
  ];
  let stale = { checks: 0, stale: 0 };
  for (const run of runs) {
    const options = run.entries ? { script, args: run.entries } : { cookie: run.cookie };
    await wrk(run.url ?? base, 2, options);
    const until = Date.now() + seconds * 1000;
    const [out, checked] = await Promise.all([
      wrk(run.url ?? base, seconds, options),
      run.check ? staleCheck(base, data.checkers[checker], data.jobs[199 % data.jobs.length], until) : null,
    ]);
    if (checked) stale = checked;
    const r = parseWrk(out);
    const share = (r.rps / baselineRps) * 100;
    const goal = { access: { share: 40 }, page: { share: 5, p99: 50 } }[run.goal];
    const met = goal && share >= goal.share && (!goal.p99 || r.p99 < goal.p99);
    rows.push({
      setup,
      mix: run.mix,
      rps: r.rps,
      p50: r.p50,
      p99: r.p99,
      share,
      errors: r.errors,
      said: r.said,
      target: goal ? `>=${goal.share}%${goal.p99 ? `, p99 <${goal.p99} ms` : ""}: ${met ? "met" : "MISSED"}` : "",
    });
    console.log(`  ${setup}: ${run.mix}: ${r.rps.toFixed(0)} req/s`);
  }
  return stale;
}

// --- main -------------------------------------------------------------------

async function main() {
  ensureTool("wrk", ["-v"], "wrk");
  ensureTool("haproxy", ["-v"], "haproxy");
  ensureBuild();
  const pg = await startThrowawayPostgres();
  if (!pg) fail("PostgreSQL is not installed (apt-get install -y postgresql)");
  process.on("exit", () => pg.stop());
  const script = path.join(throwawayDataDir("cluster-lua"), "mix.lua");
  fs.writeFileSync(script, MIX_LUA);

  const basePort = await freePort();
  await start("baseline", ["-e", BASELINE], { PORT: String(basePort) }, "ready");
  await wrk(`http://127.0.0.1:${basePort}/`, 2);
  const baseline = parseWrk(await wrk(`http://127.0.0.1:${basePort}/`, seconds));
  console.log(`Bare node:http baseline: ${baseline.rps.toFixed(0)} req/s. ${os.cpus().length} cores.`);

  const rows = [];
  const stale = [];

  // The embedded database: one instance, which owns its data folder.
  const dataDir = throwawayDataDir("cluster-pglite");
  const embedded = await prepare({ DATA_DIR: dataDir });
  const pglite = await startInstance("server.js (embedded database)", { DATA_DIR: dataDir });
  stale.push([
    "embedded, 1 instance",
    await measure("embedded, 1 instance", `http://localhost:${pglite.port}`, embedded, baseline.rps, rows, script, 0),
  ]);
  await pglite.stop();

  // PostgreSQL: one instance, then one and two behind HAProxy.
  const onPg = await prepare({ DATABASE_URL: pg.url });
  const { port: a } = await startInstance("server.js A (PostgreSQL)", { DATABASE_URL: pg.url });
  stale.push([
    "PostgreSQL, 1 instance",
    await measure("PostgreSQL, 1 instance", `http://localhost:${a}`, onPg, baseline.rps, rows, script, 1),
  ]);
  const lbOne = await startHaproxy([a]);
  stale.push([
    "PostgreSQL, 1 behind HAProxy",
    await measure("PostgreSQL, 1 behind HAProxy", `http://localhost:${lbOne}`, onPg, baseline.rps, rows, script, 2),
  ]);
  const { port: b } = await startInstance("server.js B (PostgreSQL)", { DATABASE_URL: pg.url });
  const lbTwo = await startHaproxy([a, b]);
  stale.push([
    "PostgreSQL, 2 behind HAProxy",
    await measure("PostgreSQL, 2 behind HAProxy", `http://localhost:${lbTwo}`, onPg, baseline.rps, rows, script, 3),
  ]);

  const table = [
    ["setup", "mix", "req/s", "p50 ms", "p99 ms", "of baseline", "errors", "target"],
    ...rows.map((r) => [
      r.setup,
      r.mix,
      r.rps.toFixed(0),
      r.p50.toFixed(2),
      r.p99.toFixed(2),
      `${r.share.toFixed(1)}%`,
      r.said || "0",
      r.target,
    ]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i >= 2 && i <= 6 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  console.log(`\nBaseline (bare node:http): ${baseline.rps.toFixed(0)} req/s, wrk -t2 -c32 -d${seconds}s each.\n`);
  console.log([line(table[0]), widths.map((w) => "-".repeat(w)).join("  "), ...table.slice(1).map(line)].join("\n"));
  console.log("\nViews after a write (a student saves a job, then looks; removes it, then looks):");
  for (const [setup, s] of stale) console.log(`  ${setup}: ${s.checks} checked, ${s.stale} stale`);
  const errors = rows.reduce((n, r) => n + r.errors, 0);
  const staleViews = stale.reduce((n, [, s]) => n + s.stale, 0);
  console.log(`\nErrors: ${errors} (must be 0). Stale views: ${staleViews} (must be 0).`);
  if (errors || staleViews) fail(`${errors} error answers and ${staleViews} stale views`);
}

await runBench("bench:cluster", main);
