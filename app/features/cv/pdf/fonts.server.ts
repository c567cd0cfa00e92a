import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Font } from "@react-pdf/renderer";
import type { CvDocument, CvSettings } from "../document";
import { FONT_FAMILY, HAS_CJK, HAS_INDIC, HAS_RTL } from "../templates/fonts";

/**
 * The PDF's fonts: open-licence (SIL Open Font License 1.1) Noto fonts from npm packages, found at run
 * time through Node's resolution from this module, so it works from the source (tests, vite-node) and
 * from the bundle in build/server alike (node_modules is beside both).
 *
 *   cv-sans    Noto Sans (Latin, Greek, Cyrillic, Devanagari)      @expo-google-fonts/noto-sans
 *   cv-serif   Noto Serif (Latin, Greek, Cyrillic)                 @expo-google-fonts/noto-serif
 *   cv-cjk     Noto Sans SC (Chinese, with kana and hangul)        @expo-google-fonts/noto-sans-sc
 *   cv-arabic  Noto Naskh Arabic                                   @embedpdf/fonts-arabic
 *
 * TrueType files throughout: react-pdf's fontkit reads TTF, OTF, WOFF and WOFF2, but subsets TrueType
 * outlines fastest and smallest (the CFF Chinese font tried first made renders 2.5 times slower).
 * Noto Naskh Arabic from @embedpdf is the 2.x release, whose glyphs each carry their letter: newer
 * releases draw the dots of ف and ق as separate mark glyphs with no letter, which a PDF's text layer
 * reads back as control characters.
 */
const require = createRequire(import.meta.url);

/** A package's folder, also for packages whose `exports` hide package.json. */
function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, "utf8")) as { name?: string }).name === name)
      return dir;
    dir = path.dirname(dir);
  }
  throw new Error(`Cannot find the folder of the font package ${name}`);
}

const expo = (pkg: string, file: string) => path.join(packageDir(`@expo-google-fonts/${pkg}`), file);

export type FontFile = { family: string; fontWeight: 400 | 700; fontStyle: "normal" | "italic"; src: string };

export function fontFiles(): FontFile[] {
  const arabic = packageDir("@embedpdf/fonts-arabic");
  const faces = (family: string, files: Record<"400" | "700" | "400i" | "700i", string>): FontFile[] => [
    { family, fontWeight: 400, fontStyle: "normal", src: files["400"] },
    { family, fontWeight: 700, fontStyle: "normal", src: files["700"] },
    { family, fontWeight: 400, fontStyle: "italic", src: files["400i"] },
    { family, fontWeight: 700, fontStyle: "italic", src: files["700i"] },
  ];
  const sc400 = expo("noto-sans-sc", "400Regular/NotoSansSC_400Regular.ttf");
  const sc700 = expo("noto-sans-sc", "700Bold/NotoSansSC_700Bold.ttf");
  const ar400 = path.join(arabic, "fonts/NotoNaskhArabic-Regular.ttf");
  const ar700 = path.join(arabic, "fonts/NotoNaskhArabic-Bold.ttf");
  return [
    ...faces(FONT_FAMILY.sans, {
      "400": expo("noto-sans", "400Regular/NotoSans_400Regular.ttf"),
      "700": expo("noto-sans", "700Bold/NotoSans_700Bold.ttf"),
      "400i": expo("noto-sans", "400Regular_Italic/NotoSans_400Regular_Italic.ttf"),
      "700i": expo("noto-sans", "700Bold_Italic/NotoSans_700Bold_Italic.ttf"),
    }),
    ...faces(FONT_FAMILY.serif, {
      "400": expo("noto-serif", "400Regular/NotoSerif_400Regular.ttf"),
      "700": expo("noto-serif", "700Bold/NotoSerif_700Bold.ttf"),
      "400i": expo("noto-serif", "400Regular_Italic/NotoSerif_400Regular_Italic.ttf"),
      "700i": expo("noto-serif", "700Bold_Italic/NotoSerif_700Bold_Italic.ttf"),
    }),
    // Chinese and Arabic have no italics: the upright faces stand in, so italic text never fails to resolve.
    ...faces(FONT_FAMILY.cjk, { "400": sc400, "700": sc700, "400i": sc400, "700i": sc700 }),
    ...faces(FONT_FAMILY.arabic, { "400": ar400, "700": ar700, "400i": ar400, "700i": ar700 }),
  ];
}

let registered = false;
/** Registers the fonts and the hyphenation rule once per process. */
export function registerFonts(): void {
  if (registered) return;
  registered = true;
  const byFamily = Map.groupBy(fontFiles(), (f) => f.family);
  for (const [family, fonts] of byFamily)
    Font.register({ family, fonts: fonts.map(({ src, fontWeight, fontStyle }) => ({ src, fontWeight, fontStyle })) });
  // Never break a word: no hyphens in names, terms an ATS matches, or addresses.
  Font.registerHyphenationCallback((word) => [word]);
}

export type FontStacks = { main: string[]; rtl: string[] };

