import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, matchTotp, otpauthUri, totpCode, totpStep } from "./totp.server";

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890"; its eight-digit codes end in these six.
const RFC_SECRET = Buffer.from("12345678901234567890", "ascii");
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(RFC_VECTORS)("gives the RFC's code at %i seconds", (seconds, code) => {
    expect(totpCode(RFC_SECRET, totpStep(new Date(seconds * 1000)))).toBe(code);
  });

  it("reads base32 as authenticator apps write it, and writes it back", () => {
    // RFC 4648 section 10: "foobar" is MZXW6YTBOI======.
    expect(base32Decode("mzxw 6ytb oi======")?.toString("ascii")).toBe("foobar");
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Decode("not base32!")).toBeNull();
    expect(base32Decode("")).toBeNull();
  });

  it("accepts a code of the step before or after, once, and nothing older", () => {
    const now = new Date(1111111111 * 1000);
    const step = totpStep(now);
    expect(matchTotp(RFC_SECRET, "050471", now, null)).toBe(step);
    expect(matchTotp(RFC_SECRET, "050 471", now, null)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now, null)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now, null)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 2), now, null)).toBeNull();
    // Used once: the same code, or an earlier one, is refused.
    expect(matchTotp(RFC_SECRET, "050471", now, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now, step - 1)).toBeNull();
    expect(matchTotp(RFC_SECRET, "12345", now, null)).toBeNull();
    expect(matchTotp(RFC_SECRET, "abcdef", now, null)).toBeNull();
  });

  it("names the issuer and account in the otpauth address", () => {
    const uri = new URL(otpauthUri("Careers Platform", "ops@demo.test", "JBSWY3DPEHPK3PXP"));
    expect(uri.protocol).toBe("otpauth:");
    // The URL parser takes "totp" as the host of this unknown scheme.
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/Careers Platform:ops@demo.test");
    expect(uri.searchParams.get("secret")).toBe("JBSWY3DPEHPK3PXP");
    expect(uri.searchParams.get("issuer")).toBe("Careers Platform");
  });
});
