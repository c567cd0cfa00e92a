import sanitizeHtml from "sanitize-html";

/**
 * An uploaded SVG logo reduced to shapes, text and paint: an allow-list of SVG elements and of
 * attributes that say how something looks, never where anything comes from. Gone: scripts, event
 * handlers, foreignObject (HTML inside), images, links, animation (which can rewrite a link), style
 * elements and attributes (a style attribute's paint becomes presentation attributes), every URL but a
 * same-document `#fragment`, and the DOCTYPE with its entities (an unknown entity stays as text).
 */

export const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

const SVG_TAGS = [
  "svg",
  "g",
  "defs",
  "symbol",
  "use",
  "title",
  "desc",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "linearGradient",
  "radialGradient",
  "stop",
  "clipPath",
  "mask",
  "pattern",
];

/** Elements that draw something: a logo without any is refused. */
export const DRAWING_TAGS = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "use"];

/** How a shape is painted (also what a style attribute may turn into). */
const PRESENTATION = new Set([
  "fill",
  "fill-opacity",
  "fill-rule",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-opacity",
  "opacity",
  "color",
  "stop-color",
  "stop-opacity",
  "clip-path",
  "clip-rule",
  "mask",
  "visibility",
  "display",
  "overflow",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "font-variant",
  "letter-spacing",
  "word-spacing",
  "text-anchor",
  "dominant-baseline",
  "alignment-baseline",
  "baseline-shift",
  "text-decoration",
  "shape-rendering",
  "text-rendering",
  "color-interpolation",
  "vector-effect",
  "paint-order",
]);

/** Geometry, structure and accessible names. `href` only ever as a same-document #fragment. */
const STRUCTURE = [
  "id",
  "viewBox",
  "preserveAspectRatio",
  "width",
  "height",
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "fx",
  "fy",
  "fr",
  "d",
  "points",
  "pathLength",
  "offset",
  "dx",
  "dy",
  "rotate",
  "textLength",
  "lengthAdjust",
  "transform",
  "gradientUnits",
  "gradientTransform",
  "spreadMethod",
  "clipPathUnits",
  "maskUnits",
  "maskContentUnits",
  "patternUnits",
  "patternContentUnits",
  "patternTransform",
  "href",
  "version",
  "xml:space",
  "role",
  "aria-label",
  "aria-hidden",
  "focusable",
];

const ALLOWED_ATTRIBUTES = new Set([...PRESENTATION, ...STRUCTURE]);

/**
 * Elements dropped with everything inside them (text and elements alike). Any other element off the
 * allow-list goes without its tags but keeps its allowed children and its text, which is inert: in
 * an SVG no text is anything but text (so <SCRIPT> or <svg:script>, off the list, leave only words).
 */
const DROPPED_WHOLE = [
  "script",
  "style",
  "foreignObject",
  "iframe",
  "noscript",
  "template",
  "textarea",
  "option",
  "xmp",
  "object",
  "embed",
  "math",
  "image",
  "animate",
  "animateMotion",
  "animateTransform",
  "set",
  "feImage",
];

const SAME_DOCUMENT = /^#[A-Za-z_][\w.-]*$/;
/** A paint server or clip reference inside this document: url(#id), quoted or not. */
const LOCAL_URL = /url\(\s*(["']?)#[A-Za-z_][\w.-]*\1\s*\)/gi;

/** Whether a presentation or geometry value fetches nothing and runs nothing. */
export function safeSvgValue(value: string): boolean {
  if (/[<>\\]/.test(value)) return false;
  if (/url\s*\(/i.test(value.replace(LOCAL_URL, ""))) return false;
  if (/(?:javascript|vbscript|data|file|https?)\s*:|expression\s*\(|@import|!important/i.test(value)) return false;
  return true;
}

/** A style attribute's declarations, as [property, value] pairs (only plain ones: no escapes, no !important). */
function declarationsOf(style: string | undefined): [string, string][] {
  if (!style) return [];
  return style
    .split(";")
    .map((d) => {
      const colon = d.indexOf(":");
      return colon < 0
        ? null
        : ([d.slice(0, colon).trim().toLowerCase(), d.slice(colon + 1).trim()] as [string, string]);
    })
    .filter((d): d is [string, string] => !!d && /^[a-z-]+$/.test(d[0]) && d[1] !== "");
}

/** Never renames a tag: sanitize-html would close a later element with a renamed, dropped tag's name. */
function keepSafeAttributes(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept: sanitizeHtml.Attributes = {};
  // A style attribute's paint is kept as presentation attributes, which an attribute of the same name overrides.
  const fromStyle = Object.fromEntries(
    declarationsOf(attribs.style).filter(([property]) => PRESENTATION.has(property)),
  );
  for (const [rawName, rawValue] of Object.entries({ ...fromStyle, ...attribs })) {
    const name = rawName === "xlink:href" ? "href" : rawName;
    if (!ALLOWED_ATTRIBUTES.has(name)) continue;
    const value = String(rawValue).trim();
    if (name === "href" ? !SAME_DOCUMENT.test(value) : !safeSvgValue(value)) continue;
    kept[name] = value;
  }
  // Served as an image of its own, the drawing needs its namespace; nothing else names one.
  if (tagName === "svg") kept.xmlns = SVG_NAMESPACE;
  return { tagName, attribs: kept };
}

const OPTIONS: sanitizeHtml.IOptions = {
  // Case-sensitive names (viewBox, linearGradient), self-closing tags, only XML's own entities decoded.
  parser: { xmlMode: true, decodeEntities: true },
  allowedTags: SVG_TAGS,
  allowedAttributes: { "*": [...ALLOWED_ATTRIBUTES], svg: ["xmlns"] },
  allowedSchemes: [],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: DROPPED_WHOLE,
  selfClosing: [],
  parseStyleAttributes: false,
  transformTags: { "*": keepSafeAttributes },
  // A <use> whose reference was not to this document refers to nothing.
  exclusiveFilter: (frame) => frame.tag === "use" && !frame.attribs.href,
  // Text outside every element (what is left of a DOCTYPE's internal subset, say) is not XML: dropped.
  textFilter: (text, tagName) => (tagName ? text : ""),
};

/** The SVG's markup with only what the allow-lists keep (see above). */
export function sanitiseSvg(svg: string): string {
  return sanitizeHtml(svg, OPTIONS).trim();
}
