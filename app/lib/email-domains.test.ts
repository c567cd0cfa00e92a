import { describe, expect, it } from "vitest";
import { describeDomains, domainOf, emailDomainAllowed } from "./email-domains";

describe("university email domains", () => {
  it("allows the domain and its subdomains, in any letter case", () => {
    expect(emailDomainAllowed("aisha@demo.test", ["demo.test"])).toBe(true);
    expect(emailDomainAllowed("Aisha@Student.DEMO.test", ["demo.test"])).toBe(true);
  });
  it("refuses look-alikes and other domains", () => {
    expect(emailDomainAllowed("aisha@evildemo.test", ["demo.test"])).toBe(false);
    expect(emailDomainAllowed("aisha@demo.test.evil.example", ["demo.test"])).toBe(false);
    expect(emailDomainAllowed("aisha@gmail.com", ["demo.test"])).toBe(false);
    expect(emailDomainAllowed("no-at-sign", ["demo.test"])).toBe(false);
    expect(emailDomainAllowed("aisha@demo.test", [])).toBe(false);
  });
  it("reads the domain after the last @ and names lists for people", () => {
    expect(domainOf('"a@b"@Uni.AC.uk')).toBe("uni.ac.uk");
    expect(describeDomains(["demo.test"])).toBe("@demo.test");
    expect(describeDomains(["a.test", "b.test", "c.test"])).toBe("@a.test, @b.test or @c.test");
  });
});
