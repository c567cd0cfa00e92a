import { describe, expect, it } from "vitest";
import { EMPLOYER_POLICIES } from "~/db/schema/job-posting-values";
import { employerReaches, isVerifiedLicensedSponsor } from "./reach";

const DAY = new Date("2026-11-01T00:00:00Z");
const licensed = { verifiedAt: DAY, registerOrgKey: "acme-ltd", licenceLostAt: null };
const verifiedNoLicence = { verifiedAt: DAY, registerOrgKey: null, licenceLostAt: null };
const licenceLost = { verifiedAt: DAY, registerOrgKey: "acme-ltd", licenceLostAt: DAY };
const unverified = { verifiedAt: null, registerOrgKey: "acme-ltd", licenceLostAt: null };

describe("isVerifiedLicensedSponsor", () => {
  it("needs the organisation verified, matched to a register entry, and its licence not lost", () => {
    expect(isVerifiedLicensedSponsor(licensed)).toBe(true);
    expect(isVerifiedLicensedSponsor(verifiedNoLicence)).toBe(false);
    expect(isVerifiedLicensedSponsor(licenceLost)).toBe(false);
    expect(isVerifiedLicensedSponsor(unverified)).toBe(false);
  });
});

describe("employerReaches", () => {
  it("never lets a blocked employer reach the students, whatever the policy", () => {
    for (const policy of EMPLOYER_POLICIES) expect(employerReaches(policy, "blocked", licensed)).toBe(false);
  });

  it("always lets an approved employer reach them, whatever the policy", () => {
    for (const policy of EMPLOYER_POLICIES) {
      expect(employerReaches(policy, "approved", verifiedNoLicence)).toBe(true);
      expect(employerReaches(policy, "approved", unverified)).toBe(true);
    }
  });

  it("under all-verified, lets every verified organisation through and no unverified one", () => {
    expect(employerReaches("all-verified", null, verifiedNoLicence)).toBe(true);
    expect(employerReaches("all-verified", null, licenceLost)).toBe(true);
    expect(employerReaches("all-verified", null, unverified)).toBe(false);
  });

  it("under licensed-only, lets only verified licensed sponsors through", () => {
    expect(employerReaches("licensed-only", null, licensed)).toBe(true);
    expect(employerReaches("licensed-only", null, verifiedNoLicence)).toBe(false);
    expect(employerReaches("licensed-only", null, licenceLost)).toBe(false);
    expect(employerReaches("licensed-only", null, unverified)).toBe(false);
  });

  it("under approved-only, lets no employer through without the university's approval", () => {
    expect(employerReaches("approved-only", null, licensed)).toBe(false);
    expect(employerReaches("approved-only", "approved", licensed)).toBe(true);
  });
});
