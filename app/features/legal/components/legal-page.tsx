import { PrivacyPolicy } from "./privacy-policy";
import { TermsAndConditions } from "./terms-and-conditions";

type LegalPageKind = "privacy" | "terms";

export const legalTitle = (page: LegalPageKind) => (page === "privacy" ? "Privacy policy" : "Terms and conditions");

/** /privacy-policy and /terms-and-conditions. */
export function LegalPage({ page }: { page: LegalPageKind }) {
  return (
    <article className="prose-text">
      <h1 className="text-3xl font-bold">{legalTitle(page)}</h1>
      {page === "privacy" ? <PrivacyPolicy /> : <TermsAndConditions />}
    </article>
  );
}
