/**
 * When an employer organisation is verified (issue 31): the work email's domain is the website's
 * domain or under it, AND either its sponsor register entry holds an A-rated licence or a member of
 * the platform's staff approves it. A failed domain check is never verified, by anyone.
 * The register holds no domains, so without a person the website must also carry the entry's name
 * (docs/decisions/0010-employer-verification.md): else anyone with a fresh domain could claim any entry.
 */

/** The matching step's answer "we hold no sponsor licence" (any other answer is a register entry's slug). */
export const NO_LICENCE = "none";

/** The host of a website as typed ("acme.co.uk", "https://www.acme.co.uk/jobs"), lower case and without "www.", or null. */
export function websiteDomainOf(website: string): string | null {
  const typed = website.trim();
  if (!typed) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  // A name with a dot and letters in its last label: no bare hosts, no IP addresses.
  return /^([a-z\d]([a-z\d-]*[a-z\d])?\.)+[a-z]{2,}$/.test(host) ? host : null;
}

/** The work email's domain is the website's or a subdomain of it (jo@uk.acme.com for acme.com), never a look-alike (notacme.com). */
export function emailMatchesDomain(email: string, websiteDomain: string): boolean {
  const at = email.lastIndexOf("@");
  if (at < 0 || !websiteDomain) return false;
  const domain = email.slice(at + 1).toLowerCase();
  const site = websiteDomain.toLowerCase();
  return domain === site || domain.endsWith(`.${site}`);
}

/** An A rating of any kind (A, A (Premium), A (SME+)) on any route; B and provisional ratings are not. */
export function holdsARatedLicence(licences: readonly { rating: string }[]): boolean {
  return licences.some((l) => /^A\b/.test(l.rating.trim()));
}

/** Second-level labels under a country's domain that are not a name: "acme" is the name of acme.co.uk. */
const SECOND_LEVEL = new Set(["co", "org", "ac", "gov", "ltd", "plc", "net", "me", "com", "nhs", "sch", "edu"]);

/** The name a domain carries, letters and digits only: "acme" of careers.acme.co.uk, "johnlewis" of john-lewis.com. */
export function domainName(domain: string): string {
  const labels = domain.toLowerCase().split(".").slice(0, -1);
  if (labels.length > 1 && SECOND_LEVEL.has(labels.at(-1)!) && domain.split(".").at(-1)!.length === 2) labels.pop();
  return (labels.at(-1) ?? "").replace(/[^a-z\d]/g, "");
}

/**
 * Whether a website's domain carries one of a register entry's names (`cores`: its legal and trading
 * names without legal forms, as the checker keeps them): the whole name run together, its first two or
 * more words, or its initials when there are three or more ("bbc"). "acme.com" alone does not carry
 * "Acme Trading": a one-word prefix names too many organisations.
 */
export function domainCarriesName(domain: string, cores: readonly string[]): boolean {
  const name = domainName(domain);
  if (!name) return false;
  return cores.some((core) => {
    const words = core.split(" ").filter(Boolean);
    if (words.length === 1) return words[0] === name;
    const prefixes = words.slice(1).map((_, i) => words.slice(0, i + 2).join(""));
    const initials = words.length >= 3 ? [words.map((w) => w[0]).join("")] : [];
    return [...prefixes, ...initials].includes(name);
  });
}

/**
 * How an organisation verifies itself without a person: its chosen register entry (null for none, or an
 * entry no longer on the register) holds an A-rated licence, the work email is at the website's domain,
 * and the website carries the entry's name.
 */
export function automaticVerification(
  domainMatches: boolean,
  entry: { licences: readonly { rating: string }[]; cores: readonly string[] } | null,
  websiteDomain: string,
) {
  return domainMatches &&
    entry !== null &&
    holdsARatedLicence(entry.licences) &&
    domainCarriesName(websiteDomain, entry.cores)
    ? ("register_a_rated" as const)
    : null;
}

/** Why a member of staff may not verify an organisation, or null when they may. */
export function staffApprovalProblem(email: string, websiteDomain: string): string | null {
  return emailMatchesDomain(email, websiteDomain)
    ? null
    : `The work email ${email} is not at the website's domain ${websiteDomain}: an employer is verified only when they match. Reject it with the reason, so they register with their work address.`;
}
