import { createContext, use, type ComponentType, type ReactNode } from "react";
import type { CvSettings } from "../document";

/**
 * The few building blocks every template is written against. The PDF renderer (pdf/primitives.server.tsx)
 * supplies @react-pdf/renderer's, the HTML renderer (html.tsx) supplies div/span/a/img, so one template
 * draws the downloaded PDF and the editor's live preview alike.
 *
 * Styles are plain objects both understand: lengths as numbers of points, flexbox for layout (react-pdf
 * lays out with Yoga, the browser with CSS flexbox), no shorthands (write paddingTop, not padding: "…").
 * Templates take every style from their style sheet (`createStyles`), so the HTML renderer can turn each
 * into a class of a nonced <style> element: the site's Content-Security-Policy refuses style attributes.
 */
export type Style = Readonly<Record<string, string | number>>;
export type StyleProp = Style | readonly (Style | false | null | undefined)[] | undefined;
export type StyleSheet = Readonly<Record<string, Style>>;

/** A photo, as the server has it (uploaded bytes) or as the browser can show it (an address). */
export type PhotoSource = { data: Uint8Array; type: "image/jpeg" | "image/png" } | { url: string };

export type PageProps = {
  paper: CvSettings["paper"];
  font: CvSettings["font"];
  /** Document metadata (the PDF's Title and Author). */
  title: string;
  author: string;
  style: StyleProp;
  children: ReactNode;
};
export type ViewProps = {
  style?: StyleProp;
  /** false: never split across pages (an item's header). */
  wrap?: boolean;
  /** Drawn on every page (a coloured column's background). */
  fixed?: boolean;
  /** Points that must follow on the same page, or this moves to the next one (keeps a heading with its first line). */
  minPresenceAhead?: number;
  children?: ReactNode;
};
export type TextProps = { style?: StyleProp; minPresenceAhead?: number; children?: ReactNode };
export type LinkProps = { href: string; style?: StyleProp; children: ReactNode };
export type ImageProps = { src: PhotoSource; alt: string; style?: StyleProp };

export type Primitives = {
  Page: ComponentType<PageProps>;
  View: ComponentType<ViewProps>;
  Text: ComponentType<TextProps>;
  Link: ComponentType<LinkProps>;
  Image: ComponentType<ImageProps>;
};

const PrimitivesContext = createContext<Primitives | null>(null);
export const PrimitivesProvider = PrimitivesContext.Provider;

export function usePrimitives(): Primitives {
  const primitives = use(PrimitivesContext);
  if (!primitives) throw new Error("A CV template renders inside a PrimitivesProvider (the PDF or HTML renderer).");
  return primitives;
}

/** One style object from a style prop (later entries win), for renderers. */
export function flattenStyle(style: StyleProp): Record<string, string | number> {
  if (!style) return {};
  if (!Array.isArray(style)) return { ...(style as Style) };
  return Object.assign({}, ...(style as readonly (Style | false | null | undefined)[]).filter(Boolean));
}
