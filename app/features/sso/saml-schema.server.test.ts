import { describe, expect, it } from "vitest";
import { validateSamlSchema } from "./saml-schema.server";

const SAMLP = "urn:oasis:names:tc:SAML:2.0:protocol";
const SAML = "urn:oasis:names:tc:SAML:2.0:assertion";
const STATUS = `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>`;
const ASSERTION = `<saml:Assertion ID="_b" Version="2.0" IssueInstant="2026-11-30T09:00:00Z"><saml:Issuer>https://idp.demo.test</saml:Issuer><saml:Subject><saml:NameID>student@demo.test</saml:NameID></saml:Subject></saml:Assertion>`;
const response = (body: string) =>
  `<samlp:Response xmlns:samlp="${SAMLP}" xmlns:saml="${SAML}" ID="_a" Version="2.0" IssueInstant="2026-11-30T09:00:00Z">${body}</samlp:Response>`;

describe("validateSamlSchema", () => {
  it("takes a response shaped as the SAML 2.0 protocol schema says", async () => {
    await expect(validateSamlSchema(response(`${STATUS}${ASSERTION}`))).resolves.toBe("SUCCESS_VALIDATE_XML");
  });

  it("refuses an element where the schema has no place for it, a missing attribute, and what is not XML", async () => {
    // An assertion before the status: the place a wrapped, unsigned assertion would take.
    await expect(validateSamlSchema(response(`${ASSERTION}${STATUS}`))).rejects.toThrow("ERR_EXCEPTION_VALIDATE_XML");
    await expect(validateSamlSchema(response(STATUS).replace(' Version="2.0"', ""))).rejects.toThrow(
      "ERR_EXCEPTION_VALIDATE_XML",
    );
    await expect(validateSamlSchema("<samlp:Response")).rejects.toThrow("ERR_EXCEPTION_VALIDATE_XML");
  });

  it("leaves nothing behind in the server's process: no listener, so no exit when its output drains", async () => {
    const before = [process.listenerCount("uncaughtException"), process.stdout.listenerCount("drain")];
    for (let i = 0; i < 3; i++) {
      await validateSamlSchema(response(STATUS));
      await validateSamlSchema("not xml").catch(() => null);
    }
    expect([process.listenerCount("uncaughtException"), process.stdout.listenerCount("drain")]).toEqual(before);
  });
});
