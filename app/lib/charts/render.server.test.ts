import { describe, expect, it } from "vitest";
import {
  CHART_PALETTE,
  CHART_TEXT_COLOUR,
  type ChartSpec,
  cleanSvg,
  formatAxisValue,
  renderChartSvg,
} from "./render.server";

const WEEKS = ["Week 1", "Week 2", "Week 3", "Week 4"];
const BAR: ChartSpec = {
  kind: "bar",
  title: "Applications per week",
  categories: WEEKS,
  series: [
    { name: "Applied", values: [1200, 3400, 2100, 900] },
    { name: "Interviewed", values: [200, 300, 150, 40] },
  ],
};
const KINDS: Record<string, ChartSpec> = {
  bar: BAR,
  "horizontal bar": {
    ...BAR,
    horizontal: true,
    categories: ["United Kingdom", "France", "India", "Democratic Republic of the Congo"],
  },
  "stacked bar": {
    ...BAR,
    stacked: true,
    valueFormat: "percent",
    series: [
      { name: "Yes", values: [40, 50, 60, 70] },
      { name: "No", values: [60, 50, 40, 30] },
    ],
  },
  line: { ...BAR, kind: "line", valueFormat: "hours", series: [{ name: "Mean", values: [1.5, 2.25, null, 3] }] },
};

const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern, "g"))?.length ?? 0;
const rootTag = (svg: string) => svg.match(/^<svg\b[^>]*>/)![0];

