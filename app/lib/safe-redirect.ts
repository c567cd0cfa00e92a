const BASE = "http://same-origin.invalid";

/**
 * The path to follow when `value` is a same-site relative path, else null.
 * Refuses "//host", "http:", "javascript:", backslash tricks and control characters
 * (browsers strip tabs and newlines, so "/\t/evil" would become "//evil").
 */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return url.pathname + url.search + url.hash;
}
