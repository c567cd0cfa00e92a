import { afterEach, describe, expect, it } from "vitest";
import {
  type DescriptionInput,
  type DescriptionWorker,
  descriptionWorker,
  makeDescription,
} from "./markdown-worker.server";
import { htmlToMarkdown, renderMarkdown } from "./markdown.server";

const INPUTS: DescriptionInput[] = [
  { markdown: "# About the role\n\nYou will **ship** work people rely on." },
  { markdown: "- one\n- two\n\n1. first\n2. second" },
  { markdown: "[Apply](https://example.com/apply) or [not](javascript:alert(1))" },
  { markdown: '<script>alert(1)</script><p onclick="x()">Café & co</p>' },
  { markdown: "" },
  { html: "<h2>About the role</h2><p>Join our <strong>data</strong> team &amp; learn.</p><ul><li>SQL</li></ul>" },
  { html: '  <p><a href="javascript:alert(1)">x</a><script>alert(1)</script></p>\n ' },
  { html: "<p></p>" },
];

let worker: DescriptionWorker | null = null;
afterEach(async () => {
  await worker?.close();
  worker = null;
});

describe("makeDescription", () => {
  it("keeps a feed's Markdown and renders it", () => {
    expect(makeDescription({ markdown: "Build **things**." })).toEqual({
      markdown: "Build **things**.",
      html: renderMarkdown("Build **things**."),
    });
  });

  it("makes a provider's HTML Markdown, trimmed, and renders that Markdown", () => {
    const got = makeDescription({ html: "<p>Join our <strong>data</strong> team.</p>\n" });
    expect(got.markdown).toBe("Join our **data** team.");
    expect(got.html).toBe(renderMarkdown("Join our **data** team."));
    expect(makeDescription({ html: "<p> </p>" }).markdown).toBe("");
  });
});

describe("descriptionWorker", () => {
  it("makes on its own thread exactly what makeDescription makes, in order", async () => {
    worker = descriptionWorker();
    const reversed = [...INPUTS].reverse();
    const [a, b] = await Promise.all([worker.make(INPUTS), worker.make(reversed)]);
    expect(a).toEqual(INPUTS.map(makeDescription));
    expect(b).toEqual(reversed.map(makeDescription));
    expect(a[0]!.html).toContain('<h2 id="about-the-role">');
    expect(a[5]!.markdown).toBe(htmlToMarkdown(String((INPUTS[5] as { html: string }).html)).trim());
    expect(a[6]!.html).not.toMatch(/javascript|script/);
  });

  it("refuses a request once closed, and one under way when closed, and closes twice without harm", async () => {
    worker = descriptionWorker();
    const pending = worker.make(Array.from({ length: 2_000 }, (_, i) => ({ markdown: `Job ${i}: **bold** text` })));
    const refused = expect(pending).rejects.toThrow(/closed/);
    await worker.close();
    await refused;
    await expect(worker.make([{ markdown: "more" }])).rejects.toThrow(/closed/);
    await worker.close();
  });
});
