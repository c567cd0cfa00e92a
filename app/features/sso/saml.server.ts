import { validate as xmllintValidate } from "@authenio/samlify-node-xmllint";
import * as samlify from "samlify";

// Every SAML document samlify reads is first checked against the SAML schemas: a document shaped
// otherwise (a second assertion slipped in, an element where the signature does not cover it) is
// refused before any signature is looked at.
samlify.setSchemaValidator({ validate: xmllintValidate });

/** What the settings page shows of an IdP's metadata, or why it cannot be used. */
export type IdpSummary = { ok: true; entityId: string; ssoUrl: string } | { ok: false; reason: string };

const NOT_METADATA = "This is not SAML metadata: give the IdP's metadata XML, an EntityDescriptor with an entityID";

const NO_SSO_SERVICE = "The metadata has no single sign-on service (HTTP-Redirect or HTTP-POST)";

/** Reads an IdP's metadata: it needs an entity ID, a single sign-on address and a signing certificate. */
export function summariseIdpMetadata(xml: string): IdpSummary {
  let idp: samlify.IdentityProviderInstance;
  try {
    idp = samlify.IdentityProvider({ metadata: xml });
  } catch (error) {
    if (error instanceof Error && error.message === "ERR_IDP_METADATA_MISSING_SINGLE_SIGN_ON_SERVICE")
      return { ok: false, reason: NO_SSO_SERVICE };
    return { ok: false, reason: NOT_METADATA };
  }
  const entityId = idp.entityMeta.getEntityID();
  const sso = idp.entityMeta.getSingleSignOnService("redirect") || idp.entityMeta.getSingleSignOnService("post");
  const certificate = idp.entityMeta.getX509Certificate("signing");
  if (!entityId) return { ok: false, reason: NOT_METADATA };
  if (typeof sso !== "string" || !sso) return { ok: false, reason: NO_SSO_SERVICE };
  if (!certificate || (Array.isArray(certificate) && certificate.length === 0))
    return { ok: false, reason: "The metadata has no signing certificate: we accept only signed answers" };
  return { ok: true, entityId, ssoUrl: sso };
}
