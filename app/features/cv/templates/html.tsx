import { createContext, use, useMemo, type ReactNode } from "react";
import { useNonce } from "~/lib/nonce";
import type { CvDocument, CvSettings } from "../document";
import { CSS_FONT_STACK } from "./fonts";
import { CvView, templateById } from "./index";
import {
  type ImageProps,
  type LinkProps,
  type PageProps,
  type PhotoSource,
  type Primitives,
  PrimitivesProvider,
  type Style,
  type StyleProp,
  type StyleSheet,
  type TextProps,
  type ViewProps,
} from "./primitives";

/**
 * The live preview: the same template code as the PDF, drawn with div/span/a/img. Every style object
 * of the template's sheet becomes a class of one nonced <style> element (the site's CSP refuses style
 * attributes), scoped by a prefix made from the CSS itself, so two previews with different colours can
 * share a page. Lengths stay in points, and View boxes are flex columns like react-pdf's, so
 * the browser's flexbox lays out what Yoga does in the PDF. The preview is one long page: it does not
 * paginate (the PDF's pages come from pdfPagesAsPng).
 *
 * Nothing here imports @react-pdf/renderer: this module ships to browsers.
 */

const UNITLESS = new Set([
  "fontWeight",
  "flexGrow",
  "flexShrink",
  "opacity",
  "lineHeight",
  "zIndex",
  "order",
  "aspectRatio",
]);
const PAPER = { A4: { width: 595.28, height: 841.89 }, Letter: { width: 612, height: 792 } } as const;

const kebab = (prop: string) => prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
function declarations(style: Style): string {
  return Object.entries(style)
    .map(([prop, value]) => `${kebab(prop)}:${typeof value === "number" && !UNITLESS.has(prop) ? `${value}pt` : value}`)
    .join(";");
}

// FNV-1a: a short, stable name for a sheet's CSS.
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

type HtmlSheet = { css: string; root: string; classOf: WeakMap<Style, string> };

/** The template's style sheet as CSS classes, for a document's settings. */
export function htmlSheet(s: StyleSheet, settings: CvSettings): HtmlSheet {
  const rules = Object.entries(s).map(([name, style]) => [name, declarations(style)] as const);
  const root = `cv${hash(settings.template + settings.paper + settings.font + rules.map(([n, d]) => n + d).join("|"))}`;
  const paper = PAPER[settings.paper];
  const classOf = new WeakMap<Style, string>();
  // One class each, so the template's rules (written last) win over the primitives' defaults.
  const css = [
    `.${root}{position:relative;display:flex;flex-direction:column;box-sizing:border-box;width:${paper.width}pt;min-height:${paper.height}pt;background:#fff;color:#000;text-align:left;overflow:hidden;font-family:${CSS_FONT_STACK[settings.font]}}`,
    `.${root}-v{display:flex;flex-direction:column;position:relative;box-sizing:border-box;min-width:0;min-height:0}`,
    `.${root}-t{display:block;margin:0;position:relative;overflow-wrap:break-word}`,
    `span.${root}-t,a.${root}-t{display:inline}`,
    `.${root}-i{display:block}`,
    ...rules.map(([name, body]) => `.${root}-${name}{${body}}`),
  ].join("\n");
  for (const [name, style] of Object.entries(s)) if (!classOf.has(style)) classOf.set(style, `${root}-${name}`);
  return { css, root, classOf };
}

const SheetContext = createContext<HtmlSheet | null>(null);
const InTextContext = createContext(false);

/** The classes for a primitive (`v`, `t`, `i`, or none for the page) and its style. */
function useClasses(base: "v" | "t" | "i" | "", style: StyleProp): string {
  const sheet = use(SheetContext);
  const list = (Array.isArray(style) ? style : [style]) as readonly (Style | false | null | undefined)[];
  const names = [sheet ? (base ? `${sheet.root}-${base}` : sheet.root) : ""];
  for (const st of list) {
    if (!st) continue;
    const name = sheet?.classOf.get(st);
    // A template draws only with its sheet's styles; anything else would need a style attribute.
    if (!name) throw new Error(`A CV template used a style outside its sheet: ${JSON.stringify(st)}`);
    names.push(name);
  }
  return names.filter(Boolean).join(" ");
}

function Page({ style, title, children }: PageProps) {
  return (
    <div className={useClasses("", style)} role="document" aria-label={title}>
      {children}
    </div>
  );
}

function View({ style, children }: ViewProps) {
  return <div className={useClasses("v", style)}>{children}</div>;
}

function Text({ style, children }: TextProps) {
  const inText = use(InTextContext);
  const className = useClasses("t", style);
  if (inText) return <span className={className}>{children}</span>;
  return (
    <div className={className}>
      <InTextContext value={true}>{children}</InTextContext>
    </div>
  );
}

const SAFE_HREF = /^(https?:|mailto:|tel:)/i;
function Link({ href, style, children }: LinkProps) {
  const className = useClasses("t", style);
  const inText = use(InTextContext);
  const content: ReactNode = inText ? children : <InTextContext value={true}>{children}</InTextContext>;
  if (!SAFE_HREF.test(href)) return <span className={className}>{content}</span>;
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {content}
    </a>
  );
}

function photoUrl(src: PhotoSource): string {
  if ("url" in src) return src.url;
  let binary = "";
  for (let i = 0; i < src.data.length; i += 0x8000) binary += String.fromCharCode(...src.data.subarray(i, i + 0x8000));
  return `data:${src.type};base64,${btoa(binary)}`;
}

function Image({ src, alt, style }: ImageProps) {
  return <img className={useClasses("i", style)} src={photoUrl(src)} alt={alt} />;
}

export const htmlPrimitives: Primitives = { Page, View, Text, Link, Image };

/**
 * The editor's live preview of a document, in its own template. `photoUrl` is an address the browser
 * can load (the templates that print a photo show it). Renders a nonced <style> and the page.
 */
export function CvHtml({ doc, photoUrl: url = null }: { doc: CvDocument; photoUrl?: string | null }) {
  const nonce = useNonce();
  const template = templateById(doc.settings.template);
  const { settings } = doc;
  const { s, sheet } = useMemo(() => {
    const s = template.createStyles(settings);
    return { s, sheet: htmlSheet(s, settings) };
  }, [template, settings]);
  return (
    <>
      <style nonce={nonce}>{sheet.css}</style>
      <SheetContext value={sheet}>
        <PrimitivesProvider value={htmlPrimitives}>
          <CvView doc={doc} s={s} photo={url ? { url } : null} />
        </PrimitivesProvider>
      </SheetContext>
    </>
  );
}
