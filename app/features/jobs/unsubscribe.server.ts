import { Signer } from "~/lib/signer.server";

export const UNSUBSCRIBE_PATH = "/unsubscribe-job-newsletter";

/**
 * Signed unsubscribe links for the job emails: the address in the path, an HMAC of it in `sig`.
 * Anyone holding the link may unsubscribe that address (that is its point, RFC 8058), and nobody
 * can make one for another address.
 */
export class NewsletterLinks {
  private signer: Signer;
  constructor(secret: string) {
    this.signer = new Signer(secret, "job-newsletter-unsubscribe");
  }

  sign(email: string): string {
    return this.signer.sign(email.trim().toLowerCase());
  }

  verify(email: string, sig: string | null): boolean {
    return this.signer.verify(email.trim().toLowerCase(), sig);
  }

  url(origin: string, email: string): string {
    return `${origin}${UNSUBSCRIBE_PATH}/${encodeURIComponent(email)}?sig=${this.sign(email)}`;
  }
}
