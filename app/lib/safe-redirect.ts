const BASE = "http://same-origin.invalid";
const BASE_URL = new URL(BASE);

/** Percent-escapes of ASCII (dots, slashes, backslashes, tabs, "%" itself), decoded until none is left. */
function decodeAsciiEscapes(value: string): string {
  let current = value;
  for (;;) {
    const next = current.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === current) return current;
    current = next;
  }
}

/** The URL a browser would make of `path` on this site, when it stays on this site as a path. */
function resolveOnSite(path: string): URL | null {
  let url: URL;
  try {
    url = new URL(path, BASE_URL);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // "//host" and "/\host" in a Location header are addresses on another host.
  if (url.pathname.startsWith("//") || url.pathname.startsWith("/\\")) return null;
  return url;
}

/**
 * The path to follow when `value` is a same-site relative path, else null.
 *
 * The value is resolved as a browser resolves a Location header (tabs and newlines dropped, "\" read
 * as "/", "%2e" read as ".", dot segments resolved), and refused unless the result stays on this site
 * and does not begin with "//". Browsers leave "%2F" and "%5C" alone, but a proxy or an older client
 * may decode them, so the value is also resolved with every ASCII escape decoded (repeatedly, against
 * double encoding) and must stay on the site under that reading as well.
 */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith("/")) return null;
  // Nothing this site writes holds raw control characters or spaces; a value with them was made by hand.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\s]/.test(value)) return null;
  const url = resolveOnSite(value);
  if (!url) return null;
  const [decodedPath] = decodeAsciiEscapes(url.pathname).split(/[?#]/);
  if (!resolveOnSite(decodedPath ?? "")) return null;
  return url.pathname + url.search + url.hash;
}
