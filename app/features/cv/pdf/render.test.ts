import zlib from "node:zlib";
import sharp from "sharp";
import { extractLinks, extractText, getDocumentProxy, getMeta } from "unpdf";
import { describe, expect, it } from "vitest";
import { CvDocument, type TemplateId, TEMPLATES, emptyDocument, sectionTitle, printedSections } from "../document";
import { SAMPLE_CV } from "../sample";
import { entriesOf } from "../templates/content";
import { missingInOrder, printedFields } from "./expected-text";
import { logicalOrder } from "./fonts.server";
import { renderCvPdf } from "./render.server";

const withTemplate = (
  doc: CvDocument,
  template: TemplateId,
  paper = emptyDocument(template).settings.paper,
): CvDocument => ({
  ...doc,
  settings: { ...doc.settings, template, paper },
});

async function read(pdf: Buffer) {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { text: pages } = await extractText(proxy, { mergePages: false });
  return { proxy, pages, text: pages.join("\n") };
}

/** The PDF's streams, inflated (page content is Flate-compressed; dictionaries are plain text). */
function streams(pdf: Buffer): string[] {
  const raw = pdf.toString("latin1");
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf("endstream", start);
    try {
      out.push(zlib.inflateSync(pdf.subarray(start, end)).toString("latin1"));
    } catch {
      // an uncompressed or image stream
    }
  }
  return out;
}

