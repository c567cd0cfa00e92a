import { getDomain } from "tldts-icann";

/**
 * Well-known email services where anyone may open an address: a university naming one would let every
 * one of their users register as its student. Not every such service (there are thousands), the ones
 * most students write.
 */
const OPEN_EMAIL_SERVICES = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "hotmail.co.uk",
  "live.com",
  "live.co.uk",
  "msn.com",
  "yahoo.com",
  "yahoo.co.uk",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.de",
  "web.de",
  "mail.com",
  "zoho.com",
  "yandex.ru",
  "mail.ru",
  "qq.com",
  "163.com",
  "126.com",
  "sina.com",
  "naver.com",
  "rediffmail.com",
]);

/**
 * Why no university may claim `domain` as its own (a well-formed one), or null when one may:
 * a public suffix under which many organisations have their own names (`ac.uk`, `edu.au`, as ICANN's
 * part of the Public Suffix List says), or an email service anyone may join.
 */
export function unclaimableDomainReason(domain: string): string | null {
  const d = domain.toLowerCase();
  if (getDomain(d) === null) {
    return `“${d}” is shared by many organisations, each with its own domain under it: write your university's own, like demo.${d}`;
  }
  if (OPEN_EMAIL_SERVICES.has(d)) {
    return `“${d}” is an email service anyone can join, so its addresses do not show who studies with you: write your university's own domain`;
  }
  return null;
}

/** Why no university may claim the first such domain of `domains` (see `unclaimableDomainReason`), or null. */
export function firstUnclaimableDomain(domains: readonly string[]): string | null {
  for (const domain of domains) {
    const reason = unclaimableDomainReason(domain);
    if (reason !== null) return reason;
  }
  return null;
}