describe("renderChartSvg", () => {
  for (const [kind, spec] of Object.entries(KINDS)) {
    it(`draws a ${kind} chart that the CSP lets through, sized by its viewBox`, () => {
      const svg = renderChartSvg(spec);
      expect(svg).toMatch(/^<svg\b/);
      expect(svg.trimEnd()).toMatch(/<\/svg>$/);
      expect(svg).not.toMatch(/\sstyle\s*=/i);
      expect(svg).not.toMatch(/<style/i);
      expect(svg).not.toMatch(/\sclass=|ecmeta_/);
      const root = rootTag(svg);
      expect(root).toMatch(/ viewBox="0 0 720 \d+"/);
      expect(root).not.toMatch(/ (width|height)=/);
      expect(root).toContain(' role="img"');
      expect(root).toContain(' focusable="false"');
      // Fonts move from style="font-size:…" onto every text as attributes.
      const texts = svg.match(/<text\b[^>]*>/g) ?? [];
      expect(texts.length).toBeGreaterThan(4);
      for (const text of texts) {
        expect(text).toContain(' font-size="12px"');
        expect(text).toContain(" font-family=");
        expect(text).toContain(` fill="${CHART_TEXT_COLOUR}"`);
      }
    });
  }

  it("gives the SVG a <title> first, holding the escaped title", () => {
    const svg = renderChartSvg({ ...BAR, title: 'Offers & "refusals" <2026>' });
    expect(svg).toMatch(/^<svg\b[^>]*><title>Offers &amp; &quot;refusals&quot; &lt;2026&gt;<\/title>/);
  });

  it("shows hostile labels only as text", () => {
    const svg = renderChartSvg({
      ...BAR,
      categories: ["<script>alert(1)</script>", "Week 2", '"><img src=x onerror=alert(1)>', "Week 4"],
      series: [
        { name: "</text><script>x()</script>", values: [1, 2, 3, 4] },
        { name: "B&Q", values: [4, 3, 2, 1] },
      ],
      markLines: [{ value: 2, label: "<b onclick=x>line</b>" }],
    });
    // Every tag is one the chart itself draws, and no attribute is an event handler.
    const tags = new Set([...svg.matchAll(/<\/?([a-zA-Z][\w:-]*)/g)].map((m) => m[1]));
    expect(
      [...tags].filter((t) => !["svg", "title", "g", "defs", "clipPath", "rect", "path", "text", "tspan"].includes(t!)),
    ).toEqual([]);
    for (const tag of svg.match(/<[a-zA-Z][^>]*>/g)!) expect(tag).not.toMatch(/\son\w+=/i);
    expect(svg).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(svg).toContain("&lt;/text&gt;&lt;script&gt;");
    expect(svg).toContain("&lt;b onclick=x&gt;line&lt;/b&gt;");
    expect(svg).toContain(">B&amp;Q<");
  });

  it("formats axis values in en-GB", () => {
    expect(renderChartSvg(BAR)).toContain(">3,000<");
    expect(renderChartSvg(KINDS["stacked bar"]!)).toContain(">100%<");
    expect(renderChartSvg(KINDS.line!)).toContain(">3.0<");
  });

  it("draws a withheld value as a gap, never as 0", () => {
    const one = (kind: "bar" | "line", values: (number | null)[]) =>
      renderChartSvg({ kind, title: "Counts", categories: ["a", "b", "c", "d", "e"], series: [{ name: "n", values }] });
    const bars = (svg: string) => count(svg, new RegExp(`<path d="[^"]*Z" fill="${CHART_PALETTE[0]}"`));
    expect(bars(one("bar", [5, 0, 7, 9, 6]))).toBe(5);
    expect(bars(one("bar", [5, null, 7, 9, 6]))).toBe(4);

    const linePath = (svg: string) =>
      svg.match(new RegExp(`<path d="([^"]*)" fill="none"[^>]* stroke="${CHART_PALETTE[0]}"`))![1]!;
    expect(count(linePath(one("line", [5, 0, 7, 9, 6])), /M/)).toBe(1);
    expect(count(linePath(one("line", [5, 6, null, 9, 6])), /M/)).toBe(2);
  });

  it("shows a legend only for more than one series", () => {
    expect(renderChartSvg(BAR)).toContain(">Interviewed<");
    expect(renderChartSvg({ ...BAR, series: [BAR.series[0]!] })).not.toContain(">Applied<");
  });

  it("draws a reference line even above every value", () => {
    const svg = renderChartSvg({ ...BAR, markLines: [{ value: 38_700, label: "Threshold £38,700" }] });
    expect(svg).toContain(">Threshold £38,700<");
    expect(svg).toContain(">40,000<");
    expect(svg).toMatch(/stroke-dasharray=/);
  });

  it("grows a horizontal bar chart with its categories", () => {
    const countries = Array.from({ length: 40 }, (_, i) => `Country ${i + 1}`);
    const svg = renderChartSvg({
      ...BAR,
      horizontal: true,
      categories: countries,
      series: [{ name: "n", values: countries.map((_, i) => i) }],
    });
    const height = Number(rootTag(svg).match(/viewBox="0 0 720 (\d+)"/)![1]);
    expect(height).toBeGreaterThan(1000);
  });

  it("renders the same spec to the same string, whatever was rendered before", () => {
    const spec = KINDS.line!;
    const first = renderChartSvg(spec);
    renderChartSvg(BAR);
    expect(renderChartSvg(spec)).toBe(first);
  });

  it("keeps every url(#id) pointing at an id of its own chart", () => {
    let refs = 0;
    for (const spec of Object.values(KINDS)) {
      const svg = renderChartSvg(spec);
      const ids = new Set([...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
      for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) {
        expect(ids.has(ref)).toBe(true);
        expect(ref).toMatch(/^chart-/);
        refs++;
      }
    }
    // Line charts clip their lines to the grid, so there is something to check.
    expect(refs).toBeGreaterThan(0);
  });

  it("refuses more than 6 series or 400 categories, and misshapen data", () => {
    const series = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `s${i}`, values: [1, 2, 3, 4] }));
    expect(() => renderChartSvg({ ...BAR, series: series(7) })).toThrow(RangeError);
    expect(() => renderChartSvg({ ...BAR, series: [] })).toThrow(RangeError);
    expect(renderChartSvg({ ...BAR, series: series(6) })).toMatch(/^<svg/);
    const many = Array.from({ length: 401 }, (_, i) => String(i));
    expect(() =>
      renderChartSvg({ ...BAR, categories: many, series: [{ name: "n", values: many.map(Number) }] }),
    ).toThrow(RangeError);
    expect(() => renderChartSvg({ ...BAR, series: [{ name: "n", values: [1, 2] }] })).toThrow(RangeError);
    expect(() => renderChartSvg({ ...BAR, series: [{ name: "n", values: [1, Number.NaN, 3, 4] }] })).toThrow(
      RangeError,
    );
  });
});

