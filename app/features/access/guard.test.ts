import { describe, expect, it } from "vitest";
import type { AccessState } from "./access-state";
import { type Decision, type GuardKind, decide, forRole, inactiveAccountDecision } from "./guard";
import type { Role } from "~/lib/roles";

// Access states of spec section 3, named for the person asking and where.
function state(
  who: "visitor" | Role | "other",
  where: "main" | "microsite",
  extra: Partial<AccessState> = {},
): AccessState {
  return {
    isLoggedIn: who !== "visitor",
    role: who === "visitor" || who === "other" ? null : who,
    isMicrosite: where === "microsite",
    pageAccessStatus: true,
    isCihPremiumAccess: false,
    is_country_guide_access: false,
    accountActive: who !== "visitor",
    internalContent: who !== "visitor" && who !== "other",
    ...extra,
  };
}

const LOGIN: Decision = { kind: "redirect", to: "/login", remember: true };
const PREDEPARTURE_LOGIN: Decision = { kind: "redirect", to: "/jumpstart-login", remember: true };
const OPEN: Decision = { kind: "open" };
const BACK: Decision = { kind: "back" };
const NOT_FOUND: Decision = { kind: "not-found" };
const to = (path: string): Decision => ({ kind: "redirect", to: path, remember: false });

type Row = [rule: string, guard: GuardKind, state: AccessState, expected: Decision];

