/**
 * A small, strict reader for the two XML formats a careers site lists its job pages in: sitemaps (sitemaps.org)
 * and RSS 2.0 / Atom feeds. Elements, attributes, text, CDATA and the five XML entities and character
 * references; a document type declaration is refused, so no entity ever expands, and badly formed XML is an error.
 */
export type XmlElement = { name: string; attributes: Record<string, string>; children: (XmlElement | string)[] };

export class XmlError extends Error {}

const NAME = /[A-Za-z_][\w.:-]*/y;
const ATTRIBUTE = /\s+([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decode(text: string, at: number): string {
  return text.replace(/&([^;\s&]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(";")) throw new XmlError(`a bare & near character ${at}`);
    if (name in ENTITIES) return ENTITIES[name]!;
    const code = /^#x([0-9a-f]+)$/i.exec(name)
      ? parseInt(name.slice(2), 16)
      : /^#(\d+)$/.exec(name)
        ? Number(name.slice(1))
        : NaN;
    if (!Number.isInteger(code) || code < 1 || code > 0x10ffff)
      throw new XmlError(`an unknown entity &${name}; near character ${at}`);
    return String.fromCodePoint(code);
  });
}

export function parseXml(xml: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  const text = (value: string) => {
    const top = stack.at(-1);
    if (top) top.children.push(value);
    else if (value.trim()) throw new XmlError(`text outside the root element near character ${i}`);
  };
  while (i < xml.length) {
    const lt = xml.indexOf("<", i);
    if (lt !== i) {
      const end = lt < 0 ? xml.length : lt;
      text(decode(xml.slice(i, end), i));
      i = end;
      continue;
    }
    const ends = (marker: string, what: string) => {
      const close = xml.indexOf(marker, i);
      if (close < 0) throw new XmlError(`${what} near character ${i} is not closed`);
      return close;
    };
    if (xml.startsWith("<?", i)) i = ends("?>", "a processing instruction") + 2;
    else if (xml.startsWith("<!--", i)) i = ends("-->", "a comment") + 3;
    else if (xml.startsWith("<![CDATA[", i)) {
      const close = ends("]]>", "a CDATA section");
      text(xml.slice(i + 9, close));
      i = close + 3;
    } else if (xml.startsWith("<!", i)) throw new XmlError("a document type declaration is not read");
    else if (xml.startsWith("</", i)) {
      NAME.lastIndex = i + 2;
      const name = NAME.exec(xml)?.[0];
      const open = stack.pop();
      if (!name || !open || open.name !== name)
        throw new XmlError(`</${name ?? ""}> near character ${i} closes nothing open`);
      const close = /\s*>/y;
      close.lastIndex = i + 2 + name.length;
      if (!close.exec(xml)) throw new XmlError(`</${name}> near character ${i} is not closed`);
      i = close.lastIndex;
    } else {
      NAME.lastIndex = i + 1;
      const name = NAME.exec(xml)?.[0];
      if (!name) throw new XmlError(`a < near character ${i} starts no element`);
      const element: XmlElement = { name, attributes: {}, children: [] };
      let at = i + 1 + name.length;
      for (;;) {
        ATTRIBUTE.lastIndex = at;
        const attribute = ATTRIBUTE.exec(xml);
        if (!attribute) break;
        element.attributes[attribute[1]!] = decode(attribute[2] ?? attribute[3] ?? "", at);
        at = ATTRIBUTE.lastIndex;
      }
      const close = /\s*(\/?)>/y;
      close.lastIndex = at;
      const closed = close.exec(xml);
      if (!closed) throw new XmlError(`<${name}> near character ${i} is not well formed`);
      i = close.lastIndex;
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new XmlError(`a second root element <${name}> near character ${i}`);
      else root = element;
      if (!closed[1]) stack.push(element);
    }
  }
  if (stack.length) throw new XmlError(`<${stack.at(-1)!.name}> is not closed`);
  if (!root) throw new XmlError("there is no element");
  return root;
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);
const childrenNamed = (element: XmlElement, name: string) =>
  element.children.filter((child): child is XmlElement => typeof child !== "string" && localName(child.name) === name);
const textOf = (element: XmlElement | undefined) =>
  (element?.children ?? [])
    .filter((child): child is string => typeof child === "string")
    .join("")
    .trim();

type Problem = { message: string };

function read<T>(
  xml: string,
  what: string,
  nothing: T,
  take: (root: XmlElement, problems: Problem[]) => T,
): T & { problems: Problem[] } {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    if (!(error instanceof XmlError)) throw error;
    return { ...nothing, problems: [{ message: `${what} is not well-formed XML: ${error.message}` }] };
  }
  const problems: Problem[] = [];
  return { ...take(root, problems), problems };
}

function webAddresses(values: string[], what: string, problems: Problem[]): string[] {
  const kept = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    if (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)) kept.add(new URL(value).toString());
    else problems.push({ message: `${what} lists ${value.slice(0, 200)}, which is not an http(s) address` });
  }
  return [...kept];
}

/** The pages a sitemap lists, or the sitemaps a sitemap index lists (to be read in their turn). */
export function sitemapUrls(xml: string): { pages: string[]; sitemaps: string[]; problems: Problem[] } {
  return read(xml, "The sitemap", { pages: [], sitemaps: [] }, (root, problems) => {
    const locs = (entry: string) =>
      webAddresses(
        childrenNamed(root, entry).map((item) => textOf(childrenNamed(item, "loc")[0])),
        "The sitemap",
        problems,
      );
    const kind = localName(root.name);
    if (kind === "urlset") return { pages: locs("url"), sitemaps: [] };
    if (kind === "sitemapindex") return { pages: [], sitemaps: locs("sitemap") };
    problems.push({ message: `The sitemap's root is <${root.name}>, not <urlset> or <sitemapindex>` });
    return { pages: [], sitemaps: [] };
  });
}

/** The links of an RSS 2.0 (or RSS 1.0) feed's items, or of an Atom feed's entries. */
export function feedItemUrls(xml: string): { urls: string[]; problems: Problem[] } {
  return read(xml, "The feed", { urls: [] }, (root, problems) => {
    const kind = localName(root.name);
    let links: string[];
    if (kind === "rss" || kind === "RDF") {
      const holder = kind === "rss" ? childrenNamed(root, "channel")[0] : root;
      links = (holder ? childrenNamed(holder, "item") : []).map((item) => {
        const guid = childrenNamed(item, "guid")[0];
        const permalink = guid && guid.attributes.isPermaLink !== "false" ? textOf(guid) : "";
        return textOf(childrenNamed(item, "link")[0]) || permalink;
      });
    } else if (kind === "feed") {
      // An entry's page is its alternate link: rel="alternate", or no rel at all.
      links = childrenNamed(root, "entry").map(
        (entry) =>
          childrenNamed(entry, "link").find((link) => (link.attributes.rel ?? "alternate") === "alternate")?.attributes
            .href ?? "",
      );
    } else {
      problems.push({ message: `The feed's root is <${root.name}>, not <rss> or <feed>` });
      links = [];
    }
    return { urls: webAddresses(links, "The feed", problems) };
  });
}
