import { BarChart, type BarSeriesOption, LineChart, type LineSeriesOption } from "echarts/charts";
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  MarkLineComponent,
  type MarkLineComponentOption,
} from "echarts/components";
// Renamed: ECharts' `use` is not React's hook, which its name would make the linter think.
import { type ComposeOption, init, use as registerParts } from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { escapeHtml } from "~/lib/escape-html";

// The tree-shaken parts keep the server bundle to what these two chart kinds need.
registerParts([BarChart, LineChart, GridComponent, LegendComponent, MarkLineComponent, SVGRenderer]);

type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | MarkLineComponentOption
>;

/** `null` is a value withheld (e.g. "fewer than 5"): drawn as a gap, never as 0. */
export type ChartSeries = { name: string; values: (number | null)[] };

export type ChartSpec = {
  /** bar: grouped vertical bars; line: one line per series. */
  kind: "bar" | "line";
  /** Becomes the SVG's `<title>`, its accessible name when it stands alone. */
  title: string;
  categories: string[];
  /** 1 to 6 series. */
  series: ChartSeries[];
  /** Bar only: categories on the y axis, for long labels such as country names. */
  horizontal?: boolean;
  /** Bar only. */
  stacked?: boolean;
  /** How value-axis labels read; "percent" takes values from 0 to 100. */
  valueFormat?: "number" | "percent" | "hours";
  /** Reference lines across the value axis (e.g. salary thresholds). */
  markLines?: { value: number; label: string }[];
  /** Default 720 × 360; a horizontal bar chart grows in height with its categories. */
  width?: number;
  height?: number;
};

export const MAX_CATEGORIES = 400;
export const MAX_SERIES = 6;

/**
 * Okabe-Ito hues, which stay apart for the common kinds of colour blindness, with the lighter ones
 * darkened until each has at least 3:1 against white (WCAG 1.4.11) and against the page's #f8fafc.
 * The paler Okabe-Ito colours (sky blue, yellow) cannot reach 3:1 at all, so near-black takes the
 * sixth place.
 */
export const CHART_PALETTE = ["#0072B2", "#D55E00", "#009E73", "#BB6A9B", "#8F6400", "#1F2937"] as const;

/** Axis, legend and reference-line text: 4.5:1 or better on white, as body text must be. */
export const CHART_TEXT_COLOUR = "#374151";
const AXIS_LINE_COLOUR = "#6B7280";
const GRID_LINE_COLOUR = "#E5E7EB";
// The body's Tailwind font stack, unquoted: ECharts writes it into markup without escaping quotes.
const FONT_FAMILY = "ui-sans-serif, system-ui, sans-serif";
const FONT_SIZE = 12;

// Line charts also differ by marker shape, so a series can be told apart without its colour.
const LINE_SYMBOLS = ["circle", "rect", "triangle", "diamond", "emptyCircle", "emptyRect"] as const;

const numberFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });
const hoursFormat = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function formatAxisValue(value: number, format: ChartSpec["valueFormat"] = "number"): string {
  if (format === "percent") return `${percentFormat.format(value)}%`;
  if (format === "hours") return hoursFormat.format(value);
  return numberFormat.format(value);
}

/** The chart as an SVG string to inline in a page under the site's CSP (no style attributes or elements). */
export function renderChartSvg(spec: ChartSpec): string {
  check(spec);
  const width = spec.width ?? 720;
  const height = spec.height ?? defaultHeight(spec);
  const chart = init(null, null, { renderer: "svg", ssr: true, width, height });
  try {
    chart.setOption(chartOption(spec));
    return cleanSvg(chart.renderToSVGString(), spec.title, `chart-${hash(JSON.stringify(spec))}-`);
  } finally {
    chart.dispose();
  }
}

function check(spec: ChartSpec): void {
  if (spec.categories.length > MAX_CATEGORIES) {
    throw new RangeError(`A chart takes at most ${MAX_CATEGORIES} categories, not ${spec.categories.length}.`);
  }
  if (spec.series.length < 1 || spec.series.length > MAX_SERIES) {
    throw new RangeError(`A chart takes 1 to ${MAX_SERIES} series, not ${spec.series.length}.`);
  }
  for (const s of spec.series) {
    if (s.values.length !== spec.categories.length) {
      throw new RangeError(
        `Series "${s.name}" has ${s.values.length} values for ${spec.categories.length} categories.`,
      );
    }
    // NaN would silently vanish like a withheld value; the caller means null for that.
    if (s.values.some((v) => v !== null && !Number.isFinite(v))) {
      throw new RangeError(`Series "${s.name}" has a value that is not a finite number; use null for a gap.`);
    }
  }
}

