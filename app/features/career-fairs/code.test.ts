import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, normaliseCode, shownCode, ticketCode } from "./code";

describe("ticket codes", () => {
  it("are 8 characters of Crockford's base 32, each byte taken as one of its 32", () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(CODE_ALPHABET).not.toMatch(/[ILOU]/);
    expect(ticketCode(() => Uint8Array.from([0, 1, 31, 32, 33, 255, 100, 200]))).toBe("01Z01Z48");
    for (let i = 0; i < 200; i++) expect(ticketCode(randomBytes)).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
  });

  it("read what was typed in any case, with hyphens and spaces, O as 0 and I or L as 1", () => {
    expect(normaliseCode("7k2m-q9xd")).toBe("7K2MQ9XD");
    expect(normaliseCode(" 7K2M Q9XD ")).toBe("7K2MQ9XD");
    expect(normaliseCode("OOIL-o0il")).toBe("00110011");
    expect(shownCode("7K2MQ9XD")).toBe("7K2M-Q9XD");
    expect(normaliseCode(shownCode("7K2MQ9XD"))).toBe("7K2MQ9XD");
  });

  it("refuse what cannot be a code: too short or long, or a letter outside the alphabet", () => {
    expect(normaliseCode("7K2MQ9X")).toBeNull();
    expect(normaliseCode("7K2MQ9XDA")).toBeNull();
    expect(normaliseCode("7K2MQ9XU")).toBeNull();
    expect(normaliseCode("7K2M*9XD")).toBeNull();
    expect(normaliseCode("")).toBeNull();
  });
});