/**
 * The fallback chain for a document: its own font, then the scripts it needs. Chinese and Arabic load
 * only for a document that has such text (Noto Sans SC is 10 MB a weight); the serif face falls back to
 * Noto Sans for Devanagari. Right-to-left stretches use a chain that starts with the Arabic font, so the
 * spaces between RTL words come from it too and each stretch stays one run, which a PDF reader reverses
 * back into logical order as a whole (see primitives.server.tsx).
 */
export function fontStacks(doc: CvDocument, font: CvSettings["font"] = doc.settings.font): FontStacks {
  const text = JSON.stringify(doc);
  const main: string[] = [font === "serif" ? FONT_FAMILY.serif : FONT_FAMILY.sans];
  if (font === "serif" && HAS_INDIC.test(text)) main.push(FONT_FAMILY.sans);
  if (HAS_CJK.test(text)) main.push(FONT_FAMILY.cjk);
  const rtl = HAS_RTL.test(text);
  if (rtl) main.push(FONT_FAMILY.arabic);
  return { main, rtl: rtl ? [FONT_FAMILY.arabic, ...main.filter((f) => f !== FONT_FAMILY.arabic)] : main };
}

type GlyphRun = { glyphs: { codePoints: number[] }[]; positions: { xAdvance: number }[] };
type LayoutFont = { layout: (text: string, ...rest: unknown[]) => GlyphRun };
const patched = new WeakSet<object>();
/** Shaped runs kept per font: the same text in the same font is shaped once, not at every render (a CV's preview renders it again at each change). */
const SHAPED_RUNS_KEPT = 5_000;

/**
 * Loads a stack's fonts, and teaches each to keep Indic text in logical order and to shape a run of
 * text once (shaping is a third of a render).
 *
 * Shaping Devanagari moves the reph (the र् of शर्मा, drawn above the end of the syllable) after the
 * letters it follows in reading order, and a PDF's text layer reads glyphs in the order they are drawn:
 * "शर्मा" would extract as "शमार्". The reph has no width of its own, so drawing it first, at the same
 * place, changes nothing on the page: it moves back to its place in the text, the glyph before it
 * advances to where it is drawn, and it steps back again. Pre-base vowel signs (the ि of कि), which have
 * width, stay in visual order: moving them would need an offset react-pdf does not draw faithfully.
 */
export async function loadFonts(stacks: FontStacks): Promise<void> {
  const families = Font.getRegisteredFonts() as Record<string, { sources: { load(): Promise<void>; data: unknown }[] }>;
  for (const family of new Set([...stacks.main, ...stacks.rtl])) {
    for (const source of families[family]?.sources ?? []) {
      await source.load();
      const font = source.data as LayoutFont | null;
      if (font && !patched.has(font)) {
        patched.add(font);
        const layout = font.layout.bind(font);
        const shaped = new Map<string, GlyphRun>();
        font.layout = (text, ...rest) => {
          const key = `${text}\u0000${JSON.stringify(rest)}`;
          let run = shaped.get(key);
          if (!run) {
            run = layout(text, ...rest);
            if (HAS_INDIC.test(text)) run = logicalOrder(text, run);
            // Oldest out first: a CV's runs are a few hundred, a busy server's a bounded few thousand.
            if (shaped.size >= SHAPED_RUNS_KEPT) shaped.delete(shaped.keys().next().value!);
            shaped.set(key, run);
          }
          // Its own glyph list: react-pdf swaps a glyph in place where it draws an inline attachment.
          return Object.assign(Object.create(Object.getPrototypeOf(run) as object) as GlyphRun, run, {
            glyphs: [...run.glyphs],
          });
        };
      }
    }
  }
}

/** Moves zero-width glyphs (the reph) back to their place in the text; exported for its test. */
export function logicalOrder(text: string, run: GlyphRun): GlyphRun {
  const codePoints = Array.from(text, (c) => c.codePointAt(0)!);
  const used = new Array<boolean>(codePoints.length).fill(false);
  // Where each glyph's characters start in the text (-1: a glyph with no characters of its own).
  const at = run.glyphs.map(({ codePoints: cps }) => {
    if (!cps.length) return -1;
    for (let i = 0; i + cps.length <= codePoints.length; i++) {
      if (cps.every((cp, k) => !used[i + k] && codePoints[i + k] === cp)) {
        cps.forEach((_, k) => (used[i + k] = true));
        return i;
      }
    }
    return -1;
  });
  const order: number[] = [];
  let moved = false;
  run.glyphs.forEach((_, i) => {
    let to = order.length;
    if (run.positions[i]!.xAdvance === 0 && at[i]! >= 0) {
      // Never before the run's first glyph: that one is drawn where the run starts.
      while (to > 1 && at[order[to - 1]!]! > at[i]!) to--;
    }
    if (to < order.length) moved = true;
    order.splice(to, 0, i);
  });
  if (!moved) return run;
  const pen: number[] = [];
  let x = 0;
  for (const p of run.positions) {
    pen.push(x);
    x += p.xAdvance;
  }
  const glyphs = order.map((i) => run.glyphs[i]!);
  const positions = order.map((i, j) => ({
    ...run.positions[i]!,
    xAdvance: (j + 1 < order.length ? pen[order[j + 1]!]! : x) - pen[i]!,
  }));
  // fontkit's GlyphRun keeps other fields (script, direction, features); change only these two.
  return Object.assign(run, { glyphs, positions });
}
