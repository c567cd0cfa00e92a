// `npm run bench:cv`: how long the server takes to draw a realistic two-page CV as a PDF (the sample CV
// of app/features/cv/sample.ts, in each template), warm, p50 and p95 over 200 renders, against a one-line
// PDF drawn by the same library with the same font in the same run; then whether memory grows over
// 1,000 renders. A measurement, not a test: it exits 0 when a target is missed, 1 when something broke.
//
// It needs no build: Vite (a devDependency) loads the TypeScript source through its SSR module runner,
// the same transform the production bundle gets, while @react-pdf/renderer and the rest of node_modules
// load natively, as they do from build/server.
import v8 from "node:v8";
import vm from "node:vm";
import { createServer } from "vite";
import { rootDir } from "./ensure-build.js";

const RENDERS = 200;
const SOAK = 1000;
const TARGET_P95_MS = 300;

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc");
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setImmediate(r));
  }
};
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// A server's event loop turns between requests; React frees a render's tree in such a turn, so the
// loops below yield once between renders (untimed), or garbage would pile up as no server sees it.
const turn = () => new Promise((r) => setImmediate(r));

async function time(n, run) {
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
    await turn();
  }
  ms.sort((a, b) => a - b);
  const at = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

const vite = await createServer({
  root: rootDir,
  configFile: false,
  logLevel: "error",
  appType: "custom",
  resolve: { tsconfigPaths: true },
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { renderCvPdf } = await vite.ssrLoadModule("/app/features/cv/pdf/render.server.tsx");
  const { SAMPLE_CV } = await vite.ssrLoadModule("/app/features/cv/sample.ts");
  const { extractText, getDocumentProxy } = await import("unpdf");
  const React = await import("react");
  const { Document, Page, Text, renderToBuffer } = await import("@react-pdf/renderer");
  const h = React.createElement;

  const docFor = (template) => ({
    ...SAMPLE_CV,
    settings: { ...SAMPLE_CV.settings, template, paper: template === "us" ? "Letter" : "A4" },
  });
  const sample = docFor("uk");
  const oneLine = () =>
    renderToBuffer(
      h(
        Document,
        null,
        h(Page, { size: "A4", style: { fontFamily: "cv-sans", padding: 50 } }, h(Text, null, "Amara Okafor")),
      ),
    );

  const first = performance.now();
  const pdf = await renderCvPdf(sample);
  const firstMs = performance.now() - first;
  const pages = (await getDocumentProxy(new Uint8Array(pdf))).numPages;
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  if (!text.includes("Amara Okafor") || !text.includes("Leadership"))
    throw new Error("the sample CV's PDF does not read back");
  console.log(
    `Sample CV (UK template): ${pages} pages, ${(pdf.length / 1024).toFixed(1)} KB; first render, loading the fonts: ${firstMs.toFixed(0)} ms`,
  );

  let rendered = 1;
  for (let i = 0; i < 20; i++) {
    await renderCvPdf(sample);
    await oneLine();
    await turn();
  }
  const cv = await time(RENDERS, () => renderCvPdf(sample));
  const baseline = await time(RENDERS, oneLine);
  const perTemplate = [];
  for (const template of ["us", "europass", "modern"]) {
    const doc = docFor(template);
    for (let i = 0; i < 5; i++) {
      await renderCvPdf(doc);
      await turn();
    }
    perTemplate.push([template, await time(50, () => renderCvPdf(doc))]);
  }

  console.log(`\n| what | renders | p50 | p95 | target p95 |\n| --- | --- | --- | --- | --- |`);
  console.log(
    `| two-page sample CV, UK template | ${RENDERS} | ${cv.p50.toFixed(1)} ms | ${cv.p95.toFixed(1)} ms | < ${TARGET_P95_MS} ms ${cv.p95 < TARGET_P95_MS ? "met" : "MISSED"} |`,
  );
  for (const [template, r] of perTemplate)
    console.log(`| the same, ${template} template | 50 | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | |`);
  console.log(
    `| baseline: one-line PDF, same library and font | ${RENDERS} | ${baseline.p50.toFixed(1)} ms | ${baseline.p95.toFixed(1)} ms | |`,
  );
  console.log(
    `\nRatio to the one-line PDF: p50 ${(cv.p50 / baseline.p50).toFixed(1)}x, p95 ${(cv.p95 / baseline.p95).toFixed(1)}x`,
  );

  // Memory: after the warm-up above, then over 1,000 more renders (a reading every 250).
  await settle();
  const start = process.memoryUsage();
  const readings = [];
  rendered += 20 * 2 + RENDERS * 2 + 3 * 55;
  for (let i = 1; i <= SOAK; i++) {
    await renderCvPdf(sample);
    await turn();
    if (i % 250 === 0) {
      await settle();
      readings.push([i, process.memoryUsage()]);
    }
  }
  // RSS stays well above the heap in use: V8 keeps the heap it grew to (heap total), and the Vite
  // server that loads the source lives in this process too. What matters is that nothing climbs.
  const row = (label, m) => `| ${label} | ${mb(m.heapUsed)} | ${mb(m.heapTotal)} | ${mb(m.external)} | ${mb(m.rss)} |`;
  console.log(`\n| after | heap used | heap total | external | RSS |\n| --- | --- | --- | --- | --- |`);
  console.log(row(`warm-up and timings (${rendered} renders)`, start));
  for (const [i, m] of readings) console.log(row(`+${i} renders`, m));
  const end = readings.at(-1)[1];
  const heapGrowth = end.heapUsed - start.heapUsed;
  const perRender = heapGrowth / SOAK;
  console.log(
    `\nHeap growth over ${SOAK} renders: ${mb(heapGrowth)} (${(perRender / 1024).toFixed(1)} KB a render); RSS growth: ${mb(end.rss - start.rss)}. ` +
      (perRender < 2 * 1024 ? "No growth to speak of (under 2 KB a render)." : "It GROWS."),
  );
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
} finally {
  await vite.close();
}
