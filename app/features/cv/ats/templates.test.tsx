import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CvDocument, TEMPLATES } from "../document";
import { renderCvPdf } from "../pdf/render.server";
import { SAMPLE_CV } from "../sample";
import { atsCheck } from "./check";
import { extractPdfText } from "./extract.server";

const inTemplate = (template: (typeof TEMPLATES)[number]) =>
  CvDocument.parse({
    ...SAMPLE_CV,
    settings: { ...SAMPLE_CV.settings, template, paper: template === "us" ? "Letter" : "A4" },
  });

/** Every template's PDF of the sample CV, read back as a machine reads it: nothing fails. */
describe("the ATS check of each template's PDF", () => {
  for (const template of TEMPLATES) {
    it(`finds nothing failing in the ${template} template`, async () => {
      const doc = inTemplate(template);
      const report = atsCheck({ pdfText: await extractPdfText(await renderCvPdf(doc)), doc });
      expect(report.findings.filter((f) => f.status === "fail")).toEqual([]);
      // Every heading, contact detail, date and value is read, in order; only the length may warn
      // (the sample is a two-page CV, longer than a US résumé should be).
      expect(report.findings.filter((f) => f.status === "warn").map((f) => f.id)).toEqual(
        template === "us" ? ["length"] : [],
      );
    }, 30_000);
  }

  it("notes the photo of the templates that print one", async () => {
    const data = await sharp({ create: { width: 120, height: 150, channels: 3, background: "#8899aa" } })
      .jpeg()
      .toBuffer();
    for (const template of ["europass", "modern"] as const) {
      const doc = inTemplate(template);
      const report = atsCheck({
        pdfText: await extractPdfText(await renderCvPdf(doc, { photo: { data, type: "image/jpeg" } })),
        doc,
      });
      expect(
        report.findings.find((f) => f.id === "photo"),
        template,
      ).toMatchObject({ status: "pass", detail: "A machine ignores it: keep nothing important in it." });
      expect(report.findings.filter((f) => f.status !== "pass")).toEqual([]);
    }
  }, 30_000);
});
