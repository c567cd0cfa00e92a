import { renderToBuffer } from "@react-pdf/renderer";
import type { CvDocument } from "../document";
import { CvView, PrimitivesProvider } from "../templates";
import { fontStacks, loadFonts, registerFonts } from "./fonts.server";
import { PdfContextProvider, pdfPrimitives } from "./primitives.server";

registerFonts();

export type CvPhoto = { data: Buffer; type: "image/jpeg" | "image/png" };

/**
 * The CV as a PDF, drawn by its template (`settings.template`) on its paper (`settings.paper`): real
 * text in reading order with embedded, subset Noto fonts, links as link annotations, Title and Author
 * metadata. The photo prints only in templates that show one (Europass, modern).
 */
export async function renderCvPdf(doc: CvDocument, options: { photo?: CvPhoto | null } = {}): Promise<Buffer> {
  const stacks = fontStacks(doc);
  await loadFonts(stacks);
  const photo = options.photo ? { data: options.photo.data, type: options.photo.type } : null;
  return renderToBuffer(
    <PdfContextProvider value={{ stacks, language: doc.settings.template === "us" ? "en-US" : "en-GB" }}>
      <PrimitivesProvider value={pdfPrimitives}>
        <CvView doc={doc} photo={photo} />
      </PrimitivesProvider>
    </PdfContextProvider>,
  );
}
