import { afterEach, describe, expect, it } from "vitest";
import { type MarkdownRenderer, htmlToMarkdownMany, markdownRenderer } from "./markdown-worker.server";
import { htmlToMarkdown, renderMarkdown } from "./markdown.server";

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

  it("makes HTML Markdown on its own thread exactly as htmlToMarkdown does", async () => {
    renderer = markdownRenderer();
    const htmls = ["<h1>Role</h1><p>Build <b>things</b> &amp; more</p>", "<ul><li>a</li><li>b</li></ul>", ""];
    expect(await renderer.toMarkdown(htmls)).toEqual(htmls.map(htmlToMarkdown));
  });
});

describe("htmlToMarkdownMany", () => {
  const html = (i: number) => `<h2>Job ${i}</h2><p>You will <em>build</em> ${i % 5} things.</p><ul><li>${i}</li></ul>`;

  it("converts many HTMLs on two threads, each as htmlToMarkdown does", async () => {
    const htmls = Array.from({ length: 3_000 }, (_, i) => html(i));
    const converted = await htmlToMarkdownMany(htmls);
    expect(converted.size).toBe(3_000);
    for (const h of htmls) expect(converted.get(h)).toBe(htmlToMarkdown(h));
  });

  it("leaves a few to be converted where they are needed", async () => {
    expect((await htmlToMarkdownMany(Array.from({ length: 10 }, (_, i) => html(i)))).size).toBe(0);
  });
});
