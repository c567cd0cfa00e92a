import { describe, expect, it } from "vitest";
import { type Meter, localName, xmlOutline } from "./xml-outline";

const problemOf = (text: string) => {
  const outline = xmlOutline(text);
  return outline.ok ? null : outline.problem;
};

describe("xmlOutline", () => {
  it("finds the root element of well-formed XML and where it is", () => {
    const text = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox='0 0 10 10'><g><path d="M0 0h10"/><text>A &amp; B &#169; &#xA9;</text><![CDATA[ <not markup> ]]></g></svg>\n<!-- end -->\n`;
    const outline = xmlOutline(text);
    expect(outline).toMatchObject({ ok: true, root: "svg" });
    if (outline.ok) expect(text.slice(outline.start, outline.end)).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(xmlOutline("<svg:svg xmlns:svg='http://www.w3.org/2000/svg'/>")).toMatchObject({
      ok: true,
      root: "svg:svg",
    });
    expect(localName("svg:svg")).toBe("svg");
  });

  it("steps over a DOCTYPE and its internal subset without acting on it", () => {
    const text = `<!DOCTYPE svg [\n<!ENTITY lol "lol">\n<!ENTITY lol2 "&lol;&lol;&lol;&lol;">\n<!-- a ] and a > in a comment -->\n<!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n<svg>&lol2;&xxe;</svg>`;
    expect(xmlOutline(text)).toMatchObject({ ok: true, root: "svg" });
    expect(xmlOutline("<!DOCTYPE html><html><body></body></html>")).toMatchObject({ ok: true, root: "html" });
  });

  it("refuses what is not well-formed, saying where", () => {
    expect(problemOf("<svg><g></svg>")).toBe("<g> is closed by </svg> (line 1)");
    expect(problemOf("<svg>\n<path d='M0 0'>\n</svg>")).toBe("<path> is closed by </svg> (line 3)");
    expect(problemOf("<svg>")).toBe("<svg> is never closed (line 1)");
    expect(problemOf("<svg></svg><svg></svg>")).toBe("a second root element <svg> (line 1)");
    expect(problemOf("hello <svg></svg>")).toBe("text outside the root element (line 1)");
    expect(problemOf("<svg></svg> trailing")).toBe("text outside the root element (line 1)");
    expect(problemOf("<svg width=10></svg>")).toBe("the value of width in <svg> is not in quotes (line 1)");
    expect(problemOf("<svg a='1' a='2'></svg>")).toBe("<svg> has the attribute a twice (line 1)");
    expect(problemOf("<svg a='1'b='2'></svg>")).toBe("the tag <svg> is not written as XML (line 1)");
    expect(problemOf("<svg a='<'></svg>")).toBe("the value of a in <svg> holds a < (line 1)");
    expect(problemOf("<svg>a & b</svg>")).toBe("an & that starts no reference (write &amp;) (line 1)");
    expect(problemOf("<svg>1 < 2</svg>")).toBe("a < that starts no tag (write &lt; in text) (line 1)");
    expect(problemOf("<svg><!-- never closed </svg>")).toBe("a comment is never closed (line 1)");
    expect(problemOf("<svg><!ENTITY x 'y'></svg>")).toBe("a declaration where none may be (line 1)");
    expect(problemOf("<svg></svg><!DOCTYPE svg>")).toBe("a declaration where none may be (line 1)");
    expect(problemOf("")).toBe("it holds no element");
    expect(problemOf("just text")).toBe("text outside the root element (line 1)");
  });

  it("reports the root it reached, so HTML and broken SVG can be told apart", () => {
    expect(xmlOutline("<html><body><br></body></html>")).toMatchObject({ ok: false, root: "html" });
    expect(xmlOutline("<svg><p>unclosed</svg>")).toMatchObject({ ok: false, root: "svg" });
  });

  it("refuses nesting deeper than 256 elements", () => {
    expect(problemOf(`${"<g>".repeat(300)}${"</g>".repeat(300)}`)).toBe(
      "elements are nested more than 256 deep (line 1)",
    );
    expect(xmlOutline(`${"<g>".repeat(200)}${"</g>".repeat(200)}`).ok).toBe(true);
  });
});

