import { createElement } from "react";
import type { CvDocument, SectionKey, TemplateId } from "../document";
import { europass } from "./europass";
import { modern } from "./modern";
import type { PhotoSource, StyleSheet } from "./primitives";
import type { CvTemplate } from "./types";
import { uk } from "./uk";
import { us } from "./us";

export type { CvTemplate, TemplateProps } from "./types";
export type { PhotoSource, Primitives, Style, StyleSheet } from "./primitives";
export { PrimitivesProvider } from "./primitives";

const BY_ID: Record<TemplateId, CvTemplate> = { uk, us, europass, modern };

export function templateById(id: TemplateId): CvTemplate {
  return BY_ID[id];
}

/** The sections in the order a machine reads them out of this document's PDF. */
export function readingOrder(doc: CvDocument): SectionKey[] {
  return BY_ID[doc.settings.template].readingOrder(doc);
}

/**
 * The document drawn with its own template (`settings.template`), with whichever primitives the
 * surrounding PrimitivesProvider supplies. `s` is the template's style sheet when the renderer made it
 * already (the HTML renderer does, to write its CSS); a photo prints only in templates that show one.
 */
export function CvView({ doc, photo = null, s }: { doc: CvDocument; photo?: PhotoSource | null; s?: StyleSheet }) {
  const template = BY_ID[doc.settings.template];
  return createElement(template.Component, {
    doc,
    s: s ?? template.createStyles(doc.settings),
    photo: template.photo ? photo : null,
  });
}
