import type { EffectiveAccessStatus } from "~/db/schema/users";
import type { Role } from "~/lib/roles";

/** The plan switches of a university that decide which features its members get. */
export type Plan = { planCareerHub: boolean; planCihPremium: boolean; planCountryGuides: boolean };

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
};