// One row per rule of spec section 2, for visitors and each role, on the main site and a microsite.
const ROWS: Row[] = [
  // Guard A
  ["A: visitor, main site", "A", state("visitor", "main"), OPEN],
  ["A: visitor, microsite", "A", state("visitor", "microsite"), LOGIN],
  ["A: student, microsite", "A", state("student", "microsite"), OPEN],
  ["A: admin, microsite", "A", state("university_admin", "microsite"), OPEN],
  ["A: pre-departure, main site", "A", state("predeparture_student", "main"), OPEN],
  // /jobs/{slug}: every successful check state
  ["jobs/slug: visitor, microsite", "A-any", state("visitor", "microsite"), OPEN],
  ["jobs/slug: visitor, main site", "A-any", state("visitor", "main"), OPEN],
  ["jobs/slug: student, microsite", "A-any", state("student", "microsite"), OPEN],
  // Guard B
  ["B: visitor, main site", "B", state("visitor", "main"), LOGIN],
  ["B: visitor, microsite", "B", state("visitor", "microsite"), LOGIN],
  ["B: student", "B", state("student", "main"), OPEN],
  ["B: admin", "B", state("university_admin", "microsite"), OPEN],
  ["B: pre-departure", "B", state("predeparture_student", "main"), OPEN],
  // Guard C
  ["C: visitor, main site", "C", state("visitor", "main"), OPEN],
  ["C: visitor, microsite", "C", state("visitor", "microsite"), OPEN],
  ["C: student", "C", state("student", "main"), BACK],
  ["C: admin", "C", state("university_admin", "microsite"), BACK],
  ["C: pre-departure", "C", state("predeparture_student", "main"), BACK],
  // Guard D
  ["D: visitor, main site", "D", state("visitor", "main"), PREDEPARTURE_LOGIN],
  ["D: visitor, microsite", "D", state("visitor", "microsite"), PREDEPARTURE_LOGIN],
  ["D: pre-departure", "D", state("predeparture_student", "microsite"), OPEN],
  ["D: student", "D", state("student", "main"), OPEN],
  // Audience-restricted pages
  ["audience: main, student", "audience", state("student", "main"), to("/student-dashboard")],
  ["audience: main, visitor", "audience", state("visitor", "main"), OPEN],
  ["audience: main, admin", "audience", state("university_admin", "main"), OPEN],
  ["audience: main, pre-departure", "audience", state("predeparture_student", "main"), OPEN],
  ["audience: microsite, student", "audience", state("student", "microsite"), to("/student-dashboard")],
  ["audience: microsite, admin", "audience", state("university_admin", "microsite"), OPEN],
  ["audience: microsite, pre-departure", "audience", state("predeparture_student", "microsite"), OPEN],
  ["audience: microsite, visitor", "audience", state("visitor", "microsite"), LOGIN],
  // Home
  ["home: student", "home", state("student", "main"), to("/student-dashboard")],
  ["home: admin", "home", state("university_admin", "microsite"), to("/university-dashboard")],
  ["home: pre-departure", "home", state("predeparture_student", "main"), to("/jumpstart-dashboard")],
  ["home: other logged-in user", "home", state("other", "microsite"), OPEN],
  ["home: visitor, main site", "home", state("visitor", "main"), OPEN],
  ["home: visitor, microsite", "home", state("visitor", "microsite"), LOGIN],
  // Career hub
  ["cih: access denied, visitor", "cih", state("visitor", "microsite", { pageAccessStatus: false }), LOGIN],
  [
    "cih: access denied, student",
    "cih",
    state("student", "microsite", { pageAccessStatus: false, isCihPremiumAccess: true }),
    LOGIN,
  ],
  ["cih: main site, visitor", "cih", state("visitor", "main"), OPEN],
  ["cih: main site, premium student", "cih", state("student", "main", { isCihPremiumAccess: true }), OPEN],
  ["cih: microsite, premium", "cih", state("student", "microsite", { isCihPremiumAccess: true }), to("/cih/premium")],
  ["cih: microsite, no premium", "cih", state("student", "microsite"), to("/cih/standard")],
  ["cih: microsite, admin without premium", "cih", state("university_admin", "microsite"), to("/cih/standard")],
  ["cih: microsite, visitor", "cih", state("visitor", "microsite"), LOGIN],
  // Country guide sections
  ["country guide: visitor, main site", "country-guide-section", state("visitor", "main"), LOGIN],
  ["country guide: visitor, microsite", "country-guide-section", state("visitor", "microsite"), LOGIN],
  [
    "country guide: student with flag",
    "country-guide-section",
    state("student", "main", { is_country_guide_access: true }),
    OPEN,
  ],
  [
    "country guide: student without flag",
    "country-guide-section",
    state("student", "microsite"),
    to("/student-dashboard"),
  ],
  ["country guide: admin without flag", "country-guide-section", state("university_admin", "main"), OPEN],
  ["country guide: pre-departure without flag", "country-guide-section", state("predeparture_student", "main"), OPEN],
  // Jumpstart dashboard
  ["jumpstart dashboard: pre-departure", "jumpstart-dashboard", state("predeparture_student", "microsite"), OPEN],
  ["jumpstart dashboard: student", "jumpstart-dashboard", state("student", "main"), to("/")],
  ["jumpstart dashboard: admin", "jumpstart-dashboard", state("university_admin", "main"), to("/")],
  ["jumpstart dashboard: visitor, main site", "jumpstart-dashboard", state("visitor", "main"), PREDEPARTURE_LOGIN],
  ["jumpstart dashboard: visitor, microsite", "jumpstart-dashboard", state("visitor", "microsite"), PREDEPARTURE_LOGIN],
  // /jumpstart
  ["jumpstart: pre-departure", "jumpstart", state("predeparture_student", "main"), to("/jumpstart-dashboard")],
  ["jumpstart: student", "jumpstart", state("student", "microsite"), to("/student-dashboard")],
  ["jumpstart: admin", "jumpstart", state("university_admin", "main"), to("/university-dashboard")],
  ["jumpstart: other role", "jumpstart", state("other", "main"), to("/")],
  ["jumpstart: visitor, main site", "jumpstart", state("visitor", "main"), OPEN],
  ["jumpstart: visitor, microsite", "jumpstart", state("visitor", "microsite"), PREDEPARTURE_LOGIN],
  // Pages made for one role (issue 2, scope 6)
  ["student dashboard: visitor", "student-only", state("visitor", "main"), LOGIN],
  ["student dashboard: student", "student-only", state("student", "microsite"), OPEN],
  ["student dashboard: admin", "student-only", state("university_admin", "main"), to("/university-dashboard")],
  [
    "student dashboard: pre-departure",
    "student-only",
    state("predeparture_student", "main"),
    to("/jumpstart-dashboard"),
  ],
  ["university pages: visitor", "university-admin-only", state("visitor", "microsite"), LOGIN],
  ["university pages: admin", "university-admin-only", state("university_admin", "main"), OPEN],
  ["university pages: student", "university-admin-only", state("student", "main"), to("/student-dashboard")],
  [
    "university pages: pre-departure",
    "university-admin-only",
    state("predeparture_student", "microsite"),
    to("/jumpstart-dashboard"),
  ],
  // The operations console (issue 30): active platform staff on the main site; 404 for all else
  ["ops: staff, main site", "ops", state("platform_staff", "main"), OPEN],
  ["ops: staff, microsite", "ops", state("platform_staff", "microsite"), NOT_FOUND],
  ["ops: inactive staff", "ops", state("platform_staff", "main", { accountActive: false }), NOT_FOUND],
  ["ops: visitor", "ops", state("visitor", "main"), NOT_FOUND],
  ["ops: student", "ops", state("student", "main"), NOT_FOUND],
  ["ops: admin", "ops", state("university_admin", "main"), NOT_FOUND],
  ["ops: pre-departure", "ops", state("predeparture_student", "main"), NOT_FOUND],
  // Staff elsewhere: their home is the console
  ["student dashboard: staff", "student-only", state("platform_staff", "main"), to("/ops")],
  ["university pages: staff", "university-admin-only", state("platform_staff", "main"), to("/ops")],
  ["home: staff", "home", state("platform_staff", "main"), to("/ops")],
  // Open pages
  ["open: visitor, microsite", "open", state("visitor", "microsite"), OPEN],
  ["open: student", "open", state("student", "main"), OPEN],
];

