/**
 * `make` remembered by key: each key's answer made once, up to `limit` keys, after which all are
 * forgotten and made again as asked. For the Intl formatting pages repeat (dates, times, amounts):
 * each format call costs microseconds, and a page makes dozens of the same few.
 */
export function remembered<T>(make: (key: string) => T, limit = 5_000): (key: string) => T {
  const kept = new Map<string, T>();
  return (key) => {
    if (kept.has(key)) return kept.get(key)!;
    if (kept.size >= limit) kept.clear();
    const made = make(key);
    kept.set(key, made);
    return made;
  };
}
