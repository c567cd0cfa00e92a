import { X509Certificate, createPrivateKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makeSpCertificate } from "./sp-certificate.server";

describe("makeSpCertificate", () => {
  it("makes a self-signed certificate for the key it returns, valid from now", () => {
    const now = new Date("2026-11-28T06:00:00Z");
    const { certificate, privateKey } = makeSpCertificate("careers.example sso demo-university", now);
    const x509 = new X509Certificate(certificate);
    expect(x509.subject).toBe("CN=careers.example sso demo-university");
    expect(x509.checkIssued(x509)).toBe(true);
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.checkPrivateKey(createPrivateKey(privateKey))).toBe(true);
    expect(new Date(x509.validFrom).getTime()).toBe(now.getTime());
    expect(new Date(x509.validTo).getTime()).toBeGreaterThan(now.getTime() + 5 * 365 * 24 * 3600 * 1000);
  });
});
