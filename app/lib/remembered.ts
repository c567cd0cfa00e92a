/**
 * `make` remembered by `keyOf` its arguments: each key's answer made once, up to `limit` keys, after
 * which all are forgotten and made again as asked. For the Intl formatting pages repeat (dates, times,
 * amounts): each format call costs microseconds, and a page makes dozens of the same few.
 */
export function remembered<A extends unknown[], T>(
  keyOf: (...args: A) => string,
  make: (...args: A) => T,
  limit = 5_000,
): (...args: A) => T {
  const kept = new Map<string, T>();
  return (...args) => {
    const key = keyOf(...args);
    if (kept.has(key)) return kept.get(key)!;
    if (kept.size >= limit) kept.clear();
    const made = make(...args);
    kept.set(key, made);
    return made;
  };
}
