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

// The tags whose meaning survives as Markdown; sanitize-html drops the rest and leaves their text.
const MARKDOWN_TAGS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "ul", "ol", "li", "strong", "em", "a", "h2", "h3", "h4"],
  allowedAttributes: { a: ["href"] },
  allowedSchemes: ["https", "http", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "head"],
  transformTags: {
    b: "strong",
    i: "em",
    h1: "h2",
    h5: "h4",
    h6: "h4",
    div: "p",
    section: "p",
    article: "p",
    header: "p",
    footer: "p",
    blockquote: "p",
    tr: "p",
  },
};

const TEXT_ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"' };

/** Text as Markdown reads it literally: its markup characters escaped, so a job's words never become HTML or links. */
function markdownLiteral(text: string): string {
  return text.replace(/[\\`*_[\]<>|~]/g, (c) => `\\${c}`);
}

/**
 * HTML from another site (a job board's description) as Markdown: paragraphs, headings, lists, emphasis and
 * links kept, everything else reduced to its words. Sanitised first, so what is read below is sanitize-html's
 * own well-formed output; the Markdown is sanitised again when it is rendered.
 */
export function htmlToMarkdown(html: string): string {
  // A table's cells are read as words of one line: a space keeps them apart.
  const clean = sanitizeHtml(html.replace(/<\/t[dh]\s*>/gi, " $&"), MARKDOWN_TAGS);
  const blocks: string[] = [];
  const lists: { ordered: boolean; count: number }[] = [];
  const links: string[] = [];
  let line = "";
  let marker = "";
  const endBlock = () => {
    const text = line
      .replace(/[ \t]+/g, " ")
      .replace(/ ?\n ?/g, "\n")
      .trim();
    if (text) blocks.push(marker + text);
    line = marker = "";
  };
  for (const [, closing, tag, attributes, text] of clean.matchAll(/<(\/?)([a-z0-9]+)([^>]*)>|([^<]+)/g)) {
    if (text !== undefined) {
      const words = text.replace(/&(?:amp|lt|gt|quot);/g, (e) => TEXT_ENTITIES[e]!).replace(/\s+/g, " ");
      const escaped = markdownLiteral(words);
      // Words that would start a heading, a list or a quote at the start of a line are kept as words.
      line += line.trim() ? escaped : escaped.replace(/^(\s*)([#+-]|\d+\.)(?=\s)/, (_, s, m) => `${s}\\${m}`);
      continue;
    }
    if (tag === "br") line += "\n";
    else if (tag === "strong") line += "**";
    else if (tag === "em") line += "_";
    else if (tag === "a") {
      if (closing) {
        const href = links.pop();
        line += href
          ? `](${href.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)})`
          : "";
      } else {
        const href = /href="([^"]*)"/.exec(attributes ?? "")?.[1]?.replace(/&amp;/g, "&");
        links.push(href ?? "");
        if (href) line += "[";
      }
    } else if (tag === "ul" || tag === "ol") {
      endBlock();
      if (closing) lists.pop();
      else lists.push({ ordered: tag === "ol", count: 0 });
    } else if (tag === "li") {
      endBlock();
      const list = lists.at(-1);
      if (!closing && list) {
        list.count += 1;
        marker = `${"   ".repeat(lists.length - 1)}${list.ordered ? `${list.count}.` : "-"} `;
      }
    } else if (tag === "h2" || tag === "h3" || tag === "h4") {
      endBlock();
      if (!closing) marker = `${"#".repeat(Number(tag[1]))} `;
    } else endBlock();
  }
  endBlock();
  // List items sit on consecutive lines; everything else is a paragraph of its own.
  return blocks
    .map(
      (block, i) =>
        (i > 0 && /^\s*(?:-|\d+\.) /.test(block) && /^\s*(?:-|\d+\.) /.test(blocks[i - 1]!) ? "\n" : "\n\n") + block,
    )
    .join("")
    .trim();
}
