import * as samlify from "samlify";
import { validateSamlSchema } from "./saml-schema.server";

// Every SAML document samlify reads is first checked against the SAML schemas: a document shaped
// otherwise (an element moved where the schema has no place for it, as signature wrapping does) is
// refused before any signature is looked at. The schema allows several assertions in a response:
// readSamlResponse takes exactly one.
samlify.setSchemaValidator({ validate: validateSamlSchema });

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

/** At most this much clock difference with an IdP is forgiven, either way. */
export const SAML_CLOCK_SKEW_MS = 2 * 60 * 1000;

/** Our service provider for one university: its entity ID, ACS, certificate and key (the key opened by the caller). */
export function serviceProvider(
  side: { entityId: string; acsUrl: string },
  certificate: string,
  privateKey: string,
  idp?: samlify.IdentityProviderInstance,
): samlify.ServiceProviderInstance {
  return samlify.ServiceProvider({
    entityID: side.entityId,
    assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: side.acsUrl }],
    signingCert: certificate,
    privateKey,
    authnRequestsSigned: idp?.entityMeta.isWantAuthnRequestsSigned() ?? false,
    wantAssertionsSigned: true,
    clockDrifts: [-SAML_CLOCK_SKEW_MS, SAML_CLOCK_SKEW_MS],
  });
}

export const identityProvider = (metadata: string) => samlify.IdentityProvider({ metadata });

/** What an accepted SAML answer says: the subject, the attributes, and the assertion's ID and end. */
export type SamlAnswer = {
  inResponseTo: string;
  subject: string;
  attributes: Record<string, unknown>;
  assertionId: string;
  notOnOrAfter: Date;
};

/**
 * Reads a SAML response posted to our ACS, or says why it is refused. samlify checks the XML
 * against the SAML schemas, the signature (of the response or of the assertion; an unsigned one is
 * refused) with the IdP's certificate from its metadata, the issuer and the validity window; then
 * this checks what samlify leaves to its caller: one assertion only, no XML comments (a comment
 * splits a text the signature covers whole), the audience, the recipient and destination, the
 * InResponseTo, and NotOnOrAfter present and not passed by our own clock, within the skew.
 */
export async function readSamlResponse(
  sp: samlify.ServiceProviderInstance,
  idp: samlify.IdentityProviderInstance,
  side: { entityId: string; acsUrl: string },
  samlResponse: string,
  now: Date,
): Promise<{ ok: true; answer: SamlAnswer } | { ok: false; reason: string }> {
  const xml = Buffer.from(samlResponse, "base64").toString("utf8");
  if (xml.includes("<!--")) return { ok: false, reason: "the response holds an XML comment" };
  if (/<!DOCTYPE/i.test(xml)) return { ok: false, reason: "the response holds a DOCTYPE" };
  const assertions = xml.match(new RegExp(`<(?:\\w+:)?(?:Encrypted)?Assertion[\\s>]`, "g")) ?? [];
  if (assertions.length !== 1) return { ok: false, reason: `the response holds ${assertions.length} assertions` };
  // samlify types what it extracts as any: each value is checked below before it is used.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let extract: Record<string, any>;
  try {
    extract = (await sp.parseLoginResponse(idp, "post", { body: { SAMLResponse: samlResponse } })).extract;
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  // The response holds one assertion, the one whose signature samlify checked (or the response's).
  const more = samlify.Extractor.extract(xml, [
    { key: "assertion", localPath: ["Response", "Assertion"], attributes: ["ID"] },
    {
      key: "confirmation",
      localPath: ["Response", "Assertion", "Subject", "SubjectConfirmation", "SubjectConfirmationData"],
      attributes: ["Recipient", "NotOnOrAfter", "InResponseTo"],
    },
  ]) as {
    assertion?: unknown;
    confirmation?: { recipient?: string; notOnOrAfter?: string; inResponseTo?: string };
  };
  const confirmation = more.confirmation;
  const audiences = ([] as string[]).concat(extract.audience ?? []);
  const conditions = extract.conditions ?? {};
  const inResponseTo = extract.response?.inResponseTo;
  const skew = SAML_CLOCK_SKEW_MS;
  const before = (limit: string | null | undefined) => Boolean(limit) && now.getTime() < Date.parse(limit!) + skew;
  if (!confirmation || Array.isArray(confirmation)) return { ok: false, reason: "no single subject confirmation" };
  if (!audiences.includes(side.entityId)) return { ok: false, reason: `the audience is ${audiences.join(", ")}` };
  if (confirmation.recipient !== side.acsUrl)
    return { ok: false, reason: `the recipient is ${confirmation.recipient}` };
  if (extract.response?.destination && extract.response.destination !== side.acsUrl)
    return { ok: false, reason: `the destination is ${extract.response.destination}` };
  if (!inResponseTo || confirmation.inResponseTo !== inResponseTo)
    return { ok: false, reason: "InResponseTo is missing or differs" };
  if (!before(conditions.notOnOrAfter) || !before(confirmation.notOnOrAfter))
    return { ok: false, reason: "the assertion has expired, or says not until when it holds" };
  if (conditions.notBefore && now.getTime() + skew < Date.parse(conditions.notBefore))
    return { ok: false, reason: "the assertion is not valid yet" };
  const subject = typeof extract.nameID === "string" ? extract.nameID : "";
  // One attribute asked for comes back as its value alone.
  const assertionId = typeof more.assertion === "string" ? more.assertion : null;
  if (!subject || !assertionId) return { ok: false, reason: "the assertion names no subject or has no ID" };
  return {
    ok: true,
    answer: {
      inResponseTo,
      subject,
      attributes: extract.attributes ?? {},
      assertionId,
      notOnOrAfter: new Date(Date.parse(conditions.notOnOrAfter) + skew),
    },
  };
}
