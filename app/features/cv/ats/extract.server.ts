import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import type { PdfText } from "./check";

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<typeof getDocumentProxy>>["getPage"]>>;

/**
 * A PDF's text as an applicant tracking system reads it: page by page, in the order the PDF draws
 * its text (the order a parser reads, whatever the layout looks like on screen). A line break goes
 * where the text moves to another line and a space where it jumps along one, so the name and the
 * headline under it are not read as one word (unpdf's `extractText` joins such pieces with nothing).
 * Also counts the pictures the pages paint, which a machine cannot read, and lists the addresses of
 * the links, which a parser reads although they are not text.
 */
export async function extractPdfText(pdf: Buffer | Uint8Array): Promise<Required<PdfText>> {
  // pdf.js takes the bytes over, so it gets a copy: the caller's buffer stays usable.
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  try {
    const { OPS } = await getResolvedPDFJS();
    const paints = new Set<number>([
      OPS.paintImageXObject,
      OPS.paintInlineImageXObject,
      OPS.paintImageXObjectRepeat,
      OPS.paintInlineImageXObjectGroup,
    ]);
    const pages: string[] = [];
    const links: string[] = [];
    let images = 0;
    for (let n = 1; n <= proxy.numPages; n++) {
      const page = await proxy.getPage(n);
      pages.push(tidy(await pageText(page)));
      const { fnArray } = await page.getOperatorList();
      images += fnArray.filter((fn) => paints.has(fn)).length;
      for (const annotation of (await page.getAnnotations()) as { subtype?: string; url?: string }[]) {
        if (annotation.subtype === "Link" && annotation.url) links.push(annotation.url);
      }
      page.cleanup();
    }
    return { pages, text: pages.join("\n\n"), images, links };
  } finally {
    await proxy.destroy();
  }
}

async function pageText(page: PdfPage): Promise<string> {
  const content = await page.getTextContent();
  let out = "";
  let last: { y: number; end: number; size: number } | null = null;
  for (const item of content.items) {
    if (!("str" in item)) continue;
    const [, , c, d, x, y] = item.transform as number[];
    const size = Math.hypot(c!, d!) || item.height || 1;
    if (last && item.str) {
      // Another line: the text moves up or down, or back to the left.
      if (Math.abs(y! - last.y) > Math.min(size, last.size) * 0.5 || x! < last.end - size) {
        if (!out.endsWith("\n")) out += "\n";
      } else if (x! - last.end > size * 0.15 && !/\s$/.test(out) && !/^\s/.test(item.str)) {
        out += " ";
      }
    }
    out += item.str;
    if (item.hasEOL) out += "\n";
    if (item.str) last = { y: y!, end: x! + item.width, size };
  }
  return out;
}

/** Spaces as a reader sees them: one between words, none at a line's ends, no empty lines. */
const tidy = (page: string) =>
  page
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{2,}/g, "\n")
    .trim();
