/**
 * Whether a text is well-formed XML, and its root element: enough to tell an SVG drawing from HTML
 * or anything else by its content. Nothing is fetched or expanded: a DOCTYPE (with its internal
 * subset) is stepped over, and an entity reference is only checked to be written as one, so neither
 * an external entity nor a "billion laughs" has anything to act on. Namespaces are not resolved:
 * the root's local name is what counts.
 */
export type XmlOutline =
  | {
      ok: true;
      root: string;
      /** Where the root element starts and ends (exclusive). */
      start: number;
      end: number;
    }
  | {
      ok: false;
      problem: string;
      /** The root element's name, when it was reached. */
      root?: string;
    };

const NAME = /[\p{L}_][\p{L}\p{N}_.\-\u00b7]*(?::[\p{L}_][\p{L}\p{N}_.\-\u00b7]*)?/uy;
const WS = /[ \t\r\n]*/y;
const REFERENCE = /&(?:[\p{L}_][\p{L}\p{N}_.-]*|#[0-9]+|#x[0-9a-fA-F]+);/uy;
const MAX_DEPTH = 256;

export const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** What a test reads to see the work grow with the text: each character a search or match looks at, and each step of a loop. */
export type Meter = { steps: number };

export function xmlOutline(text: string, meter: Meter = { steps: 0 }): XmlOutline {
  const n = text.length;
  /**
   * `text.indexOf`, counting the characters it looks at: up to what it finds, or to the end. Only for
   * a search whose stretch is then stepped over (or ends the reading), so that no character is looked at twice.
   */
  const indexOf = (needle: string, from: number) => {
    const at = text.indexOf(needle, from);
    meter.steps += (at < 0 ? n : at + needle.length) - from;
    return at;
  };
  /** Where `needle` is in text[from, to), or -1, looking at nothing past `to`. */
  const within = (needle: string, from: number, to: number) => {
    const at = text.slice(from, to).indexOf(needle);
    meter.steps += at < 0 ? to - from : at + needle.length;
    return at < 0 ? -1 : from + at;
  };
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let root: string | undefined;
  let start = -1;
  let end = -1;
  const stack: string[] = [];
  const lineAt = (at: number) => {
    meter.steps += at;
    return text.slice(0, at).split("\n").length;
  };
  const fail = (problem: string, at: number): XmlOutline => ({
    ok: false,
    problem: `${problem} (line ${lineAt(at)})`,
    ...(root ? { root } : {}),
  });

  const nameAt = (at: number): string | null => {
    NAME.lastIndex = at;
    const name = NAME.exec(text)?.[0] ?? null;
    meter.steps += 1 + (name?.length ?? 0);
    return name;
  };
  const skipSpace = (at: number) => {
    WS.lastIndex = at;
    WS.exec(text);
    meter.steps += 1 + WS.lastIndex - at;
    return WS.lastIndex;
  };
  /** Every & of a stretch of text or attribute value begins a reference written as one. */
  const badReference = (from: number, to: number): number => {
    for (let amp = within("&", from, to); amp >= 0; amp = within("&", amp + 1, to)) {
      REFERENCE.lastIndex = amp;
      const m = REFERENCE.exec(text);
      meter.steps += m?.[0].length ?? 1;
      if (!m || amp + m[0].length > to) return amp;
    }
    return -1;
  };

  while (i < n) {
    meter.steps++;
    if (text.startsWith("<!--", i)) {
      const close = indexOf("-->", i + 4);
      if (close < 0) return fail("a comment is never closed", i);
      i = close + 3;
      continue;
    }
    if (text.startsWith("<![CDATA[", i)) {
      if (!stack.length) return fail("text outside the root element", i);
      const close = indexOf("]]>", i + 9);
      if (close < 0) return fail("a CDATA section is never closed", i);
      i = close + 3;
      continue;
    }
    if (text.startsWith("<?", i)) {
      const close = indexOf("?>", i + 2);
      if (close < 0) return fail("a processing instruction is never closed", i);
      i = close + 2;
      continue;
    }
    if (text.startsWith("<!", i)) {
      if (root !== undefined || !/^<!DOCTYPE[ \t\r\n]/i.test(text.slice(i, i + 10)))
        return fail("a declaration where none may be", i);
      const after = afterDoctype(text, i + 9, meter);
      if (after < 0) return fail("the DOCTYPE is never closed", i);
      i = after;
      continue;
    }
    if (text.startsWith("</", i)) {
      const name = nameAt(i + 2);
      if (!name) return fail("a closing tag without a name", i);
      const at = skipSpace(i + 2 + name.length);
      if (text[at] !== ">") return fail(`the closing tag </${name}> is not closed with >`, i);
      const open = stack.pop();
      if (open !== name) return fail(open ? `<${open}> is closed by </${name}>` : `</${name}> closes nothing`, i);
      i = at + 1;
      if (!stack.length) end = i;
      continue;
    }
    if (text[i] === "<") {
      const tagStart = i;
      const name = nameAt(i + 1);
      if (!name) return fail("a < that starts no tag (write &lt; in text)", i);
      if (end >= 0) return fail(`a second root element <${name}>`, i);
      let at = i + 1 + name.length;
      const seen = new Set<string>();
      let selfClosing = false;
      for (;;) {
        meter.steps++;
        const spaced = skipSpace(at);
        if (text.startsWith("/>", spaced)) {
          selfClosing = true;
          at = spaced + 2;
          break;
        }
        if (text[spaced] === ">") {
          at = spaced + 1;
          break;
        }
        if (spaced === at) return fail(`the tag <${name}> is not written as XML`, tagStart);
        const attribute = nameAt(spaced);
        if (!attribute) return fail(`the tag <${name}> is not written as XML`, tagStart);
        if (seen.has(attribute)) return fail(`<${name}> has the attribute ${attribute} twice`, tagStart);
        seen.add(attribute);
        const equals = skipSpace(spaced + attribute.length);
        if (text[equals] !== "=") return fail(`the attribute ${attribute} of <${name}> has no value`, tagStart);
        const quoteAt = skipSpace(equals + 1);
        const quote = text[quoteAt];
        if (quote !== '"' && quote !== "'")
          return fail(`the value of ${attribute} in <${name}> is not in quotes`, tagStart);
        const close = indexOf(quote, quoteAt + 1);
        if (close < 0) return fail(`the value of ${attribute} in <${name}> is never closed`, tagStart);
        if (within("<", quoteAt + 1, close) >= 0)
          return fail(`the value of ${attribute} in <${name}> holds a <`, tagStart);
        if (badReference(quoteAt + 1, close) >= 0)
          return fail(`the value of ${attribute} in <${name}> holds an & that starts no reference`, tagStart);
        at = close + 1;
      }
      if (root === undefined) {
        root = name;
        start = tagStart;
      }
      i = at;
      if (selfClosing) {
        if (!stack.length) end = i;
      } else {
        stack.push(name);
        if (stack.length > MAX_DEPTH) return fail(`elements are nested more than ${MAX_DEPTH} deep`, tagStart);
      }
      continue;
    }
    const next = indexOf("<", i);
    const stop = next < 0 ? n : next;
    meter.steps += stop - i;
    if (!stack.length && text.slice(i, stop).trim()) return fail("text outside the root element", i);
    const amp = badReference(i, stop);
    if (amp >= 0) return fail("an & that starts no reference (write &amp;)", amp);
    i = stop;
  }
  if (stack.length) return fail(`<${stack.at(-1)}> is never closed`, n);
  if (root === undefined) return { ok: false, problem: "it holds no element" };
  return { ok: true, root, start, end };
}

/** Past a DOCTYPE's closing > (its internal subset, quoted strings and comments stepped over), or -1. */
function afterDoctype(text: string, from: number, meter: Meter): number {
  let inSubset = false;
  for (let i = from; i < text.length; i++) {
    meter.steps++;
    const c = text[i];
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return -1;
      meter.steps += close - i;
      i = close;
    } else if (inSubset && text.startsWith("<!--", i)) {
      const close = text.indexOf("-->", i + 4);
      if (close < 0) return -1;
      meter.steps += close - i;
      i = close + 2;
    } else if (c === "[") {
      inSubset = true;
    } else if (c === "]") {
      inSubset = false;
    } else if (c === ">" && !inSubset) {
      return i + 1;
    }
  }
  return -1;
}
