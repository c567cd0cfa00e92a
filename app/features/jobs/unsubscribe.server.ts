import { createHmac, timingSafeEqual } from "node:crypto";
import { derivedKey } from "~/lib/secret.server";

export const UNSUBSCRIBE_PATH = "/unsubscribe-job-newsletter";

/**
 * Signed unsubscribe links for the job emails: the address in the path, an HMAC of it in `sig`.
 * Anyone holding the link may unsubscribe that address (that is its point, RFC 8058), and nobody
 * can make one for another address.
 */
export class NewsletterLinks {
  private key: Buffer;
  constructor(secret: string) {
    this.key = derivedKey(secret, "job-newsletter-unsubscribe");
  }

  sign(email: string): string {
    return createHmac("sha256", this.key).update(email.trim().toLowerCase()).digest("base64url");
  }

  verify(email: string, sig: string | null): boolean {
    if (!sig) return false;
    const expected = Buffer.from(this.sign(email));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  url(origin: string, email: string): string {
    return `${origin}${UNSUBSCRIBE_PATH}/${encodeURIComponent(email)}?sig=${this.sign(email)}`;
  }
}
