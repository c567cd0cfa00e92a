/**
 * When an employer organisation is verified (issue 31): the work email's domain is the website's
 * domain or under it, AND either its sponsor register entry holds an A-rated licence or a member of
 * the platform's staff approves it. A failed domain check is never verified, by anyone.
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

/**
 * How an organisation verifies itself without a person: its chosen register entry's licences (null
 * for no entry, or an entry no longer on the register) and whether the domains match.
 */
export function automaticVerification(domainMatches: boolean, licences: readonly { rating: string }[] | null) {
  return domainMatches && licences !== null && holdsARatedLicence(licences) ? ("register_a_rated" as const) : null;
}

/** Why a member of staff may not verify an organisation, or null when they may. */
export function staffApprovalProblem(email: string, websiteDomain: string): string | null {
  return emailMatchesDomain(email, websiteDomain)
    ? null
    : `The work email ${email} is not at the website's domain ${websiteDomain}: an employer is verified only when they match. Reject it with the reason, so they register with their work address.`;
}