function defaultHeight(spec: ChartSpec): number {
  if (spec.kind !== "bar" || !spec.horizontal) return 360;
  const bandsPerCategory = spec.stacked ? 1 : spec.series.length;
  const legend = spec.series.length > 1 ? 32 : 0;
  // Room for a two-line label beside each category, and for each bar of a group.
  return Math.max(360, spec.categories.length * Math.max(32, 8 + 14 * bandsPerCategory) + 48 + legend);
}

function chartOption(spec: ChartSpec): ChartOption {
  const horizontal = spec.kind === "bar" && spec.horizontal === true;
  const legend = spec.series.length > 1;
  const textStyle = { color: CHART_TEXT_COLOUR, fontFamily: FONT_FAMILY, fontSize: FONT_SIZE };
  const marks = spec.markLines ?? [];
  const markMax = Math.max(...marks.map((m) => m.value));

  const valueAxis = {
    type: "value" as const,
    // ECharts clips reference lines outside the data's range; reach up to a threshold above every
    // value, at a round number so the ticks still fall evenly (null keeps ECharts' own range).
    ...(marks.length ? { max: (extent: { max: number }) => roundedMax(extent.max, markMax) } : {}),
    axisLabel: { ...textStyle, formatter: (v: number) => formatAxisValue(v, spec.valueFormat) },
    axisLine: { show: true, lineStyle: { color: AXIS_LINE_COLOUR } },
    splitLine: { lineStyle: { color: GRID_LINE_COLOUR } },
  };
  const categoryAxis = {
    type: "category" as const,
    data: spec.categories,
    // Read top-down in the same order as the data table beneath the chart.
    inverse: horizontal,
    axisLabel: { ...textStyle, hideOverlap: true, ...(horizontal ? { width: 150, overflow: "break" as const } : {}) },
    axisLine: { lineStyle: { color: AXIS_LINE_COLOUR } },
    axisTick: { lineStyle: { color: AXIS_LINE_COLOUR } },
  };

  const markLine: MarkLineComponentOption | undefined = marks.length
    ? {
        silent: true,
        symbol: "none",
        lineStyle: { color: CHART_TEXT_COLOUR, type: "dashed", width: 1 },
        label: { ...textStyle, position: "insideEndTop" },
        data: marks.map((m) => ({
          ...(horizontal ? { xAxis: m.value } : { yAxis: m.value }),
          // A formatter function, not a "{b}" template: a label is shown as given, never parsed.
          label: { formatter: () => m.label },
        })),
      }
    : undefined;

  const series = spec.series.map((s, i): BarSeriesOption | LineSeriesOption => {
    const common = {
      name: s.name,
      data: s.values,
      color: CHART_PALETTE[i],
      silent: true,
      emphasis: { disabled: true },
      ...(i === 0 && markLine ? { markLine } : {}),
    };
    if (spec.kind === "line") {
      return {
        ...common,
        type: "line",
        connectNulls: false,
        symbol: LINE_SYMBOLS[i],
        symbolSize: 7,
        lineStyle: { width: 2 },
      };
    }
    return { ...common, type: "bar", barMaxWidth: 48, ...(spec.stacked ? { stack: "total" } : {}) };
  });

  return {
    animation: false,
    textStyle,
    legend: {
      show: legend,
      top: 0,
      left: 0,
      textStyle,
      itemWidth: 18,
      itemHeight: 12,
    },
    grid: {
      left: 8,
      right: 24,
      top: legend ? 40 : 16,
      bottom: 8,
      // ECharts sizes labels by Arial-like widths; the reader's sans-serif may run a little wider, so
      // keep labels clear of the edge rather than cut off.
      outerBounds: { left: 24, right: 8, top: 0, bottom: 4 },
    },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series,
  };
}

function roundedMax(dataMax: number, markMax: number): number | null {
  if (!(markMax > 0) || dataMax >= markMax) return null;
  const step = niceStep(markMax / 5);
  return Math.ceil(markMax / step) * step;
}

function niceStep(rough: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const ratio = rough / magnitude;
  return (ratio <= 1 ? 1 : ratio <= 2 ? 2 : ratio <= 5 ? 5 : 10) * magnitude;
}

