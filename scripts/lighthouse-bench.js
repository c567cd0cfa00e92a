// Lighthouse on a phone, in one run: `npm run bench:lighthouse` (LIGHTHOUSE_RUNS=3 runs of each page).
// Mobile form factor, Lighthouse's default simulated slow 4G and 4x CPU slowdown, Debian's Chromium.
// A benchmark, not a test: exits 0 when a target is missed, 1 when something broke.
import fs from "node:fs";
import os from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.js";
import { fail, freePort, runBench, start, throwawayDataDir, track } from "./bench-support.js";
import { ensureBuild } from "./ensure-build.js";

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const TARGET = { performance: 95, lcpMs: 2000, accessibility: 100 };

// --- pages ------------------------------------------------------------------

async function getText(url) {
  const res = await fetch(url, { redirect: "manual" });
  const text = await res.text();
  if (res.status !== 200) fail(`${url} answered ${res.status} (${res.headers.get("location") ?? ""}), expected 200`);
  return text;
}

/** The newest published post: the first card of /blog, which lists newest first. */
async function newestPost(base) {
  const html = await getText(`${base}/blog`);
  const slug = /<h[23]\b[^>]*>\s*<a\b[^>]*href="\/blog\/([^"/?#]+)"/.exec(html)?.[1];
  if (!slug) fail("found no post on /blog");
  return `/blog/${slug}`;
}

// --- Lighthouse -------------------------------------------------------------

const isLoopback = (url) => {
  if (/^(data|blob|about|chrome|chrome-extension|devtools):/.test(url)) return true;
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || /^127\./.test(host);
};

async function audit(url, port) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    // Kept out: a full-page screenshot is of no use to a printed benchmark and costs a second per run.
    disableFullPageScreenshot: true,
  });
  const lhr = result?.lhr;
  if (!lhr) fail(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) fail(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const outside = (lhr.audits["network-requests"]?.details?.items ?? [])
    .map((i) => i.url)
    .filter((u) => !isLoopback(u));
  if (outside.length) fail(`${url} made requests beyond loopback: ${outside.join(", ")}`);
  const score = (category) => lhr.categories[category]?.score;
  const value = (id) => lhr.audits[id]?.numericValue;
  const run = {
    performance: score("performance"),
    accessibility: score("accessibility"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    fcp: value("first-contentful-paint"),
    lcpElement: lhr.audits["lcp-breakdown-insight"]?.details?.items?.find((item) => item.type === "node")?.snippet,
    failedA11y: Object.values(lhr.audits)
      .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score === 0)
      .map((a) => a.id),
  };
  for (const [key, v] of Object.entries(run)) {
    if (v === undefined && key !== "lcpElement") fail(`Lighthouse gave no ${key} for ${url}`);
  }
  return run;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// --- main -------------------------------------------------------------------

async function main() {
  if (!Number.isInteger(runs) || runs < 1)
    fail(`LIGHTHOUSE_RUNS must be a whole number of at least 1, not ${process.env.LIGHTHOUSE_RUNS}`);
  if (!fs.existsSync(CHROMIUM_PATH)) fail(`${CHROMIUM_PATH} not found (apt-get install -y chromium)`);
  ensureBuild();

  const load = os.loadavg()[0];
  const cores = os.availableParallelism();
  console.log(
    `Load average ${load.toFixed(2)} on ${cores} cores${load > cores ? ": the machine is busy, so expect noisy figures (TBT above all)" : ""}.`,
  );

  const port = await freePort();
  const base = `http://localhost:${port}`;
  // The checker answers "still loading" until the first start's import of the demo register is done.
  const env = { NODE_ENV: "production", PORT: String(port), DATA_DIR: throwawayDataDir("lighthouse-data") };
  await start("server.js", ["server.js"], env, "Imported the demo sponsor register of", 180);

  const pages = [
    { name: "home", path: "/" },
    { name: "blog post", path: await newestPost(base) },
    { name: "sponsor checker", path: "/uk-work-visa-sponsor-licence-check?q=tesco" },
  ];
  const checker = await getText(base + pages[2].path);
  if (!checker.includes('id="answer"')) fail("the sponsor checker shows no answer for tesco");
  // Warm the server (first renders compile code paths) so run 1 measures the page, not the JIT.
  for (const page of pages) for (let i = 0; i < 3; i++) await getText(base + page.path);

  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // Nothing but this machine resolves, whatever a page or Chromium itself tries to reach.
    chromeFlags: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost"],
  });
  track(chrome.process);
  console.log(
    `Lighthouse ${runs} ${runs === 1 ? "run" : "runs"} of each page (mobile, simulated slow 4G), Chromium on port ${chrome.port}.\n`,
  );

  const rows = [];
  let allMet = true;
  for (const page of pages) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const r = await audit(base + page.path, chrome.port);
      results.push(r);
      console.log(
        `  ${page.name} run ${i + 1}: performance ${Math.round(r.performance * 100)}, LCP ${(r.lcp / 1000).toFixed(2)} s, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}, accessibility ${Math.round(r.accessibility * 100)}` +
          (r.failedA11y.length ? ` (failed: ${r.failedA11y.join(", ")})` : ""),
      );
    }
    const perf = Math.round(median(results.map((r) => r.performance)) * 100);
    const lcp = median(results.map((r) => r.lcp));
    const tbt = median(results.map((r) => r.tbt));
    const cls = median(results.map((r) => r.cls));
    const a11y = Math.round(median(results.map((r) => r.accessibility)) * 100);
    const met = { perf: perf >= TARGET.performance, lcp: lcp <= TARGET.lcpMs, a11y: a11y >= TARGET.accessibility };
    allMet &&= met.perf && met.lcp && met.a11y;
    const mark = (ok) => (ok ? "" : " ✗");
    rows.push([
      page.name,
      page.path,
      `${perf}${mark(met.perf)}`,
      `${(lcp / 1000).toFixed(2)} s${mark(met.lcp)}`,
      `${Math.round(tbt)} ms`,
      cls.toFixed(3),
      `${a11y}${mark(met.a11y)}`,
      met.perf && met.lcp && met.a11y ? "PASS" : "FAIL",
    ]);
    console.log(`  ${page.name} LCP element: ${results[0].lcpElement ?? "(none reported)"}\n`);
  }

  const header = ["page", "path", "perf", "LCP", "TBT", "CLS", "a11y", "target"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i >= 2 && i <= 6 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  console.log(
    `Medians of ${runs} ${runs === 1 ? "run" : "runs"}:\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}\n${rows.map(line).join("\n")}`,
  );
  console.log(
    `\nTargets: performance >= ${TARGET.performance}, LCP <= ${(TARGET.lcpMs / 1000).toFixed(1)} s, accessibility ${TARGET.accessibility}: ${allMet ? "all met" : "not all met"}.`,
  );
}

await runBench("bench:lighthouse", main);
