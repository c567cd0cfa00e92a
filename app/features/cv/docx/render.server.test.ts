import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CvDocument, printedSections, sectionTitle } from "../document";
import { printedFields } from "../ats/fields";
import { SAMPLE_CV } from "../sample";
import { renderCvDocx } from "./render.server";

/** The files of a zip (a .docx is one), read from its central directory with node:zlib. */
function unzip(zip: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString("utf8"));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

const unescape = (xml: string) =>
  xml
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** The document's text, paragraph by paragraph (a paragraph's runs joined), as Word shows it. */
function paragraphs(xml: string): string[] {
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) =>
    unescape([...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join("")),
  );
}

/** Each paragraph's style (Heading1…) with its text. */
function styled(xml: string): { style: string; text: string }[] {
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) => ({
    style: /<w:pStyle w:val="([^"]+)"/.exec(p[0])?.[1] ?? "",
    text: unescape([...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join("")),
  }));
}

async function open(doc: CvDocument) {
  const files = unzip(await renderCvDocx(doc));
  return { files, xml: files.get("word/document.xml")!, rels: files.get("word/_rels/document.xml.rels")! };
}

describe("the CV as a Word document", () => {
  it("holds every printed field of the sample CV, in the order the sections print", async () => {
    const { files, xml } = await open(SAMPLE_CV);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([
        "[Content_Types].xml",
        "word/document.xml",
        "word/styles.xml",
        "word/numbering.xml",
        "docProps/core.xml",
      ]),
    );
    const text = paragraphs(xml).join("\n");
    let cursor = text.indexOf("Amara Okafor");
    expect(cursor).toBe(0);
    // Every value in document order: each one after the one before (and every heading before its section's values).
    const headings = new Map(printedSections(SAMPLE_CV).map((k) => [k, sectionTitle(SAMPLE_CV, k)]));
    let section = "";
    for (const field of printedFields(SAMPLE_CV)) {
      if (field.section !== section && field.section !== "basics") {
        section = field.section;
        const at = text.indexOf(`\n${headings.get(field.section)}\n`, cursor);
        expect(at, `heading of ${section}`).toBeGreaterThanOrEqual(cursor);
        cursor = at;
      }
      const at = text.indexOf(field.value, cursor);
      expect(at, `${field.section} ${field.label}: ${field.value}`).toBeGreaterThanOrEqual(cursor);
      cursor = at;
    }
    // The contact details and every dated entry's dates.
    for (const value of [
      "amara.okafor@example.com",
      "+44 7911 123456",
      "Manchester, Greater Manchester, United Kingdom",
      "Sep 2025 – Present",
      "Jul 2021 – Aug 2024",
      "Sep 2024 – Sep 2025",
      "Mar 2025",
      "Jun 2025",
    ]) {
      expect(text).toContain(value);
    }
  });

  it("marks the name as Heading 1, each section as Heading 2 and each entry's title as Heading 3", async () => {
    const { xml, files } = await open(SAMPLE_CV);
    const paras = styled(xml);
    expect(paras[0]).toEqual({ style: "Heading1", text: "Amara Okafor" });
    expect(paras.filter((p) => p.style === "Heading2").map((p) => p.text)).toEqual(
      printedSections(SAMPLE_CV).map((k) => sectionTitle(SAMPLE_CV, k)),
    );
    expect(paras.filter((p) => p.style === "Heading3").map((p) => p.text)).toEqual(
      expect.arrayContaining([
        "Graduate Data Analyst",
        "Operations Analyst",
        "MSc Business Analytics",
        "Open bus punctuality tracker",
        "Volunteer teaching assistant",
      ]),
    );
    // The headings carry the accent colour, and the styles exist as Word's own headings.
    const styles = files.get("word/styles.xml")!;
    const heading2 = /<w:style [^>]*w:styleId="Heading2"[\s\S]*?<\/w:style>/.exec(styles)![0];
    expect(heading2).toContain('<w:name w:val="Heading 2"/>');
    expect(heading2).toContain('<w:color w:val="1D4ED8"/>');
    expect(heading2).toContain("<w:keepNext/>");
  });

  it("writes bullets as a Word list, bold and italic as formatting, and links as hyperlinks", async () => {
    const { xml, rels, files } = await open(SAMPLE_CV);
    // Highlights and the summary's list are numbered paragraphs of a bullet list.
    const bullet = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)]
      .map((p) => p[0])
      .find((p) => p.includes("Trained 12 store managers"))!;
    expect(bullet).toMatch(/<w:numPr><w:ilvl w:val="0"\/><w:numId w:val="\d+"\/><\/w:numPr>/);
    expect(files.get("word/numbering.xml")).toContain('<w:numFmt w:val="bullet"/>');
    expect(paragraphs(xml)).toContain("Python, SQL and Power BI every day");
    // **reliable dashboards** is a bold run, *Graduate route* an italic one, without their markers.
    expect(xml).toMatch(
      /<w:r><w:rPr><w:b\/><w:bCs\/><\/w:rPr><w:t xml:space="preserve">reliable dashboards<\/w:t><\/w:r>/,
    );
    expect(xml).toMatch(/<w:r><w:rPr><w:i\/><w:iCs\/><\/w:rPr><w:t xml:space="preserve">Graduate route<\/w:t><\/w:r>/);
    expect(xml).not.toContain("**");
    // The website, a profile and the email are hyperlinks with external relationships.
    for (const url of [
      "https://amara-okafor.example.com",
      "https://www.linkedin.com/in/amaraokafor",
      "mailto:amara.okafor@example.com",
      "https://github.com/amara-o/bus-punctuality",
    ]) {
      const rel = new RegExp(
        `<Relationship Id="([^"]+)" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${url.replace(/[.?/]/g, "\\$&")}" TargetMode="External"/>`,
      ).exec(rels);
      expect(rel, url).not.toBeNull();
      expect(xml).toMatch(new RegExp(`<w:hyperlink [^>]*r:id="${rel![1]}"`));
    }
    const withLink = CvDocument.parse({
      ...SAMPLE_CV,
      summary: "See [my portfolio](https://portfolio.example.com) for **more**.",
    });
    const linked = await open(withLink);
    expect(linked.rels).toContain('Target="https://portfolio.example.com" TargetMode="External"');
    expect(paragraphs(linked.xml)).toContain("See my portfolio for more.");
  });

  it("sets the paper size from the settings, and the document's title and creator", async () => {
    const a4 = await open(SAMPLE_CV);
    expect(a4.xml).toMatch(/<w:pgSz w:w="11906" w:h="16838"/);
    const letter = await open(
      CvDocument.parse({
        ...SAMPLE_CV,
        settings: { ...SAMPLE_CV.settings, paper: "Letter", accent: "#b91c1c", font: "serif" },
      }),
    );
    expect(letter.xml).toMatch(/<w:pgSz w:w="12240" w:h="15840"/);
    expect(letter.files.get("word/styles.xml")).toContain('<w:color w:val="B91C1C"/>');
    expect(letter.files.get("word/styles.xml")).toContain('w:ascii="Georgia"');
    const core = a4.files.get("docProps/core.xml")!;
    expect(core).toContain("<dc:title>Amara Okafor – CV</dc:title>");
    expect(core).toContain("<dc:creator>Amara Okafor</dc:creator>");
  });

  it("follows the document's order, hidden sections and renamed headings", async () => {
    const doc = CvDocument.parse({
      ...SAMPLE_CV,
      order: ["education", "skills", "work"],
      hidden: ["interests", "references"],
      settings: { ...SAMPLE_CV.settings, titles: { work: "Experience" } },
    });
    const headings = styled((await open(doc)).xml)
      .filter((p) => p.style === "Heading2")
      .map((p) => p.text);
    expect(headings.slice(0, 3)).toEqual(["Education", "Skills", "Experience"]);
    expect(headings).not.toContain("Interests");
    expect(headings).not.toContain("References");
  });

  it("prints script and markup typed into a field as text", async () => {
    const doc = CvDocument.parse({
      ...SAMPLE_CV,
      basics: { ...SAMPLE_CV.basics, name: '<script>alert("x")</script> & Co' },
      summary: "<b>bold?</b> <img src=x onerror=alert(1)>\n\n- [x](javascript:alert(1))",
      work: [{ ...SAMPLE_CV.work[0]!, position: "</w:t><w:t>injected", highlights: ["a\u0007bell"] }],
    });
    const { xml, files } = await open(doc);
    const text = paragraphs(xml);
    expect(text[0]).toBe('<script>alert("x")</script> & Co');
    expect(xml).toContain("&lt;script&gt;");
    expect(xml).not.toContain("<script>");
    expect(xml).not.toMatch(/<img|<b>/);
    expect(text).toContain("<b>bold?</b> <img src=x onerror=alert(1)>");
    expect(text).toContain("[x](javascript:alert(1))");
    expect(text).toContain("</w:t><w:t>injected");
    expect(text).toContain("abell");
    expect(files.get("word/_rels/document.xml.rels")).not.toContain("javascript:");
    expect(files.get("docProps/core.xml")).toContain("&lt;script&gt;");
  });

  it("renders an empty CV", async () => {
    const { xml } = await open(CvDocument.parse({ schemaVersion: 1 }));
    const paras = styled(xml);
    expect(paras[0]).toEqual({ style: "Heading1", text: "Curriculum vitae" });
    // The only section an empty CV prints: references, available on request.
    expect(paras.filter((p) => p.style === "Heading2").map((p) => p.text)).toEqual(["References"]);
  });
});
