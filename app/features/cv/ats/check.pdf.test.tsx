import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CvDocument, printedSections, sectionTitle } from "../document";
import { SAMPLE_CV } from "../sample";
import { atsCheck } from "./check";
import { extractPdfText } from "./extract.server";
import { printedFields } from "./fields";
import { DATA_ANALYST } from "./job-adverts.test-fixture";
import { renderTestPdf } from "./pdf-fixtures";
import { ReadText } from "./text";

/** The ATS check over real PDFs, made with @react-pdf/renderer and read back with unpdf. */
describe("the ATS check of a PDF", () => {
  it("reads a single-column PDF's text in order, page by page", async () => {
    const pdf = await renderTestPdf(SAMPLE_CV);
    const read = await extractPdfText(pdf);
    expect(read.pages).toHaveLength(2);
    expect(read.images).toBe(0);
    expect(read.text).toBe(read.pages.join("\n\n"));
    // The name and the headline under it are two lines, not one word.
    expect(read.pages[0]!.split("\n").slice(0, 2)).toEqual(["Amara Okafor", "Data analyst, MSc Business Analytics"]);
    // Every printed value, in the document's order.
    const text = new ReadText(read.text);
    let cursor = 0;
    for (const field of printedFields(SAMPLE_CV)) {
      const hit = text.find(field.value, cursor);
      expect(hit, `${field.section} ${field.label}: ${field.value}`).not.toBeNull();
      cursor = hit!.start;
    }
    // The bytes given are left usable.
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("finds nothing to fail in a good PDF", async () => {
    const report = atsCheck({ pdfText: await extractPdfText(await renderTestPdf(SAMPLE_CV)), doc: SAMPLE_CV });
    expect(report.findings.filter((f) => f.status !== "pass")).toEqual([]);
    expect(report.score).toBe(100);
  });

  it("fails a PDF with a heading missing, no email and two columns read across the page", async () => {
    const broken = await renderTestPdf(SAMPLE_CV, {
      withoutHeadings: ["skills"],
      withoutEmail: true,
      workInTwoColumns: true,
    });
    const report = atsCheck({ pdfText: await extractPdfText(broken), doc: SAMPLE_CV });
    const status = Object.fromEntries(report.findings.map((f) => [f.id, f.status]));
    expect(status).toMatchObject({
      headings: "fail",
      "contact-email": "fail",
      "reading-order": "fail",
      "contact-name": "pass",
      "contact-phone": "pass",
      text: "pass",
    });
    const byId = (id: string) => report.findings.find((f) => f.id === id)!;
    expect(byId("headings").title).toBe("A section heading is not read: “Skills”");
    expect(byId("reading-order").detail).toContain(
      "“Operations Analyst” (Work experience, job title) is read before the entry above it ends",
    );
    expect(byId("reading-order").detail).toContain("(Work experience, achievement) are read in pieces");
    expect(report.findings.slice(0, 3).map((f) => f.status)).toEqual(["fail", "fail", "fail"]);
    expect(report.score).toBeLessThan(70);
  });

  it("fails a scanned PDF, whose only content is a picture", async () => {
    const scan = await sharp({ create: { width: 200, height: 280, channels: 3, background: "#f4f4f4" } })
      .png()
      .toBuffer();
    const read = await extractPdfText(await renderTestPdf(SAMPLE_CV, { scanned: scan }));
    expect(read.text).toBe("");
    expect(read.images).toBe(1);
    const report = atsCheck({ pdfText: read, doc: SAMPLE_CV, job: DATA_ANALYST });
    expect(report.score).toBe(0);
    expect(report.findings[0]).toMatchObject({
      id: "text",
      status: "fail",
      title: "Almost no text can be read from your PDF",
    });
  });

  it("notes a Europass photo as something a machine ignores", async () => {
    const europass = CvDocument.parse({ ...SAMPLE_CV, settings: { ...SAMPLE_CV.settings, template: "europass" } });
    const photo = await sharp({ create: { width: 60, height: 60, channels: 3, background: "#8899aa" } })
      .jpeg()
      .toBuffer();
    const report = atsCheck({ pdfText: await extractPdfText(await renderTestPdf(europass, { photo })), doc: europass });
    expect(report.findings.find((f) => f.id === "photo")).toMatchObject({
      status: "pass",
      detail: "A machine ignores it: keep nothing important in it.",
    });
    expect(report.findings.some((f) => f.status === "fail")).toBe(false);
  });

  it("lists the job's key terms the PDF has and lacks", async () => {
    const report = atsCheck({
      pdfText: await extractPdfText(await renderTestPdf(SAMPLE_CV)),
      doc: SAMPLE_CV,
      job: DATA_ANALYST,
    });
    const f = report.findings.find((x) => x.id === "key-terms")!;
    expect(f.title).toMatch(/^Your CV has \d+ of the job's 15 key terms$/);
    expect(report.keyTerms!.found).toEqual(
      expect.arrayContaining(["data analyst", "sql", "power bi", "python", "tableau"]),
    );
    expect(report.keyTerms!.missing).toEqual(expect.arrayContaining(["snowflake"]));
  });

  it("reads a renamed heading and a CV in another date format and paper size", async () => {
    const doc = CvDocument.parse({
      ...SAMPLE_CV,
      order: ["skills", "education", "work"],
      settings: { ...SAMPLE_CV.settings, paper: "Letter", dateFormat: "MMMM YYYY", titles: { work: "Career history" } },
    });
    const report = atsCheck({ pdfText: await extractPdfText(await renderTestPdf(doc)), doc });
    expect(printedSections(doc).map((k) => sectionTitle(doc, k))).toContain("Career history");
    expect(report.findings.filter((f) => f.status !== "pass")).toEqual([]);
  });
});
