// The production build's Markdown renderer thread (app/lib/markdown-worker.server.ts): the thread runs
// the chunk its module was bundled into, which must answer as `makeDescription` does, and must not load the
// application's other chunks (sharp, PDF.js and the rest) to do so.
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { type DescriptionInput, makeDescription } from "~/lib/markdown-worker.server";

const ASSETS = path.resolve(import.meta.dirname, "../../build/server/assets");

function rendererChunk(): string {
  const found = fs
    .readdirSync(ASSETS)
    .filter((name) => name.endsWith(".js"))
    .filter((name) => fs.readFileSync(path.join(ASSETS, name), "utf8").includes('"render-markdown"'));
  expect(found).toHaveLength(1);
  return path.join(ASSETS, found[0]!);
}

describe("the built Markdown renderer thread", () => {
  it("is a chunk of its own that imports packages only", () => {
    const source = fs.readFileSync(rendererChunk(), "utf8");
    expect(path.basename(rendererChunk())).toMatch(/^markdown-/);
    const imported = [...source.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]!);
    expect(imported).toContain("sanitize-html");
    expect(imported.filter((from) => from.startsWith("."))).toEqual([]);
  });

  it("makes on its thread the descriptions makeDescription makes, from Markdown and from HTML", async () => {
    const inputs: DescriptionInput[] = [
      { markdown: "# About\n\nBuild **things** & more." },
      { markdown: "[go](javascript:alert(1)) <script>x</script>" },
      { markdown: "" },
      { html: "<h2>About</h2><p>Join <em>us</em> &amp; learn.</p><ul><li>SQL</li></ul>" },
    ];
    const worker = new Worker(rendererChunk(), { workerData: { role: "render-markdown" } });
    try {
      const answer = await new Promise((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
        worker.postMessage({ id: 7, inputs });
      });
      expect(answer).toEqual({ id: 7, descriptions: inputs.map(makeDescription) });
    } finally {
      await worker.terminate();
    }
  });
});
