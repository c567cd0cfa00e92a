import * as samlify from "samlify";
import { describe, expect, it } from "vitest";
import { makeSpCertificate } from "./sp-certificate.server";
import { summariseIdpMetadata } from "./saml.server";

const { certificate } = makeSpCertificate("idp.demo.test", new Date("2026-11-28T06:00:00Z"));

const metadataOf = (options: Omit<Parameters<typeof samlify.IdentityProvider>[0], "entityID">) =>
  samlify.IdentityProvider({ entityID: "https://idp.demo.test/shibboleth", ...options }).getMetadata();

describe("summariseIdpMetadata", () => {
  it("reads the entity ID and the single sign-on address", () => {
    const xml = metadataOf({
      signingCert: certificate,
      singleSignOnService: [
        { Binding: samlify.Constants.namespace.binding.redirect, Location: "https://idp.demo.test/sso" },
      ],
    });
    expect(summariseIdpMetadata(xml)).toEqual({
      ok: true,
      entityId: "https://idp.demo.test/shibboleth",
      ssoUrl: "https://idp.demo.test/sso",
    });
  });

  it("refuses what is not metadata, and metadata without a sign-on address or a signing certificate", () => {
    expect(summariseIdpMetadata("<nope/>")).toMatchObject({ ok: false, reason: /not SAML metadata/ });
    expect(summariseIdpMetadata("not xml")).toMatchObject({ ok: false, reason: /not SAML metadata/ });
    const sso = [{ Binding: samlify.Constants.namespace.binding.post, Location: "https://idp.demo.test/sso" }];
    expect(summariseIdpMetadata(metadataOf({ singleSignOnService: sso }))).toMatchObject({
      ok: false,
      reason: /no signing certificate/,
    });
    const withSso = metadataOf({ signingCert: certificate, singleSignOnService: sso });
    const withoutSso = withSso.replace(
      /<(\w+:)?SingleSignOnService[^>]*(\/>|>[^<]*<\/(\w+:)?SingleSignOnService>)/g,
      "",
    );
    expect(withoutSso).not.toBe(withSso);
    expect(summariseIdpMetadata(withoutSso)).toMatchObject({
      ok: false,
      reason: /no single sign-on service/,
    });
  });
});
