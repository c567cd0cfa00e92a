import { describe, expect, it } from "vitest";
import { accountStepPath, careersContact, isAccountStep, mainSiteContactUrl } from "./account-help";

describe("accountStepPath", () => {
  it("leads to the university's own password and registration pages (spec section 2)", () => {
    expect(accountStepPath("forgot-password", "main", "demo-university")).toBe("/forgot-password/demo-university");
    expect(accountStepPath("register", "main", "demo-university")).toBe("/register/demo-university");
  });

  it("registers pre-departure students through Jumpstart", () => {
    expect(accountStepPath("register", "predeparture", "demo-university")).toBe("/jumpstart-register/demo-university");
    expect(accountStepPath("forgot-password", "predeparture", "12")).toBe("/forgot-password/12");
  });

  it("keeps a university taken from an address inside its path segment", () => {
    expect(accountStepPath("register", "main", "a/../b?c")).toBe("/register/a%2F..%2Fb%3Fc");
  });

  it("knows only the two steps", () => {
    expect(isAccountStep("register")).toBe(true);
    expect(isAccountStep("forgot-password")).toBe(true);
    expect(isAccountStep("reset-password")).toBe(false);
    expect(isAccountStep(null)).toBe(false);
  });
});

describe("careersContact", () => {
  it("keeps a plain email address and a web address", () => {
    expect(careersContact({ careersEmail: " careers@uni.ac.uk ", careersUrl: "https://uni.ac.uk/careers" })).toEqual({
      email: "careers@uni.ac.uk",
      url: "https://uni.ac.uk/careers",
    });
  });

  it("drops what is not safe or not complete to link to", () => {
    expect(careersContact({ careersEmail: "careers@uni.ac.uk?bcc=x@y.z<", careersUrl: "javascript:alert(1)" })).toEqual(
      { email: null, url: null },
    );
    expect(careersContact({ careersEmail: "no-at-sign", careersUrl: "/careers" })).toEqual({ email: null, url: null });
    expect(careersContact({ careersEmail: null, careersUrl: null })).toEqual({ email: null, url: null });
  });
});

describe("mainSiteContactUrl", () => {
  it("is Contact us on the main site's public address", () => {
    expect(mainSiteContactUrl({ PUBLIC_URL: "https://careers.example/app" })).toBe(
      "https://careers.example/contact-us",
    );
  });

  it("is unknown without PUBLIC_URL, and absent where the deployment is one university's", () => {
    expect(mainSiteContactUrl({})).toBeNull();
    expect(mainSiteContactUrl({ PUBLIC_URL: "https://careers.uni.ac.uk", MICROSITE_UNIVERSITY: "uni" })).toBeNull();
  });
});
