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

  it("gives every serial a first byte OpenSSL reads, whatever the random bytes", () => {
    const now = new Date("2026-11-28T06:00:00Z");
    // A first byte of 0 (then one under 0x80) made a padded INTEGER: "PEM routines::no start line".
    const serials: [Buffer, string][] = [
      [Buffer.alloc(16), `40${"00".repeat(15)}`],
      [Buffer.from([0, 0x31, ...Buffer.alloc(14, 0x99)]), `4031${"99".repeat(14)}`],
      [Buffer.alloc(16, 0xff), `7F${"FF".repeat(15)}`],
    ];
    for (const [random, serial] of serials)
      expect(new X509Certificate(makeSpCertificate("idp.demo.test", now, random).certificate).serialNumber).toBe(
        serial,
      );
  });
});
