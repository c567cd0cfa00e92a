// `npm run bench:sponsors`: import time and search latency of the sponsor checker on a register of
// about 142,000 rows (the 2021 register plus the 121,454 Skilled Worker names of 2026-06-25 with
// generated towns and routes), against a plain indexed ILIKE 'prefix%' query as the baseline.
// A measurement, not a test: it exits 0 when a target is missed, 1 when something broke.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { closeConnections, get, seeded } from "./bench-support.js";
import { ensureBuild, rootDir } from "./ensure-build.js";

const SHARED = path.resolve(rootDir, "../shared/data/uk-sponsor-register/skilled-worker-names-2026-06-25.json");
const NAMES_2026 = process.env.SPONSOR_NAMES ?? SHARED;
const QUERIES = 1000;

// Seeded, so every run measures the same register and the same queries.
const { random, pick } = seeded(20260625);
const quote = (s) => `"${s.replace(/"/g, '""')}"`;

function buildRegister(file) {
  const csv2021 = zlib
    .gunzipSync(fs.readFileSync(path.join(rootDir, "seed-data/uk-sponsor-register/register-2021-11-02.csv.gz")))
    .toString("utf8");
  const lines = csv2021.trimEnd().split("\n");
  const towns = [
    ...new Set(
      lines
        .slice(1)
        .map((l) => /^"(?:[^"]|"")*","([^"]*)"/.exec(l)?.[1])
        .filter(Boolean),
    ),
  ];
  const names2026 = JSON.parse(fs.readFileSync(NAMES_2026, "utf8"));
  const routes = [
    "Skilled Worker",
    "Skilled Worker",
    "Skilled Worker",
    "Skilled Worker",
    "Global Business Mobility: Senior or Specialist Worker",
    "Creative Worker",
    "Charity Worker",
  ];
  const ratings = [
    "Worker (A rating)",
    "Worker (A rating)",
    "Worker (A rating)",
    "Worker (B rating)",
    "Worker (A (Premium))",
    "Worker (A (SME+))",
  ];
  const out = [lines[0]];
  for (let i = 1; i < lines.length; i++) out.push(lines[i]);
  for (const name of names2026)
    out.push([quote(name), quote(pick(towns)), "", quote(pick(ratings)), quote(pick(routes))].join(","));
  fs.writeFileSync(file, out.join("\n") + "\n");
  const names2021 = lines
    .slice(1)
    .map((l) => /^"((?:[^"]|"")*)"/.exec(l)?.[1].replace(/""/g, '"'))
    .filter(Boolean);
  return { rows: out.length - 1, names: [...names2021, ...names2026.map((n) => n.trim())] };
}

/** 1,000 searches of four kinds, from the register's own names. */
function makeQueries(names) {
  const kinds = { exact: [], prefix: [], misspelt: [], trading: [] };
  const trading = names
    .filter((n) => /\bt\/as?\b|trading as/i.test(n))
    .map((n) =>
      n
        .split(/\bt\/as?\b|trading as/i)[1]
        ?.replace(/[()]/g, "")
        .trim(),
    )
    .filter((n) => n && n.length >= 3);
  const long = names.filter((n) => n.length >= 12);
  while (kinds.exact.length < QUERIES / 4) kinds.exact.push(pick(names));
  while (kinds.prefix.length < QUERIES / 4) {
    const n = pick(names).replace(/^[^A-Za-z0-9]+/, "");
    if (n.length >= 4) kinds.prefix.push(n.slice(0, 3 + Math.floor(random() * 6)));
  }
  while (kinds.misspelt.length < QUERIES / 4) {
    const n = pick(long);
    const i = 3 + Math.floor(random() * (n.length - 6));
    kinds.misspelt.push(n.slice(0, i) + n[i + 1] + n[i] + n.slice(i + 2));
  }
  while (kinds.trading.length < QUERIES / 4) kinds.trading.push(pick(trading));
  return kinds;
}

async function time(list, run) {
  const ms = [];
  for (const item of list) {
    const t = performance.now();
    await run(item);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sponsors-bench-"));
let app;
let server;
try {
  if (!fs.existsSync(NAMES_2026))
    throw new Error(`${NAMES_2026} is missing: set SPONSOR_NAMES to the 2026 names (JSON array).`);
  ensureBuild();
  const file = path.join(dir, "register-2026-06-25.csv");
  const { rows, names } = buildRegister(file);
  console.log(`Register: ${rows.toLocaleString("en-GB")} rows (${(fs.statSync(file).size / 1e6).toFixed(1)} MB)`);

  const dataDir = path.join(dir, "data");
  const started = performance.now();
  const imported = spawnSync(process.execPath, ["scripts/db.js", "sponsors-import", file], {
    cwd: rootDir,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
  });
  if (imported.status !== 0) throw new Error(`import failed:\n${imported.stdout}${imported.stderr}`);
  const importSeconds = Number(/ in ([\d.]+) s\./.exec(imported.stdout)?.[1]);
  console.log(imported.stdout.trim());
  console.log(`Import command, with migrating a new database: ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // The production app in this process: the API over HTTP, the baseline straight on its database.
  process.env.NODE_ENV = "production";
  process.env.DATA_DIR = dataDir;
  process.env.PORT = "65535"; // required by the configuration; this process listens on a free port instead
  const { createApp } = await import("../build/server/index.js");
  app = await createApp({ rootDir });
  server = http.createServer(app.handler);
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address();
  const db = app.services.database.db;
  const { sql } = await import("drizzle-orm");
  await db.execute(
    sql`create index if not exists bench_name_trgm_idx on sponsor_organisations using gin (name gin_trgm_ops)`,
  );

  const kinds = makeQueries(names);
  const all = Object.values(kinds).flat();
  for (const q of all.slice(0, 50)) await get(port, `/api/sponsors?q=${encodeURIComponent(q)}`); // warm-up
  const results = [];
  const search = await time(all, (q) => get(port, `/api/sponsors?q=${encodeURIComponent(q)}`));
  results.push(["search, all kinds (GET /api/sponsors)", search, 50]);
  for (const [kind, list] of Object.entries(kinds))
    results.push([`  ${kind}`, await time(list, (q) => get(port, `/api/sponsors?q=${encodeURIComponent(q)}`)), 50]);
  const prefixes = kinds.prefix.concat(kinds.prefix).concat(kinds.prefix).concat(kinds.prefix);
  results.push([
    "type-ahead (GET /api/sponsors/suggest)",
    await time(prefixes, (q) => get(port, `/api/sponsors/suggest?q=${encodeURIComponent(q)}`)),
    20,
  ]);
  results.push([
    "baseline: indexed ILIKE 'prefix%', in-process",
    await time(prefixes, (q) =>
      db.execute(
        sql`select slug, name, town from sponsor_organisations where name ilike ${`${q.replace(/[\\%_]/g, "\\$&")}%`} order by name limit 20`,
      ),
    ),
    null,
  ]);

  console.log(`\n| what | p50 | p95 | target p95 |\n| --- | --- | --- | --- |`);
  console.log(
    `| import of ${rows.toLocaleString("en-GB")} rows | ${importSeconds.toFixed(1)} s | | < 30 s ${importSeconds < 30 ? "met" : "MISSED"} |`,
  );
  for (const [label, r, target] of results) {
    console.log(
      `| ${label} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${target ? `< ${target} ms ${r.p95 < target ? "met" : "MISSED"}` : ""} |`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  server?.close();
  closeConnections();
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
