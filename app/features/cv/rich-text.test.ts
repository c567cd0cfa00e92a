import { describe, expect, it } from "vitest";
import { parseInline, parseRichText, plainText } from "./rich-text";

describe("the CV's rich text", () => {
  it("reads bold, italic, links and lists", () => {
    expect(parseInline("Built **fast** and *tidy* [tools](https://example.com)")).toEqual([
      { text: "Built " },
      { text: "fast", bold: true },
      { text: " and " },
      { text: "tidy", italic: true },
      { text: " " },
      { text: "tools", href: "https://example.com" },
    ]);
    expect(parseRichText("Intro line\nsame paragraph\n\n- one\n- two **b**\n  more")).toEqual([
      { kind: "paragraph", runs: [{ text: "Intro line same paragraph" }] },
      { kind: "list", items: [[{ text: "one" }], [{ text: "two " }, { text: "b", bold: true }, { text: " more" }]] },
    ]);
  });

  it("keeps markup and unsafe links as the text typed", () => {
    expect(parseInline("<script>alert(1)</script> [x](javascript:alert(1))")).toEqual([
      { text: "<script>alert(1)</script> [x](javascript:alert(1))" },
    ]);
    expect(parseInline("2 * 3 = 6 and snake_case_name")).toEqual([{ text: "2 * 3 = 6 and snake_case_name" }]);
  });

  it("gives the plain words for machines", () => {
    expect(plainText("**Lead** analyst\n\n- SQL\n- [Power BI](https://example.com)")).toBe(
      "Lead analyst\n• SQL\n• Power BI",
    );
  });
});
