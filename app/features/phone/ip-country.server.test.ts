import { describe, expect, it } from "vitest";
import { countryOfIp } from "./ip-country.server";

describe("countryOfIp", () => {
  it("finds the country of public IPv4 addresses from the range file", () => {
    // The first rows of the shipped file: 1.0.0.0-1.0.0.255 AU, 1.0.1.0-1.0.3.255 CN.
    expect(countryOfIp("1.0.0.1")).toBe("AU");
    expect(countryOfIp("1.0.2.200")).toBe("CN");
    expect(countryOfIp("::ffff:1.0.0.1")).toBe("AU");
  });

  it("finds the country of public IPv6 addresses", () => {
    // Rows 1 and 3 of the shipped file: 2001:2::-2001:2:0:ffff:... JP, 2001:200::-2001:218:2000:51:ffff:... AU.
    expect(countryOfIp("2001:2::1")).toBe("JP");
    expect(countryOfIp("2001:0200:0000:0000:0000:0000:0000:0001")).toBe("AU");
    expect(countryOfIp("2001:218:2000:51:ffff:ffff:ffff:ffff")).toBe("AU");
  });

  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "192.168.0.10",
    "172.20.0.1",
    "169.254.1.1",
    "100.64.0.1",
    "::1",
    "fe80::1",
    "fd00::5",
  ])("answers null for the private or loopback address %s", (ip) => expect(countryOfIp(ip)).toBeNull());

  it.each(["", "not-an-ip", "999.1.1.1", "1.2.3"])("answers null for %j", (ip) => expect(countryOfIp(ip)).toBeNull());
});
