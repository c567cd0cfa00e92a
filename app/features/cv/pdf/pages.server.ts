import { getDocumentProxy, renderPageAsImage } from "unpdf";

/**
 * A PDF's pages as PNG images `width` pixels wide (the height follows the page's proportions), for the
 * template thumbnails and the page-by-page preview. pdf.js draws them on @napi-rs/canvas, whose
 * prebuilt binary arrives as an npm optional dependency: nothing to compile or download.
 */
export async function pdfPagesAsPng(
  pdf: Buffer | Uint8Array,
  { width, maxPages = Infinity }: { width: number; maxPages?: number },
): Promise<Buffer[]> {
  if (!(width >= 1 && width <= 4000)) throw new RangeError("width must be between 1 and 4,000 pixels");
  // pdf.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  try {
    const count = Math.min(doc.numPages, Math.max(1, Math.floor(maxPages)));
    const pages: Buffer[] = [];
    for (let n = 1; n <= count; n++) {
      const png = await renderPageAsImage(doc, n, { canvasImport: () => import("@napi-rs/canvas"), width });
      pages.push(Buffer.from(png));
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