describe("renderCvPdf", () => {
  for (const template of TEMPLATES) {
    it(`${template}: prints every field of the sample CV, in reading order, on its paper, with metadata and links`, async () => {
      const doc = withTemplate(SAMPLE_CV, template);
      const pdf = await renderCvPdf(doc, {});
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      const { proxy, text } = await read(pdf);

      expect(missingInOrder(text, printedFields(doc))).toEqual([]);

      const page = await proxy.getPage(1);
      const { width, height } = page.getViewport({ scale: 1 });
      expect([Math.round(width), Math.round(height)]).toEqual(
        doc.settings.paper === "Letter" ? [612, 792] : [595, 842],
      );

      const { info } = await getMeta(proxy);
      expect(info.Author).toBe("Amara Okafor");
      expect(info.Title).toBe(template === "us" ? "Amara Okafor Résumé" : "Amara Okafor CV");

      const { links } = await extractLinks(proxy);
      const urls = [
        "mailto:amara.okafor@example.com",
        "tel:+447911123456",
        SAMPLE_CV.basics.url,
        ...SAMPLE_CV.basics.profiles.map((p) => p.url),
        ...SAMPLE_CV.work.map((w) => w.url).filter(Boolean),
        ...SAMPLE_CV.projects.map((p) => p.url),
        ...SAMPLE_CV.publications.map((p) => p.url),
      ];
      // pdf.js writes a bare host with its trailing slash ("https://example.com/").
      const found = links.map((l) => l.replace(/\/$/, ""));
      for (const url of urls) expect(found).toContain(url.replace(/\/$/, ""));
    });
  }

  it("defaults to the US résumé on Letter and honours a US résumé on A4, and every template on Letter", async () => {
    const a4 = await read(await renderCvPdf(withTemplate(SAMPLE_CV, "us", "A4")));
    expect(Math.round((await a4.proxy.getPage(1)).getViewport({ scale: 1 }).height)).toBe(842);
    const letter = await read(await renderCvPdf(withTemplate(SAMPLE_CV, "modern", "Letter")));
    expect(Math.round((await letter.proxy.getPage(1)).getViewport({ scale: 1 }).width)).toBe(612);
  });

  it("prints the sample CV on two pages in every template", async () => {
    for (const template of TEMPLATES) {
      const { proxy } = await read(await renderCvPdf(withTemplate(SAMPLE_CV, template)));
      expect([template, proxy.numPages]).toEqual([template, 2]);
    }
  });

  it("prints 'References available on request' when the references are on request", async () => {
    const doc = { ...SAMPLE_CV, references: { mode: "on-request" as const, entries: [] } };
    for (const template of ["uk", "modern"] as const) {
      const { text } = await read(await renderCvPdf(withTemplate(doc, template)));
      expect(missingInOrder(text, [sectionTitle(doc, "references"), "References available on request"])).toEqual([]);
    }
  });

  it("prints script and HTML typed into a field as those characters", async () => {
    const attack = "<script>alert(1)</script>";
    const doc = CvDocument.parse({
      ...SAMPLE_CV,
      // The modern side column is 146 pt wide: a 25-character word in the 19 pt name would not fit.
      basics: { ...SAMPLE_CV.basics, name: "<b>Amara</b> &amp;", headline: attack },
      summary: `Before ${attack} after, **<b>bold</b>** <img src=x onerror="alert(2)"> & "quotes"`,
      work: [{ ...SAMPLE_CV.work[0]!, highlights: [attack] }],
    });
    for (const template of TEMPLATES) {
      const { text } = await read(await renderCvPdf(withTemplate(doc, template)));
      const expected = [
        "<b>Amara</b> &amp;",
        attack,
        `Before ${attack} after, <b>bold</b> <img src=x onerror="alert(2)"> & "quotes"`,
        attack,
      ];
      expect([template, missingInOrder(text, expected)]).toEqual([template, []]);
    }
  });

  it("draws Chinese, Arabic (right to left) and Devanagari with fonts that have the glyphs, and reads them back", async () => {
    const names = { chinese: "张伟", arabic: "عمر الفاروق", devanagari: "अनन्या शर्मा" };
    const doc = CvDocument.parse({
      ...SAMPLE_CV,
      basics: { ...SAMPLE_CV.basics, name: names.chinese, headline: `${names.arabic} · ${names.devanagari}` },
      references: {
        mode: "entries",
        entries: [
          { id: "r1", name: names.arabic, reference: `Line manager of ${names.arabic}, Dubai` },
          { id: "r2", name: names.devanagari, reference: "**हिंदी** और अंग्रेज़ी, कर्म धर्म" },
        ],
      },
    });
    for (const template of ["uk", "modern"] as const) {
      for (const font of ["sans", "serif"] as const) {
        const pdf = await renderCvPdf({
          ...withTemplate(doc, template),
          settings: { ...withTemplate(doc, template).settings, font },
        });
        const { text, proxy } = await read(pdf);
        expect(text).toContain(names.chinese);
        expect(text).toContain(names.arabic);
        expect(text).toContain(names.devanagari);
        expect(text).toContain(`Line manager of ${names.arabic}, Dubai`);
        expect(text).toContain("कर्म धर्म");
        expect((await getMeta(proxy)).info.Author).toBe(names.chinese);

        // No tofu, proved two ways. The embedded fonts are the Noto faces only: react-pdf's last resort
        // for a character no font in the chain has is Helvetica, which would then be among them.
        const raw = pdf.toString("latin1");
        const fonts = [...new Set([...raw.matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[1]!))].sort();
        expect(fonts.some((f) => /Helvetica|Times|Courier/.test(f))).toBe(false);
        for (const face of [
          "NotoSansSC-",
          "NotoNaskhArabic",
          font === "serif" ? "NotoSerif-" : "NotoSans-",
          "NotoSans-",
        ]) {
          expect(fonts.filter((f) => f.startsWith(face)).length, `${face} in ${fonts.join(", ")}`).toBeGreaterThan(0); // Noto Sans draws Devanagari in serif CVs too
        }
        // And no glyph drawn is glyph 0, .notdef (the box): every string shown is a run of 2-byte glyph ids.
        const shown = streams(pdf)
          .flatMap((s) => [...s.matchAll(/\[([^\]]*)\]\s*TJ/g)])
          .flatMap((m) => [...m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!));
        expect(shown.length).toBeGreaterThan(20);
        const glyphIds = shown.flatMap((hex) => hex.match(/.{4}/g) ?? []);
        expect(glyphIds).not.toContain("0000");
      }
    }
  });

  it("moves a reph glyph back to its place in the text, drawn where it was", () => {
    // श म ा र्(reph): the reph has no width and is drawn after the ा.
    const run = {
      glyphs: [
        { codePoints: [0x936] },
        { codePoints: [0x92e] },
        { codePoints: [0x93e] },
        { codePoints: [0x930, 0x94d] },
      ],
      positions: [680, 598, 259, 0].map((xAdvance) => ({ xAdvance })),
    };
    const out = logicalOrder("शर्मा", structuredClone(run));
    expect(out.glyphs.map((g) => g.codePoints[0])).toEqual([0x936, 0x930, 0x92e, 0x93e]);
    // Drawn at the same places: श at 0, the reph at 1537 (680 + 598 + 259), म at 680, ा at 1278; same total.
    const pens = out.positions.reduce<number[]>(
      (acc, p, i) => [...acc, i === 0 ? 0 : acc[i - 1]! + out.positions[i - 1]!.xAdvance],
      [],
    );
    expect(pens).toEqual([0, 1537, 680, 1278]);
    expect(out.positions.reduce((a, p) => a + p.xAdvance, 0)).toBe(1537);
    // Text with nothing to move is left as it was.
    const plain = { glyphs: [{ codePoints: [0x915] }], positions: [{ xAdvance: 500 }] };
    expect(logicalOrder("क", plain)).toBe(plain);
  });

  // One test a template: each renders the CV 22 times, which on a busy machine is most of a minute for all four.
  for (const template of TEMPLATES) {
    it(`${template}: never leaves a heading, or an entry's title lines, as the last line of a page`, async () => {
      const headings = new Set(printedSections(SAMPLE_CV).map((k) => sectionTitle(SAMPLE_CV, k).toLowerCase()));
      // Title lines of entries that have text under them (a certificate's title lines are the whole entry).
      const leads = printedSections(SAMPLE_CV)
        .flatMap((k) => entriesOf(SAMPLE_CV, k))
        .filter((e) => e.plain.length + e.facts.length + e.rich.length + e.bullets.length + e.trailing.length > 0)
        .flatMap((e) => [e.title.text, e.sub.map((p) => p.text).join(" · ")])
        .filter(Boolean)
        .map((s) => s.toLowerCase());
      let checkedBreaks = 0;
      let headingsNearFoot = 0;
      // Push everything down a line at a time, so each heading and entry in turn meets the foot of page 1.
      for (let filler = 0; filler < 22; filler++) {
        const summary = [SAMPLE_CV.summary, ...Array.from({ length: filler }, (_, i) => `Filler line ${i + 1}.`)].join(
          "\n\n",
        );
        const { pages } = await read(await renderCvPdf(withTemplate({ ...SAMPLE_CV, summary }, template)));
        for (const pageText of pages.slice(0, -1)) {
          const lines = pageText
            .split("\n")
            .map((l) => l.trim().toLowerCase())
            .filter(Boolean);
          const last = lines.at(-1)!;
          checkedBreaks++;
          expect({ filler, last, heading: headings.has(last) }).toEqual({ filler, last, heading: false });
          expect({ filler, last, lead: leads.some((l) => last === l || last.startsWith(`${l} `)) }).toEqual({
            filler,
            last,
            lead: false,
          });
          // How often a heading was the line before the break's neighbour: the sweep did reach headings.
          if (lines.slice(-4).some((l) => headings.has(l))) headingsNearFoot++;
        }
      }
      expect(checkedBreaks).toBeGreaterThanOrEqual(22);
      expect(headingsNearFoot).toBeGreaterThan(1);
    });
  }

  it("prints an uploaded photo in the Europass and modern templates only", async () => {
    const photo = {
      data: await sharp({ create: { width: 40, height: 50, channels: 3, background: "#c0392b" } })
        .jpeg()
        .toBuffer(),
      type: "image/jpeg" as const,
    };
    for (const template of TEMPLATES) {
      const pdf = await renderCvPdf(withTemplate(SAMPLE_CV, template), { photo });
      expect([template, pdf.includes("/Subtype /Image")]).toEqual([
        template,
        template === "europass" || template === "modern",
      ]);
    }
  });
});
