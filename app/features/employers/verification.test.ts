import { describe, expect, it } from "vitest";
import {
  automaticVerification,
  domainCarriesName,
  domainName,
  emailMatchesDomain,
  holdsARatedLicence,
  staffApprovalProblem,
  websiteDomainOf,
} from "./verification";

describe("websiteDomainOf", () => {
  it("reads the host of a website however it is typed", () => {
    expect(websiteDomainOf("acme.co.uk")).toBe("acme.co.uk");
    expect(websiteDomainOf("https://www.Acme.com/careers?x=1")).toBe("acme.com");
    expect(websiteDomainOf("http://jobs.acme.com")).toBe("jobs.acme.com");
  });

  it("refuses what is not a website", () => {
    expect(websiteDomainOf("")).toBeNull();
    expect(websiteDomainOf("localhost")).toBeNull();
    expect(websiteDomainOf("http://192.168.0.1")).toBeNull();
    expect(websiteDomainOf("ftp://acme.com")).toBeNull();
    expect(websiteDomainOf("not a site")).toBeNull();
  });
});

describe("emailMatchesDomain", () => {
  it("takes the website's domain and its subdomains", () => {
    expect(emailMatchesDomain("jo@acme.com", "acme.com")).toBe(true);
    expect(emailMatchesDomain("Jo@UK.Acme.com", "acme.com")).toBe(true);
  });

  it("refuses other domains, look-alikes and parents", () => {
    expect(emailMatchesDomain("jo@notacme.com", "acme.com")).toBe(false);
    expect(emailMatchesDomain("jo@acme.com.evil.test", "acme.com")).toBe(false);
    expect(emailMatchesDomain("jo@gmail.com", "acme.com")).toBe(false);
    expect(emailMatchesDomain("jo@acme.com", "jobs.acme.com")).toBe(false);
  });
});

describe("holdsARatedLicence", () => {
  it("is any A rating, not B nor provisional", () => {
    expect(holdsARatedLicence([{ rating: "B" }, { rating: "A (Premium)" }])).toBe(true);
    expect(holdsARatedLicence([{ rating: "A (SME+)" }])).toBe(true);
    expect(holdsARatedLicence([{ rating: "B" }, { rating: "Provisional" }])).toBe(false);
    expect(holdsARatedLicence([])).toBe(false);
  });
});

describe("domainName", () => {
  it("is the label before the public suffix, letters and digits only", () => {
    expect(domainName("acme.com")).toBe("acme");
    expect(domainName("careers.acme.co.uk")).toBe("acme");
    expect(domainName("john-lewis.com")).toBe("johnlewis");
    expect(domainName("acme-trading.test")).toBe("acmetrading");
    // "co" is a name, not a second level, under a generic top-level domain.
    expect(domainName("co.com")).toBe("co");
  });
});

describe("domainCarriesName", () => {
  it("takes the whole name, its first two or more words, or the initials of three or more", () => {
    expect(domainCarriesName("acme.co.uk", ["acme"])).toBe(true);
    expect(domainCarriesName("acmetrading.com", ["acme trading services"])).toBe(true);
    expect(domainCarriesName("acme-trading-services.com", ["acme trading services"])).toBe(true);
    expect(domainCarriesName("bbc.co.uk", ["british broadcasting corporation"])).toBe(true);
    // A trading name counts like the legal one.
    expect(domainCarriesName("zephyr.test", ["zephyr foods", "zephyr"])).toBe(true);
  });

  it("refuses other names, one word of several, and look-alikes", () => {
    expect(domainCarriesName("acme.com", ["acme trading"])).toBe(false);
    expect(domainCarriesName("acme-careers.com", ["acme"])).toBe(false);
    expect(domainCarriesName("notacme.com", ["acme"])).toBe(false);
    expect(domainCarriesName("at.com", ["acme trading"])).toBe(false);
  });
});

describe("automaticVerification", () => {
  const entry = { licences: [{ rating: "A rating" }], cores: ["acme trading"] };
  it("verifies an A-rated entry whose domains match and whose website carries its name", () => {
    expect(automaticVerification(true, entry, "acme-trading.test")).toBe("register_a_rated");
  });

  it("never verifies when the domain check fails, without an entry, with a B rating, or at a website of another name", () => {
    expect(automaticVerification(false, entry, "acme-trading.test")).toBeNull();
    expect(automaticVerification(true, null, "acme-trading.test")).toBeNull();
    expect(
      automaticVerification(true, { ...entry, licences: [{ rating: "B rating" }] }, "acme-trading.test"),
    ).toBeNull();
    expect(automaticVerification(true, entry, "fresh-domain.test")).toBeNull();
  });
});

describe("staffApprovalProblem", () => {
  it("lets staff approve only when the domains match", () => {
    expect(staffApprovalProblem("jo@acme.com", "acme.com")).toBeNull();
    expect(staffApprovalProblem("jo@gmail.com", "acme.com")).toMatch(/not at the website's domain acme\.com/);
  });
});
