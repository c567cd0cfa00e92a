import { describe, expect, it } from "vitest";
import { firstUnclaimableDomain, unclaimableDomainReason } from "./claimable-domains.server";

describe("domains no university may claim", () => {
  it("names public suffixes of ICANN's part of the Public Suffix List, in any letter case", () => {
    expect(unclaimableDomainReason("ac.uk")).toBe(
      "“ac.uk” is shared by many organisations, each with its own domain under it: write your university's own, like demo.ac.uk",
    );
    for (const suffix of ["EDU.au", "co.uk", "ac.jp", "edu.cn"]) {
      expect(unclaimableDomainReason(suffix), suffix).toContain("is shared by many organisations");
    }
    for (const own of ["demo.ac.uk", "student.demo.ac.uk", "unsw.edu.au"]) {
      expect(unclaimableDomainReason(own), own).toBeNull();
    }
    // A name under no known suffix is a registrable one, as the demo universities' .test domains are.
    expect(unclaimableDomainReason("demo.test")).toBeNull();
  });

  it("names open email services, but not a university's domain that looks like one", () => {
    expect(unclaimableDomainReason("Gmail.com")).toBe(
      "“gmail.com” is an email service anyone can join, so its addresses do not show who studies with you: write your university's own domain",
    );
    expect(unclaimableDomainReason("hotmail.co.uk")).toContain("an email service anyone can join");
    expect(unclaimableDomainReason("students.gmail.example")).toBeNull();
  });

  it("gives the first refused domain of a list", () => {
    expect(firstUnclaimableDomain(["demo.ac.uk", "outlook.com", "ac.uk"])).toContain("“outlook.com”");
    expect(firstUnclaimableDomain(["demo.ac.uk", "student.demo.ac.uk"])).toBeNull();
    expect(firstUnclaimableDomain([])).toBeNull();
  });
});
