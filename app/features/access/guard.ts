import type { AccessState } from "./access-state";
import { ROLE_HOME, type Role } from "~/lib/roles";

/**
 * Guard kinds of spec section 2. A-D are the spec's own; the others are the
 * route-specific rules it states (home, audience pages, career hub, ...).
 */
export type GuardKind =
  | "open" // no check
  | "A" // redirection check: open unless a visitor on a microsite
  | "A-any" // redirection check that opens in every successful state (/jobs/{slug})
  | "B" // logged in, else login
  | "C" // visitors only: a logged-in user goes back
  | "D" // logged in, else the pre-departure login
  | "audience" // employer/toolkit/workshop/partner pages: students to their dashboard
  | "home"
  | "cih"
  | "country-guide-section"
  | "jumpstart-dashboard"
  | "jumpstart"
  | "student-only"
  | "university-admin-only"
  | "employer-only" // an employer account's pages; its organisation's verification is checked by each page
  | "ops"; // the operations console: active platform staff on the main site, and no one else learns it exists

export const LOGIN_PATH = "/login";
export const PRE_AUTH_PATH = "/pre-auth-student";
export const PREDEPARTURE_LOGIN_PATH = "/jumpstart-login";

export type Decision =
  | { kind: "open" }
  /** `remember`: the visitor is turned away from this page, so it goes into prev_url. */
  | { kind: "redirect"; to: string; remember: boolean }
  /** Guard C: back to the previous page (resolved from the Referer by the caller). */
  | { kind: "back" }
  /** The page answers 404, as an address that does not exist would. */
  | { kind: "not-found" };

const open: Decision = { kind: "open" };
const toLogin: Decision = { kind: "redirect", to: LOGIN_PATH, remember: true };
const toPredepartureLogin: Decision = { kind: "redirect", to: PREDEPARTURE_LOGIN_PATH, remember: true };
const go = (to: string): Decision => ({ kind: "redirect", to, remember: false });
const homeOf = (role: Role | null) => go(role ? ROLE_HOME[role] : "/");

const toStatus = go(PRE_AUTH_PATH);
const notFound: Decision = { kind: "not-found" };

/**
 * The operations console's rule: an active platform staff account (its session holds the second
 * factor: no staff session exists without it), on the main site. Anyone else, a visitor or a
 * microsite included, gets 404, not a login page: the console is not advertised.
 */
export function forStaff(s: AccessState): Decision {
  return s.isLoggedIn && s.accountActive && s.role === "platform_staff" && !s.isMicrosite ? open : notFound;
}

/**
 * A role's own pages, and its powers wherever they are offered (a university admin's on the
 * workshops page, say): only an active account of that role holds them. One awaiting its
 * university's approval, refused or past its end goes to /pre-auth-student, where it sees why.
 */
export function forRole(role: Role, s: AccessState): Decision {
  if (!s.isLoggedIn) return toLogin;
  if (!s.accountActive) return toStatus;
  return s.role === role ? open : homeOf(s.role);
}

/** Every guard decision of the product, for page loaders and JSON endpoints alike. */
export function decide(guard: GuardKind, s: AccessState): Decision {
  switch (guard) {
    case "open":
    case "A-any":
      return open;
    case "A":
      return !s.isMicrosite || s.isLoggedIn ? open : toLogin;
    case "B":
      return s.isLoggedIn ? open : toLogin;
    case "C":
      return s.isLoggedIn ? { kind: "back" } : open;
    case "D":
      return s.isLoggedIn ? open : toPredepartureLogin;
    case "audience":
      if (s.isLoggedIn && s.role === "student") return go(ROLE_HOME.student);
      return !s.isMicrosite || s.isLoggedIn ? open : toLogin;
    case "home":
      if (s.isLoggedIn) return s.role ? go(ROLE_HOME[s.role]) : open;
      return s.isMicrosite ? toLogin : open;
    case "cih":
      if (!s.pageAccessStatus) return toLogin;
      if (!s.isMicrosite) return open;
      if (!s.isLoggedIn) return toLogin;
      return go(s.isCihPremiumAccess ? "/cih/premium" : "/cih/standard");
    case "country-guide-section":
      if (!s.isLoggedIn) return toLogin;
      return s.role === "student" && !s.is_country_guide_access ? go(ROLE_HOME.student) : open;
    case "jumpstart-dashboard":
      if (s.role === "predeparture_student") return s.accountActive ? open : toStatus;
      return s.isLoggedIn ? go("/") : toPredepartureLogin;
    case "jumpstart":
      if (s.isLoggedIn) return homeOf(s.role);
      return s.isMicrosite ? toPredepartureLogin : open;
    case "student-only":
      return forRole("student", s);
    case "university-admin-only":
      return forRole("university_admin", s);
    case "employer-only":
      return forRole("employer", s);
    case "ops":
      return forStaff(s);
  }
}

/** Guards of the pages that exist for members' own use, closed to an account its university has not approved. */
const MEMBERS_ONLY: ReadonlySet<GuardKind> = new Set([
  "B",
  "D",
  "country-guide-section",
  "jumpstart-dashboard",
  "student-only",
  "university-admin-only",
  "employer-only",
]);

/** What an account awaiting approval, or refused, may still open among the members' pages: its status, and its own data (download and deletion). */
const OPEN_TO_INACTIVE: ReadonlySet<string> = new Set([PRE_AUTH_PATH, "/account/your-data.json", "/account/delete"]);

/**
 * An account its university has not approved (yet), refused or ended is logged in, so the spec's
 * guards would open the members' pages to it: this runs before them and sends it to
 * /pre-auth-student, where it sees its status. Public pages stay as they are for it.
 */
export function inactiveAccountDecision(guard: GuardKind, pattern: string, s: AccessState): Decision | null {
  if (!s.isLoggedIn || s.accountActive || !MEMBERS_ONLY.has(guard) || OPEN_TO_INACTIVE.has(pattern)) return null;
  return toStatus;
}