// CSS properties that SVG also takes as presentation attributes, which the CSP leaves alone.
const PRESENTATION_ATTRIBUTES = new Set([
  "alignment-baseline",
  "dominant-baseline",
  "fill",
  "fill-opacity",
  "fill-rule",
  "font-family",
  "font-size",
  "font-style",
  "font-variant",
  "font-weight",
  "letter-spacing",
  "opacity",
  "paint-order",
  "stroke",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-opacity",
  "stroke-width",
  "text-anchor",
  "text-decoration",
  "visibility",
  "word-spacing",
]);

/**
 * Makes ECharts' markup fit to inline under the CSP and stable between renders:
 * - `<style>` elements (hover rules) go, and so do the `class`es that pointed at them;
 * - each `style` declaration that SVG takes as a presentation attribute becomes that attribute
 *   (CSS beats attributes, so it replaces one already there); any other declaration is dropped;
 * - ECharts' hydration metadata (`ecmeta_*`) goes, as nothing on the page reads it;
 * - ids, numbered by a process-wide counter in zrender, get a prefix from the spec instead, so the
 *   same chart renders the same and two charts on a page do not share clip-path ids;
 * - the root loses its fixed size (its viewBox lets it scale), gains role="img", focusable="false"
 *   (old Edge/IE tabbed into SVGs) and a `<title>` as its first child.
 * It relies on zrender's output shape: every `<` starts a tag (text content is escaped) and no
 * attribute value holds a `>`.
 */
export function cleanSvg(svg: string, title: string, idPrefix: string): string {
  let rootSeen = false;
  const withoutStyles = svg.replace(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi, "");
  return withoutStyles.replace(
    /<([a-zA-Z][\w:-]*)([^>]*?)(\/?)>/g,
    (_tag, name: string, rawAttributes: string, selfClosing: string) => {
      const attributes = new Map<string, string | null>();
      for (const [, key, double, single] of rawAttributes.matchAll(/([^\s=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?/g)) {
        const value = double ?? single;
        attributes.set(key!, value === undefined ? null : decodeEntities(value));
      }
      const style = attributes.get("style");
      attributes.delete("style");
      attributes.delete("class");
      for (const key of [...attributes.keys()]) if (key.startsWith("ecmeta_")) attributes.delete(key);
      for (const [property, value] of declarations(style ?? "")) {
        if (PRESENTATION_ATTRIBUTES.has(property) && safeValue(value)) attributes.set(property, value);
      }
      for (const [key, value] of attributes) if (value !== null) attributes.set(key, renameIds(key, value, idPrefix));

      const root = name === "svg" && !rootSeen;
      if (root) {
        rootSeen = true;
        attributes.delete("width");
        attributes.delete("height");
        attributes.set("role", "img");
        attributes.set("focusable", "false");
      }
      const serialised = [...attributes]
        .map(([key, value]) => (value === null ? ` ${key}` : ` ${key}="${escapeHtml(value)}"`))
        .join("");
      return `<${name}${serialised}${selfClosing}>${root ? `<title>${escapeHtml(title)}</title>` : ""}`;
    },
  );
}

function declarations(style: string): [string, string][] {
  const out: [string, string][] = [];
  // A value may hold quoted font names or url(...) with a ";" inside; split outside those only.
  for (const [, property, value] of style.matchAll(/([a-zA-Z-]+)\s*:\s*((?:"[^"]*"|'[^']*'|\([^)]*\)|[^;"'(])+)/g)) {
    out.push([property!.toLowerCase(), value!.trim()]);
  }
  return out;
}

// Presentation attributes may only point inside the same SVG, never fetch something.
function safeValue(value: string): boolean {
  return value !== "" && !/url\(\s*(?!#)/i.test(value) && !/[<>]/.test(value);
}

function renameIds(key: string, value: string, prefix: string): string {
  if (key === "id") return value.replace(/^zr\d+-/, prefix);
  if (key === "href" || key === "xlink:href") return value.replace(/^#zr\d+-/, `#${prefix}`);
  return value.replace(/url\(#zr\d+-/g, `url(#${prefix}`);
}

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (entity, body: string) => {
    const lower = body.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" } as Record<string, string>)[lower] ?? entity;
  });
}

// FNV-1a: a short, stable id prefix per spec; not for security.
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
