import { Marked, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";
import { slugify } from "~/lib/slug";

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // The page title is the only h1; a body's "#" becomes a section heading. Ids let a section be linked to.
    heading(
      this: { parser: { parseInline(tokens: Tokens.Generic[]): string } },
      { tokens, depth, text }: Tokens.Heading,
    ) {
      const level = Math.max(2, depth);
      return `<h${level} id="${slugify(text)}">${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "li",
    "a",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "blockquote",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "hr",
    "br",
    "img",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["align"],
    td: ["align"],
    h2: ["id"],
    h3: ["id"],
    h4: ["id"],
    ol: ["start"],
  },
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    h1: "h2",
    // Links that leave the site do not hand it the opener or the referring page.
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? "");
      return { tagName, attribs: external ? { ...attribs, rel: "noopener noreferrer" } : attribs };
    },
  },
};

/** Any HTML from content or users, reduced to the tags and attributes an article needs. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

export function renderMarkdown(markdown: string): string {
  return sanitizeArticleHtml(marked.parse(markdown) as string);
}

/** The words of rendered HTML, for search and reading time. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}

/** Minutes at 220 words a minute, the usual figure for reading on a screen; never less than one. */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 220));
}
