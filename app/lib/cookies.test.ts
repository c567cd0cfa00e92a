import { describe, expect, it } from "vitest";
import { durationToSeconds, parseCookies, serializeCookie } from "./cookies";

describe("durationToSeconds", () => {
  it.each([
    ["1y", 31_536_000],
    ["2m", 5_184_000],
    ["1d", 86_400],
    ["3h", 10_800],
    ["15min", 900],
    ["45s", 45],
  ])("%s is %i seconds", (d, s) => expect(durationToSeconds(d)).toBe(s));

  it.each(["", "10", "5w", "-1d", "1 d", "min"])("refuses %j", (d) => {
    expect(() => durationToSeconds(d)).toThrow(/Invalid cookie duration/);
  });
});

describe("serializeCookie", () => {
  it("defaults to 30 days, path / and SameSite=Lax", () => {
    expect(serializeCookie("a", "b")).toBe("a=b; Max-Age=2592000; Path=/; SameSite=Lax");
  });

  it("writes every attribute and encodes the value", () => {
    expect(
      serializeCookie("prev_url", "/jobs?q=a b", {
        expires: "1d",
        domain: "example.com",
        httpOnly: true,
        secure: true,
      }),
    ).toBe("prev_url=%2Fjobs%3Fq%3Da%20b; Max-Age=86400; Path=/; Domain=example.com; HttpOnly; Secure; SameSite=Lax");
  });

  it("deletes with expires 0", () => {
    expect(serializeCookie("a", "", { expires: 0 })).toContain("Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970");
  });
});

describe("parseCookies", () => {
  it("reads and decodes, first value wins", () => {
    expect(parseCookies("a=1; b=%2Fx; a=2; junk")).toEqual({ a: "1", b: "/x" });
  });
  it("survives bad encoding and empty headers", () => {
    expect(parseCookies("a=%E0%A4%A")).toEqual({ a: "%E0%A4%A" });
    expect(parseCookies(undefined)).toEqual({});
  });
});
