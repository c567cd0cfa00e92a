import { randomUUID } from "node:crypto";
import * as samlify from "samlify";
import { makeSpCertificate } from "~/features/sso/sp-certificate.server";

export const IDP_ENTITY_ID = "https://idp.demo.test/idp/shibboleth";
export const IDP_SSO_URL = "https://idp.demo.test/idp/profile/SAML2/Redirect/SSO";

/** What one answer of the test IdP says; each field a test may change to make an attack. */
export type AnswerParts = {
  inResponseTo: string;
  nameId: string;
  attributes: Record<string, string[]>;
  audience: string;
  recipient: string;
  destination: string;
  notBefore: Date;
  notOnOrAfter: Date;
  assertionId?: string;
};

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");
const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** A SAML response as a Shibboleth IdP writes one, unsigned (samlify signs its assertion). */
export function responseXml(p: AnswerParts, now: Date, responseId = `_${randomUUID()}`): string {
  const assertionId = p.assertionId ?? `_${randomUUID()}`;
  const attributes = Object.entries(p.attributes)
    .map(
      ([name, values]) =>
        `<saml:Attribute Name="${escape(name)}">${values.map((v) => `<saml:AttributeValue>${escape(v)}</saml:AttributeValue>`).join("")}</saml:Attribute>`,
    )
    .join("");
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${responseId}" Version="2.0" IssueInstant="${iso(now)}" Destination="${escape(p.destination)}" InResponseTo="${escape(p.inResponseTo)}">` +
    `<saml:Issuer>${IDP_ENTITY_ID}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion ID="${assertionId}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${IDP_ENTITY_ID}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${escape(p.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${iso(p.notOnOrAfter)}" Recipient="${escape(p.recipient)}" InResponseTo="${escape(p.inResponseTo)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(p.notBefore)}" NotOnOrAfter="${iso(p.notOnOrAfter)}"><saml:AudienceRestriction><saml:Audience>${escape(p.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` +
    `</saml:Assertion></samlp:Response>`
  );
}

/**
 * A SAML IdP built with samlify, as the tests' identity provider, signing with a key made here. Its
 * metadata goes into the university's settings; `answer` writes the signed response it would post.
 * Its metadata names `ssoUrl` as where logins start (a page the end-to-end tests serve).
 */
export function makeSamlIdp(now = new Date(), ssoUrl = IDP_SSO_URL) {
  const { certificate, privateKey } = makeSpCertificate("idp.demo.test", now);
  const idp = samlify.IdentityProvider({
    entityID: IDP_ENTITY_ID,
    signingCert: certificate,
    privateKey,
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: ssoUrl }],
  });
  return {
    metadata: idp.getMetadata(),
    /** The base64 SAMLResponse this IdP posts for `parts`, its assertion signed, to the SP of `spMetadata`. */
    async answer(spMetadata: string, parts: AnswerParts, at = new Date()): Promise<string> {
      const sp = samlify.ServiceProvider({ metadata: spMetadata });
      const made = await idp.createLoginResponse(
        sp,
        { extract: { request: { id: parts.inResponseTo } } },
        "post",
        {},
        { customTagReplacement: () => ({ id: "", context: responseXml(parts, at) }) },
      );
      return made.context;
    },
  };
}
