import { describe, expect, it } from "vitest";
import { ipCountryAnswer } from "./ip-country-answer.server";

describe("ipCountryAnswer", () => {
  it("answers in the look-up format: 1, alpha-2, alpha-3, name", () => {
    expect(ipCountryAnswer({ ip: "1.0.0.1" })).toBe("1;AU;AUS;Australia");
  });
  it("takes a trusted CDN header over the address, in any case", () => {
    expect(ipCountryAnswer({ trustedHeader: "gb", ip: "1.0.0.1" })).toBe("1;GB;GBR;United Kingdom");
  });
  it("ignores a header that is not a country code (Cloudflare's XX, T1)", () => {
    expect(ipCountryAnswer({ trustedHeader: "XX", ip: "127.0.0.1" })).toBe("2;;;UNKNOWN");
    expect(ipCountryAnswer({ trustedHeader: "T1", ip: "1.0.0.1" })).toBe("1;AU;AUS;Australia");
  });
  it("fails for private and loopback addresses, so the widget falls back", () => {
    expect(ipCountryAnswer({ ip: "127.0.0.1" })).toBe("2;;;UNKNOWN");
    expect(ipCountryAnswer({ ip: "192.168.1.4" })).toBe("2;;;UNKNOWN");
  });
});
