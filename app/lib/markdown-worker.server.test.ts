import { afterEach, describe, expect, it } from "vitest";
import { type MarkdownRenderer, markdownRenderer } from "./markdown-worker.server";
import { renderMarkdown } from "./markdown.server";

const TEXTS = [
  "# About the role\n\nYou will **ship** work people rely on.",
  "- one\n- two\n\n1. first\n2. second",
  "[Apply](https://example.com/apply) or [not](javascript:alert(1))",
  '<script>alert(1)</script><p onclick="x()">Café & co</p>',
  "",
];

let renderer: MarkdownRenderer | null = null;
afterEach(async () => {
  await renderer?.close();
  renderer = null;
});

describe("markdownRenderer", () => {
  it("renders on its own thread exactly what renderMarkdown renders, in order", async () => {
    renderer = markdownRenderer();
    const [a, b] = await Promise.all([renderer.render(TEXTS), renderer.render([...TEXTS].reverse())]);
    expect(a).toEqual(TEXTS.map(renderMarkdown));
    expect(b).toEqual([...TEXTS].reverse().map(renderMarkdown));
    expect(a[0]).toContain('<h2 id="about-the-role">');
  });

  it("refuses a render once closed, and one under way when closed, and closes twice without harm", async () => {
    renderer = markdownRenderer();
    const pending = renderer.render(Array.from({ length: 2_000 }, (_, i) => `Job ${i}: **bold** text`));
    const refused = expect(pending).rejects.toThrow(/closed/);
    await renderer.close();
    await refused;
    await expect(renderer.render(["more"])).rejects.toThrow(/closed/);
    await renderer.close();
  });
});
