/** The domain of an address, lower case ("" when it has none). */
export function domainOf(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0
    ? ""
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** Whether a university lets this address register itself: its domain is one of the list, or under one. */
export function emailDomainAllowed(email: string, domains: readonly string[]): boolean {
  const domain = domainOf(email);
  return domain !== "" && domains.some((d) => domain === d.toLowerCase() || domain.endsWith(`.${d.toLowerCase()}`));
}

/**
 * Whether two email domains share addresses, as `emailDomainAllowed` reads them: the same, or one
 * under the other (student.demo.ac.uk is under demo.ac.uk).
 */
export function domainsOverlap(a: string, b: string): boolean {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x === y || x.endsWith(`.${y}`) || y.endsWith(`.${x}`);
}

/** "@demo.test", or "@demo.test or @student.demo.test", for messages. */
export function describeDomains(domains: readonly string[]): string {
  const named = domains.map((d) => `@${d}`);
  return named.length <= 1 ? (named[0] ?? "") : `${named.slice(0, -1).join(", ")} or ${named.at(-1)}`;
}
