import type { ComponentType } from "react";
import type { CvDocument, CvSettings, SectionKey, TemplateId } from "../document";
import type { PhotoSource, StyleSheet } from "./primitives";

export type TemplateProps = { doc: CvDocument; s: StyleSheet; photo: PhotoSource | null };

export type CvTemplate = {
  id: TemplateId;
  /** Whether it prints an uploaded photo. */
  photo: boolean;
  /** Its style sheet for a document's settings (accent colour, font): every style it draws with. */
  createStyles(settings: CvSettings): StyleSheet;
  Component: ComponentType<TemplateProps>;
  /**
   * The sections in the order their text comes out of the PDF (what an applicant tracking system reads):
   * the printed sections in the document's order, except the two-column template (see modern.tsx).
   */
  readingOrder(doc: CvDocument): SectionKey[];
  /** Europass prints an entry's dates in a column before it; the others beside its title. */
  datesFirst: boolean;
};
