import {
  Document,
  Image as PdfImage,
  Link as PdfLink,
  Page as PdfPage,
  Text as PdfText,
  View as PdfView,
} from "@react-pdf/renderer";
import { Children, type ComponentProps, createContext, use, type ReactNode } from "react";
import { RTL_RUN } from "../templates/fonts";
import {
  type ImageProps,
  type LinkProps,
  type PageProps,
  type Primitives,
  type StyleProp,
  type TextProps,
  type ViewProps,
  flattenStyle,
} from "../templates/primitives";
import type { FontStacks } from "./fonts.server";

/** The PDF's metadata beyond title and author, and the font chains of the document being drawn. */
export type PdfContext = { stacks: FontStacks; language: string };
const Context = createContext<PdfContext>({ stacks: { main: ["Helvetica"], rtl: ["Helvetica"] }, language: "en-GB" });
export const PdfContextProvider = Context.Provider;

// react-pdf's style type is stricter in its literals (flexDirection: "row"); ours is a subset of it.
type PdfStyle = NonNullable<ComponentProps<typeof PdfView>["style"]>;
const pdfStyle = (style: StyleProp) => flattenStyle(style) as PdfStyle;

/**
 * Right-to-left stretches of a text set in their own span with the RTL font chain: the Arabic font then
 * draws the spaces between the words too, so a stretch is one run that a reader's text layer (pdf.js,
 * an ATS) reverses back into reading order as a whole, instead of word by word.
 */
function withRtlRuns(children: ReactNode, rtl: string[]): ReactNode {
  return Children.map(children, (child) => {
    if (typeof child !== "string" || !child.search || child.search(RTL_RUN) < 0) return child;
    const parts: ReactNode[] = [];
    let last = 0;
    for (const m of child.matchAll(RTL_RUN)) {
      if (m.index > last) parts.push(child.slice(last, m.index));
      parts.push(
        <PdfText key={m.index} style={{ fontFamily: rtl }}>
          {m[0]}
        </PdfText>,
      );
      last = m.index + m[0].length;
    }
    if (last < child.length) parts.push(child.slice(last));
    return parts;
  });
}

function Page({ paper, title, author, style, children }: PageProps) {
  const { stacks, language } = use(Context);
  return (
    <Document
      title={title}
      author={author}
      subject={title}
      creator="Careers platform CV builder"
      producer="Careers platform"
      language={language}
    >
      <PdfPage size={paper === "Letter" ? "LETTER" : "A4"} style={[pdfStyle(style), { fontFamily: stacks.main }]}>
        {children}
      </PdfPage>
    </Document>
  );
}

function View({ style, wrap, fixed, minPresenceAhead, children }: ViewProps) {
  return (
    <PdfView
      style={pdfStyle(style)}
      {...(wrap === false && { wrap: false })}
      {...(fixed && { fixed: true })}
      {...(minPresenceAhead && { minPresenceAhead })}
    >
      {children}
    </PdfView>
  );
}

/**
 * react-pdf treats the seam between two runs of a paragraph (a bold word and the comma after it) and any
 * run of two spaces as a place to hyphenate, and draws a hyphen there. A penalty of its "infinity" makes
 * those seams no place to break at all; lines still break at spaces.
 */
const NO_BREAK = 10_000;

function Text({ style, minPresenceAhead, children }: TextProps) {
  const { stacks } = use(Context);
  return (
    <PdfText style={pdfStyle(style)} hyphenationPenalty={NO_BREAK} {...(minPresenceAhead && { minPresenceAhead })}>
      {stacks.rtl[0] === stacks.main[0] ? children : withRtlRuns(children, stacks.rtl)}
    </PdfText>
  );
}

function Link({ href, style, children }: LinkProps) {
  const { stacks } = use(Context);
  return (
    <PdfLink src={href} style={pdfStyle(style)}>
      {stacks.rtl[0] === stacks.main[0] ? children : withRtlRuns(children, stacks.rtl)}
    </PdfLink>
  );
}

function Image({ src, style }: ImageProps) {
  if (!("data" in src)) return null; // the server prints only uploaded bytes, never fetches an address
  return (
    <PdfImage
      src={{ data: Buffer.from(src.data), format: src.type === "image/png" ? "png" : "jpg" }}
      style={pdfStyle(style)}
    />
  );
}

export const pdfPrimitives: Primitives = { Page, View, Text, Link, Image };
