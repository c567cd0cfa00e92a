import { describe, expect, it } from "vitest";
import { SAMPLE_CV } from "../sample";
import { pdfPagesAsPng } from "./pages.server";
import { renderCvPdf } from "./render.server";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe("pdfPagesAsPng", () => {
  it("draws every page at the width asked, in the paper's proportions", async () => {
    const a4 = await renderCvPdf(SAMPLE_CV);
    const pages = await pdfPagesAsPng(a4, { width: 300 });
    expect(pages).toHaveLength(2);
    for (const png of pages) {
      const { width, height } = pngSize(png);
      expect(width).toBe(300);
      expect(height / width).toBeCloseTo(841.89 / 595.28, 2);
    }
    const letter = await renderCvPdf({
      ...SAMPLE_CV,
      settings: { ...SAMPLE_CV.settings, template: "us", paper: "Letter" },
    });
    const [first, ...rest] = await pdfPagesAsPng(letter, { width: 200, maxPages: 1 });
    expect(rest).toHaveLength(0);
    const { width, height } = pngSize(first!);
    expect(width).toBe(200);
    expect(height / width).toBeCloseTo(792 / 612, 2);
    // Leaves the caller's buffer whole (pdf.js detaches what it is given).
    expect(letter.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("refuses a silly width", async () => {
    await expect(pdfPagesAsPng(Buffer.from("%PDF-"), { width: 0 })).rejects.toThrow(RangeError);
  });
});
