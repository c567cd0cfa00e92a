import { describe, expect, it } from "vitest";
import { money, pounds } from "./money";

describe("money", () => {
  it("writes whole amounts without pence and others to the penny, with thousands separated", () => {
    expect(pounds(41_700)).toBe("£41,700");
    expect(pounds(12.5)).toBe("£12.50");
    expect(pounds(17.125)).toBe("£17.13");
  });

  it("writes each currency with its own sign", () => {
    expect(money(40_000, "EUR")).toBe("€40,000");
    expect(money(30_000.5, "USD")).toBe("US$30,000.50");
  });
});
