import { describe, expect, it } from "vitest";
import type { Plan, SessionUser } from "~/features/auth/session-user";
import { computeAccessState, redirectionCheckAnswer } from "./access-state";
import { decide, inactiveAccountDecision } from "./guard";

const STATUS = { kind: "redirect", to: "/pre-auth-student", remember: false };

const FULL: Plan = { planCareerHub: true, planCihPremium: true, planCountryGuides: true };
const NONE: Plan = { planCareerHub: false, planCihPremium: false, planCountryGuides: false };

function user(extra: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    name: "Test",
    email: "t@example.com",
    role: "student",
    accessStatus: "active",
    universityId: 1,
    hasOtherCampuses: false,
    countryGuideAccess: true,
    cihPremiumAccess: true,
    universityPlan: FULL,
    membership: { universityDomains: ["example.com"], invited: false, approved: false },
    ...extra,
  };
}

describe("computeAccessState", () => {
  it("gives a visitor on the main site no flags and full page access", () => {
    expect(computeAccessState({ user: null, microsite: null, checkurl: "cih" })).toEqual({
      isLoggedIn: false,
      role: null,
      isMicrosite: false,
      pageAccessStatus: true,
      isCihPremiumAccess: false,
      is_country_guide_access: false,
      accountActive: false,
      internalContent: false,
    });
  });

  it("reports the user's role and flags", () => {
    const s = computeAccessState({ user: user(), microsite: FULL });
    expect(s).toMatchObject({
      isLoggedIn: true,
      role: "student",
      isMicrosite: true,
      isCihPremiumAccess: true,
      is_country_guide_access: true,
    });
  });

  it("withholds a user's flags when their university's plan lacks the feature", () => {
    const s = computeAccessState({ user: user({ universityPlan: NONE }), microsite: null });
    expect(s.isCihPremiumAccess).toBe(false);
    expect(s.is_country_guide_access).toBe(false);
  });

  it("keeps the flags of a user without a university (granted directly)", () => {
    const s = computeAccessState({ user: user({ universityId: null, universityPlan: null }), microsite: null });
    expect(s.isCihPremiumAccess).toBe(true);
    expect(s.is_country_guide_access).toBe(true);
  });

  it("does not invent flags the user does not have", () => {
    const s = computeAccessState({
      user: user({ cihPremiumAccess: false, countryGuideAccess: false }),
      microsite: FULL,
    });
    expect(s.isCihPremiumAccess).toBe(false);
    expect(s.is_country_guide_access).toBe(false);
  });

  it("denies the career hub on a microsite whose plan lacks it", () => {
    expect(computeAccessState({ user: null, microsite: NONE, checkurl: "cih" }).pageAccessStatus).toBe(false);
    expect(computeAccessState({ user: null, microsite: FULL, checkurl: "cih" }).pageAccessStatus).toBe(true);
  });

  it("allows pages when no checkurl, or one naming no plan feature, is given", () => {
    expect(computeAccessState({ user: null, microsite: NONE }).pageAccessStatus).toBe(true);
    expect(computeAccessState({ user: null, microsite: NONE, checkurl: "jobs" }).pageAccessStatus).toBe(true);
  });

  it.each(["awaiting_approval", "refused", "deactivated", "expired"] as const)(
    "holds an account that is %s inactive, with no university content",
    (accessStatus) => {
      const s = computeAccessState({ user: user({ accessStatus }), microsite: null });
      expect(s).toMatchObject({ isLoggedIn: true, role: "student", accountActive: false, internalContent: false });
    },
  );

  it("leaves a deactivated account no powers: no role's pages, no console, no university content", () => {
    const deactivated = (role: SessionUser["role"]) =>
      computeAccessState({ user: user({ role, accessStatus: "deactivated" }), microsite: null });
    expect(decide("student-only", deactivated("student"))).toEqual(STATUS);
    expect(decide("university-admin-only", deactivated("university_admin"))).toEqual(STATUS);
    expect(decide("jumpstart-dashboard", deactivated("predeparture_student"))).toEqual(STATUS);
    expect(inactiveAccountDecision("B", "/edit-profile", deactivated("student"))).toEqual(STATUS);
    expect(decide("ops", deactivated("platform_staff"))).toEqual({ kind: "not-found" });
    // The same accounts, active, hold them.
    expect(decide("ops", computeAccessState({ user: user({ role: "platform_staff" }), microsite: null }))).toEqual({
      kind: "open",
    });
    expect(decide("student-only", computeAccessState({ user: user(), microsite: null }))).toEqual({ kind: "open" });
  });

  it("opens the university's own content to its active students and admins, not to an account without a university", () => {
    expect(computeAccessState({ user: user({ email: "someone@mail.example" }), microsite: null }).internalContent).toBe(
      true,
    );
    expect(computeAccessState({ user: user({ role: "university_admin" }), microsite: null }).internalContent).toBe(
      true,
    );
    expect(
      computeAccessState({ user: user({ universityId: null, universityPlan: null }), microsite: null }).internalContent,
    ).toBe(false);
  });

  it("opens it to a pre-departure account only when its address, an invitation or an admin vouches for it", () => {
    const predeparture = (
      email: string,
      vouch: Partial<SessionUser["membership"]> = {},
      extra: Partial<SessionUser> = {},
    ) =>
      computeAccessState({
        user: user({
          role: "predeparture_student",
          email,
          membership: { universityDomains: ["uni.example"], invited: false, approved: false, ...vouch },
          ...extra,
        }),
        microsite: null,
      });
    expect(predeparture("ana@mail.example")).toMatchObject({ accountActive: true, internalContent: false });
    expect(predeparture("ana@uni.example").internalContent).toBe(true);
    expect(predeparture("ana@Student.UNI.example").internalContent).toBe(true);
    expect(predeparture("ana@notuni.example").internalContent).toBe(false);
    expect(predeparture("ana@mail.example", { invited: true }).internalContent).toBe(true);
    expect(predeparture("ana@mail.example", { approved: true }).internalContent).toBe(true);
    expect(predeparture("ana@uni.example", {}, { accessStatus: "expired" }).internalContent).toBe(false);
  });
});

describe("redirectionCheckAnswer", () => {
  it("answers exactly the fields of spec section 3 (less status), none of the guards' own", () => {
    expect(Object.keys(redirectionCheckAnswer(computeAccessState({ user: user(), microsite: FULL })))).toEqual([
      "isLoggedIn",
      "role",
      "isMicrosite",
      "pageAccessStatus",
      "isCihPremiumAccess",
      "is_country_guide_access",
    ]);
  });
});