describe("the work xmlOutline does", () => {
  // Counted, not timed: every character a search or a match looks at, and every turn of a loop (Meter).
  const outline = (text: string) => {
    const meter: Meter = { steps: 0 };
    return { outline: xmlOutline(text, meter), steps: meter.steps, length: text.length };
  };
  const SVG = 'xmlns="http://www.w3.org/2000/svg"';
  const attributes = (n: number) => Array.from({ length: n }, (_, i) => ` a${i}="${i}"`).join("");
  /** Hostile drawings of about n attributes or elements: each is read in steps that grow with its length and no faster. */
  const HOSTILE: Record<string, (n: number) => string> = {
    "attributes on one element": (n) => `<svg ${SVG}${attributes(n)}><path d="M0 0h10"/></svg>`,
    "attributes, then a reference at the end": (n) => `<svg ${SVG}${attributes(n)}><text>A &amp; B</text></svg>`,
    "elements without a reference anywhere": (n) => `<svg ${SVG}>${'<path d="M0 0h10" fill="red"/>'.repeat(n)}</svg>`,
    "elements, then a < at the end": (n) => `<svg ${SVG}>${'<rect width="1"/>'.repeat(n)}<text>&lt;</text></svg>`,
    "text between elements": (n) => `<svg ${SVG}>${"<g>x</g> ".repeat(n)}</svg>`,
    "references in text": (n) => `<svg ${SVG}><text>${"&amp;".repeat(n)}</text></svg>`,
    "comments and CDATA": (n) => `<svg ${SVG}>${"<!-- c --><![CDATA[d]]>".repeat(n)}</svg>`,
    "a DOCTYPE with a long internal subset": (n) => `<!DOCTYPE svg [${'<!ENTITY e "v">'.repeat(n)}]><svg ${SVG}/>`,
  };

  it.each(Object.entries(HOSTILE))(
    "reads %s in linear steps: at most 4 a character, and twice the text is twice the work",
    (_, make) => {
      const once = outline(make(20_000));
      const twice = outline(make(40_000));
      expect(once.outline).toMatchObject({ ok: true, root: "svg" });
      expect(twice.outline).toMatchObject({ ok: true, root: "svg" });
      expect(twice.steps).toBeLessThanOrEqual(4 * twice.length);
      expect(twice.steps / once.steps).toBeLessThan(2.1);
    },
  );

  it("judges the 40,000-attribute drawing and 2 MB ones correctly, in linear steps", () => {
    const forty = outline(`<svg ${SVG}${attributes(40_000)}><path d="M0 0h10"/></svg>`);
    expect(forty.outline).toMatchObject({ ok: true, root: "svg" });
    expect(forty.steps).toBeLessThanOrEqual(4 * forty.length);
    const twoMegabytes = [
      `<svg ${SVG}${attributes(131_000)}><path d="M0 0h10"/></svg>`,
      `<svg ${SVG}>${'<path d="M0 0h10" fill="red"/>'.repeat(67_000)}<text>&amp;</text></svg>`,
    ].map(outline);
    for (const big of twoMegabytes) {
      // Just under the logo's limit of 2 MB.
      expect(big.length).toBeGreaterThan(2_000_000);
      expect(big.length).toBeLessThanOrEqual(2 * 1024 * 1024);
      expect(big.outline).toMatchObject({ ok: true, root: "svg" });
      expect(big.steps).toBeLessThanOrEqual(4 * big.length);
    }
    // A fault at the very end of a hostile drawing is found, and said, in the same linear work.
    const twiceNamed = outline(`<svg ${SVG}${attributes(40_000)} a0="again"><path/></svg>`);
    expect(twiceNamed.outline).toMatchObject({ ok: false, problem: "<svg> has the attribute a0 twice (line 1)" });
    expect(twiceNamed.steps).toBeLessThanOrEqual(5 * twiceNamed.length);
    const strayAmpersand = outline(`<svg ${SVG}${attributes(40_000)}><text>a & b</text></svg>`);
    expect(strayAmpersand.outline).toMatchObject({
      ok: false,
      problem: "an & that starts no reference (write &amp;) (line 1)",
    });
    expect(strayAmpersand.steps).toBeLessThanOrEqual(5 * strayAmpersand.length);
  });
});
