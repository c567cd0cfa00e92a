import type { EffectiveAccessStatus } from "~/db/schema/users";
import type { Role } from "~/lib/roles";

/** The plan switches of a university that decide which features its members get. */
export type Plan = { planCareerHub: boolean; planCihPremium: boolean; planCountryGuides: boolean };

/**
 * What may vouch for an account as one of its university's own people: the university's
 * self-registration domains (to hold its address against), an invitation that made the account,
 * an admin's approval of it. computeAccessState weighs them for pre-departure accounts, which
 * anyone may open.
 */
export type Membership = { universityDomains: readonly string[]; invited: boolean; approved: boolean };

/** Who a session belongs to, as every request sees it. */
export type SessionUser = {
  id: number;
  name: string;
  email: string;
  role: Role;
  /** Anything but "active" (awaiting a university's approval, refused, or past its end) opens only /pre-auth-student of the members' pages. */
  accessStatus: EffectiveAccessStatus;
  universityId: number | null;
  /** Belongs to more than one campus of its university group (/student-login switches between them). */
  hasOtherCampuses: boolean;
  countryGuideAccess: boolean;
  cihPremiumAccess: boolean;
  /** The plan of the user's own university; null when the account belongs to none. */
  universityPlan: Plan | null;
  membership: Membership;
};
