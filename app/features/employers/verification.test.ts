import { describe, expect, it } from "vitest";
import {
  automaticVerification,
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

describe("automaticVerification", () => {
  const aRated = [{ rating: "A rating" }];
  it("verifies an A-rated entry whose domains match", () => {
    expect(automaticVerification(true, aRated)).toBe("register_a_rated");
  });

  it("never verifies when the domain check fails, without an entry, or with a B rating", () => {
    expect(automaticVerification(false, aRated)).toBeNull();
    expect(automaticVerification(true, null)).toBeNull();
    expect(automaticVerification(true, [{ rating: "B rating" }])).toBeNull();
  });
});

describe("staffApprovalProblem", () => {
  it("lets staff approve only when the domains match", () => {
    expect(staffApprovalProblem("jo@acme.com", "acme.com")).toBeNull();
    expect(staffApprovalProblem("jo@gmail.com", "acme.com")).toMatch(/not at the website's domain acme\.com/);
  });
});
