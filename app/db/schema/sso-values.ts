// A university's single sign-on, in a module without Drizzle so that pages can name the values.

export const SSO_PROTOCOLS = ["oidc", "saml"] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

/** "alongside passwords", or "single sign-on only" (password login and self-registration refused for the domains). */
export const SSO_MODES = ["alongside", "sso_only"] as const;
export type SsoMode = (typeof SSO_MODES)[number];

/** Which attribute (an OIDC claim, a SAML attribute name) holds each thing, and which of its values mean what. */
export type AttributeMapping = {
  email: string;
  givenName: string;
  familyName: string;
  affiliation: string;
  student: string[];
  staff: string[];
  alum: string[];
};
