/**
 * The CV's rich text: a small Markdown of bold (**text**), italic (*text* or _text_), bulleted lists
 * ("- " at the start of a line) and links ([text](https://…)). Everything else is text, so HTML or a
 * script typed into a field prints as the characters typed in every output: the PDF, the DOCX and the
 * preview all render these runs, never markup.
 */
export type Run = { text: string; bold?: boolean; italic?: boolean; href?: string };
export type Block = { kind: "paragraph"; runs: Run[] } | { kind: "list"; items: Run[][] };

const LINK = /^\[([^\]\n]+)\]\(((?:https?:\/\/|mailto:)[^\s)]+)\)/i;

/** The runs of one line of text. */
export function parseInline(line: string): Run[] {
  const runs: Run[] = [];
  let bold = false;
  let italic = false;
  let buffer = "";
  const flush = () => {
    if (buffer) runs.push({ text: buffer, ...(bold && { bold }), ...(italic && { italic }) });
    buffer = "";
  };
  for (let i = 0; i < line.length; ) {
    const rest = line.slice(i);
    const link = LINK.exec(rest);
    if (link) {
      flush();
      runs.push({ text: link[1]!, href: link[2]!, ...(bold && { bold }), ...(italic && { italic }) });
      i += link[0].length;
      continue;
    }
    // A marker counts only when its closing partner is further on the line; a lone * is text.
    if (rest.startsWith("**") && (bold || line.indexOf("**", i + 2) > i + 2)) {
      flush();
      bold = !bold;
      i += 2;
      continue;
    }
    const ch = line[i]!;
    if ((ch === "*" || ch === "_") && (italic || hasClosing(line, ch, i))) {
      flush();
      italic = !italic;
      i += 1;
      continue;
    }
    buffer += ch;
    i += 1;
  }
  flush();
  return merge(runs);
}

function hasClosing(line: string, marker: string, at: number): boolean {
  const next = line.indexOf(marker, at + 1);
  // "_" inside a word (snake_case) is text; "*" opens only before a non-space.
  if (marker === "_" && at > 0 && /\w/.test(line[at - 1]!)) return false;
  return next > at + 1 && line[at + 1] !== " ";
}

const same = (a: Run, b: Run) => !a.href && !b.href && !!a.bold === !!b.bold && !!a.italic === !!b.italic;
function merge(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    const last = out.at(-1);
    if (last && same(last, run)) last.text += run.text;
    else out.push({ ...run });
  }
  return out;
}

const BULLET = /^\s*[-*•]\s+/;

/** Paragraphs (lines joined by a space, split by a blank line) and bulleted lists. */
export function parseRichText(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let items: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", runs: parseInline(paragraph.join(" ")) });
    paragraph = [];
  };
  const endList = () => {
    if (items.length) blocks.push({ kind: "list", items: items.map(parseInline) });
    items = [];
  };
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) {
      endParagraph();
      endList();
    } else if (BULLET.test(raw)) {
      endParagraph();
      items.push(raw.replace(BULLET, "").trim());
    } else if (items.length && /^\s{2,}/.test(raw)) {
      // An indented line continues the item above it.
      items[items.length - 1] += ` ${line}`;
    } else {
      endList();
      paragraph.push(line);
    }
  }
  endParagraph();
  endList();
  return blocks;
}

/** The words a reader (or a machine) gets from rich text, without its markers. */
export function plainText(source: string): string {
  return parseRichText(source)
    .map((b) => (b.kind === "paragraph" ? runsText(b.runs) : b.items.map((i) => `• ${runsText(i)}`).join("\n")))
    .join("\n");
}

export const runsText = (runs: Run[]) => runs.map((r) => r.text).join("");
