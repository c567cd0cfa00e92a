import { describe, expect, it } from "vitest";
import { describeDomains, domainOf, domainsOverlap, emailDomainAllowed } from "./email-domains";

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
  it("say two domains share addresses when they are the same or one is under the other", () => {
    expect(domainsOverlap("demo.ac.uk", "Demo.AC.uk")).toBe(true);
    expect(domainsOverlap("student.demo.ac.uk", "demo.ac.uk")).toBe(true);
    expect(domainsOverlap("ac.uk", "demo.ac.uk")).toBe(true);
    expect(domainsOverlap("demo.ac.uk", "otherdemo.ac.uk")).toBe(false);
    expect(domainsOverlap("demo.ac.uk", "demo.ac.uk.evil.example")).toBe(false);
  });
});
