/** The two login pages: the main one and the pre-departure (Jumpstart) one. */
export type LoginVariant = "main" | "predeparture";

/** What a visitor on a login page may want instead of logging in. */
export const ACCOUNT_STEPS = ["forgot-password", "register"] as const;
export type AccountStep = (typeof ACCOUNT_STEPS)[number];

export function isAccountStep(value: unknown): value is AccountStep {
  return (ACCOUNT_STEPS as readonly unknown[]).includes(value);
}

/**
 * Where "Forgot your password?" and "Create an account" lead for a university (its slug, or its id
 * as a path gave it): the spec's pages of that university; pre-departure students register through
 * Jumpstart's own registration.
 */
export function accountStepPath(step: AccountStep, variant: LoginVariant, university: string): string {
  const id = encodeURIComponent(university);
  if (step === "forgot-password") return `/forgot-password/${id}`;
  return variant === "predeparture" ? `/jumpstart-register/${id}` : `/register/${id}`;
}

export type CareersContact = { email: string | null; url: string | null };

// The contact is typed in by an operator; only a plain address and a web page are ever made links.
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** A university's careers contact, keeping only what is safe to link to. */
export function careersContact(university: { careersEmail: string | null; careersUrl: string | null }): CareersContact {
  const email = university.careersEmail?.trim();
  let url: string | null = null;
  try {
    const parsed = new URL(university.careersUrl?.trim() ?? "");
    if (parsed.protocol === "https:" || parsed.protocol === "http:") url = parsed.toString();
  } catch {
    // not an absolute address: left out
  }
  return { email: email && EMAIL.test(email) ? email : null, url };
}

/**
 * The main site's Contact us page, as seen from a microsite. On a microsite every page but a few
 * sends a visitor to log in, Contact us included, so only the main site's own address will do: the
 * origin of PUBLIC_URL. A deployment pinned to one university has no main site (PUBLIC_URL is the
 * university's own address then), and without PUBLIC_URL the main site's address is not known.
 */
export function mainSiteContactUrl(config: { PUBLIC_URL?: string; MICROSITE_UNIVERSITY?: string }): string | null {
  if (!config.PUBLIC_URL || config.MICROSITE_UNIVERSITY) return null;
  return new URL("/contact-us", config.PUBLIC_URL).toString();
}