describe("colours", () => {
  // WCAG 2.x relative luminance and contrast ratio.
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (high! + 0.05) / (low! + 0.05);
  };

  it("has six series colours, each 3:1 or more on white and on the page background", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21);
    expect(new Set(CHART_PALETTE).size).toBe(6);
    for (const colour of CHART_PALETTE) {
      expect(contrast(colour, "#ffffff"), colour).toBeGreaterThanOrEqual(3);
      expect(contrast(colour, "#f8fafc"), colour).toBeGreaterThanOrEqual(3);
    }
  });

  it("has axis text of 4.5:1 or more on white", () => {
    expect(contrast(CHART_TEXT_COLOUR, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

  it("uses the palette in order, one colour a series", () => {
    const svg = renderChartSvg({
      ...BAR,
      series: CHART_PALETTE.map((_, i) => ({ name: `s${i}`, values: [1, 2, 3, 4] })),
    });
    for (const colour of CHART_PALETTE) expect(svg).toContain(`fill="${colour}"`);
  });
});

describe("formatAxisValue", () => {
  it("reads in en-GB, with % for percentages and one decimal for hours", () => {
    expect(formatAxisValue(1234567)).toBe("1,234,567");
    expect(formatAxisValue(0.25)).toBe("0.25");
    expect(formatAxisValue(12.5, "percent")).toBe("12.5%");
    expect(formatAxisValue(40, "percent")).toBe("40%");
    expect(formatAxisValue(3, "hours")).toBe("3.0");
    expect(formatAxisValue(1234.56, "hours")).toBe("1,234.6");
  });
});

describe("cleanSvg", () => {
  const clean = (svg: string) => cleanSvg(svg, "T", "chart-x-");

  it("turns presentation declarations into attributes and drops the rest", () => {
    const out = clean(
      '<svg width="10" height="5" viewBox="0 0 10 5"><text fill="#000" style="font-size:12px; FILL:#111;cursor:pointer;transform:scale(2);font-weight:bold">a</text></svg>',
    );
    expect(out).toBe(
      '<svg viewBox="0 0 10 5" role="img" focusable="false"><title>T</title><text fill="#111" font-size="12px" font-weight="bold">a</text></svg>',
    );
  });

  it("escapes values it writes and keeps quoted font names whole", () => {
    const out = clean(
      `<svg viewBox="0 0 1 1"><text style='font-family:&quot;A;B &amp; C&quot;, serif;opacity:0.5'>a</text></svg>`,
    );
    expect(out).toContain('<text font-family="&quot;A;B &amp; C&quot;, serif" opacity="0.5">');
  });

  it("refuses values that would fetch something or break out of the attribute", () => {
    const out = clean(
      '<svg viewBox="0 0 1 1"><path style="fill:url(https://x.test/a.svg#p);stroke:url(#zr3-g0);font-family:a&lt;b" d="M0 0"></path></svg>',
    );
    expect(out).toContain('<path d="M0 0" stroke="url(#chart-x-g0)">');
  });

  it("removes style elements, classes and hydration metadata, and renames ids", () => {
    const out = clean(
      '<svg viewBox="0 0 1 1"><g clip-path="url(#zr7-c0)"><path class="zr7-cls-1" ecmeta_series_index="0" d="M0 0"></path></g><defs ><clipPath id="zr7-c0"><path d="M0 0"></path></clipPath></defs><style ><![CDATA[.zr7-cls-1:hover{fill:red;}]]></style></svg>',
    );
    expect(out).toBe(
      '<svg viewBox="0 0 1 1" role="img" focusable="false"><title>T</title><g clip-path="url(#chart-x-c0)"><path d="M0 0"></path></g><defs><clipPath id="chart-x-c0"><path d="M0 0"></path></clipPath></defs></svg>',
    );
  });
});