describe("decide (spec section 2)", () => {
  it.each(ROWS)("%s", (_rule, guard, s, expected) => {
    expect(decide(guard, s)).toEqual(expected);
  });
});

const INACTIVE = { accountActive: false, internalContent: false };

describe("inactiveAccountDecision (accounts awaiting approval, refused or ended)", () => {
  it.each([
    ["B", "/edit-profile"],
    ["student-only", "/student-dashboard"],
    ["university-admin-only", "/university-dashboard"],
    ["D", "/jumpstart-edit-profile"],
    ["country-guide-section", "/country-guide/:slug/cv"],
    ["jumpstart-dashboard", "/jumpstart-dashboard"],
  ] as const)("sends an inactive account from %s page %s to /pre-auth-student", (guard, pattern) => {
    expect(inactiveAccountDecision(guard, pattern, state("student", "main", INACTIVE))).toEqual(
      to("/pre-auth-student"),
    );
    expect(inactiveAccountDecision(guard, pattern, state("university_admin", "microsite", INACTIVE))).toEqual(
      to("/pre-auth-student"),
    );
  });

  it.each(["/pre-auth-student", "/account/your-data.json", "/account/delete"])(
    "leaves %s open: the status page and the person's own data",
    (pattern) => {
      expect(inactiveAccountDecision("B", pattern, state("student", "main", INACTIVE))).toBeNull();
    },
  );

  it.each(["open", "A", "A-any", "C", "home", "cih", "audience", "jumpstart"] as const)(
    "leaves the spec's %s guard to decide",
    (guard) => {
      expect(inactiveAccountDecision(guard, "/anything", state("university_admin", "main", INACTIVE))).toBeNull();
    },
  );

  it("never stands in the way of an active account, nor of a visitor", () => {
    expect(inactiveAccountDecision("B", "/edit-profile", state("student", "main"))).toBeNull();
    expect(inactiveAccountDecision("B", "/edit-profile", state("visitor", "main"))).toBeNull();
  });
});

describe("a role's pages and powers (forRole)", () => {
  it("are an active account's of that role only: an inactive admin is no admin, wherever the power is offered", () => {
    expect(forRole("university_admin", state("university_admin", "main"))).toEqual(OPEN);
    expect(forRole("university_admin", state("university_admin", "main", INACTIVE))).toEqual(to("/pre-auth-student"));
    expect(decide("university-admin-only", state("university_admin", "microsite", INACTIVE))).toEqual(
      to("/pre-auth-student"),
    );
    expect(decide("student-only", state("student", "main", INACTIVE))).toEqual(to("/pre-auth-student"));
    expect(decide("jumpstart-dashboard", state("predeparture_student", "main", INACTIVE))).toEqual(
      to("/pre-auth-student"),
    );
    expect(forRole("predeparture_student", state("predeparture_student", "main"))).toEqual(OPEN);
    expect(forRole("predeparture_student", state("student", "main"))).toEqual(to("/student-dashboard"));
    expect(forRole("university_admin", state("visitor", "main"))).toEqual(LOGIN);
  });
});

describe("employer pages (employer-only)", () => {
  it("open to an active employer account only; others go home, visitors to the login", () => {
    expect(decide("employer-only", state("employer", "main"))).toEqual(OPEN);
    expect(decide("employer-only", state("visitor", "main"))).toEqual(LOGIN);
    expect(decide("employer-only", state("student", "main"))).toEqual(to("/student-dashboard"));
    expect(decide("employer-only", state("university_admin", "main"))).toEqual(to("/university-dashboard"));
    expect(decide("employer-only", state("employer", "main", INACTIVE))).toEqual(to("/pre-auth-student"));
    expect(
      inactiveAccountDecision("employer-only", "/employer-dashboard", state("employer", "main", INACTIVE)),
    ).toEqual(to("/pre-auth-student"));
  });

  it("send an employer elsewhere to their own dashboard", () => {
    expect(decide("student-only", state("employer", "main"))).toEqual(to("/employer-dashboard"));
    expect(decide("university-admin-only", state("employer", "main"))).toEqual(to("/employer-dashboard"));
    expect(decide("home", state("employer", "main"))).toEqual(to("/employer-dashboard"));
    expect(decide("ops", state("employer", "main"))).toEqual(NOT_FOUND);
  });
});
