import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape-html";

describe("escapeHtml", () => {
  it("escapes the five characters that end text or attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>Q&A</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Q&amp;A&lt;/a&gt;",
    );
  });
});
