import { isIsoDay } from "~/lib/dates";

/**
 * The register files linked from GOV.UK's publication page of the register. GOV.UK attaches the
 * register as a CSV on assets.publishing.service.gov.uk, dated in its file name
 * ("2026-06-26_-_Worker_and_Temporary_Worker.csv") or in the link's text, and links a "View online"
 * preview beside it, whose address ends in /preview rather than .csv.
 */

export type RegisterLink = { url: string; title: string; date: string | null };

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  mdash: "—",
  ndash: "–",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

const decodePath = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** A date written in a link's address ("2026-06-26") or text ("26 June 2026"), as YYYY-MM-DD. */
export function dateInText(text: string): string | null {
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso && isIsoDay(iso[0])) return iso[0];
  const long =
    /\b(\d{1,2})(?:st|nd|rd|th)? (january|february|march|april|may|june|july|august|september|october|november|december),? (\d{4})\b/i.exec(
      text,
    );
  if (!long) return null;
  const day = `${long[3]}-${String(MONTHS.indexOf(long[2]!.toLowerCase()) + 1).padStart(2, "0")}-${long[1]!.padStart(2, "0")}`;
  return isIsoDay(day) ? day : null;
}

/**
 * Every link of `html` to a CSV file (.csv or .csv.gz), in page order, resolved against `pageUrl`,
 * with the date in its file name or else in its text. A regular expression is enough for anchors:
 * the page is GOV.UK's, and a link this misses makes the command say so rather than import wrongly.
 */
export function registerLinks(html: string, pageUrl: string): RegisterLink[] {
  const links: RegisterLink[] = [];
  const seen = new Set<string>();
  for (const [, attributes = "", inner = ""] of html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi)) {
    const href = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(` ${attributes}`);
    if (!href) continue;
    let url: URL;
    try {
      url = new URL(decodeEntities((href[1] ?? href[2] ?? href[3] ?? "").trim()), pageUrl);
    } catch {
      continue;
    }
    if (!/^https?:$/.test(url.protocol) || !/\.csv(\.gz)?$/i.test(url.pathname)) continue;
    const title = decodeEntities(inner.replace(/<[^>]*>/g, " "))
      .replace(/\s+/g, " ")
      .trim();
    // The thumbnail and the title link the same file; the title is the one with text.
    if (seen.has(url.href)) {
      const earlier = links.find((l) => l.url === url.href)!;
      if (!earlier.title && title) Object.assign(earlier, { title, date: earlier.date ?? dateInText(title) });
      continue;
    }
    seen.add(url.href);
    const fileName = decodePath(url.pathname.slice(url.pathname.lastIndexOf("/") + 1));
    links.push({ url: url.href, title, date: dateInText(fileName) ?? dateInText(title) });
  }
  return links;
}

/** The link of the latest date; the first on the page among equals; null when none is dated. */
export function newestRegisterLink(links: RegisterLink[]): (RegisterLink & { date: string }) | null {
  let newest: (RegisterLink & { date: string }) | null = null;
  for (const link of links) {
    if (link.date && (!newest || link.date > newest.date)) newest = { ...link, date: link.date };
  }
  return newest;
}
