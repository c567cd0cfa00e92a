import type { Plan, SessionUser } from "~/features/auth/session-user";
import type { Role } from "~/lib/roles";

/** The fields of the redirection-check answer (spec section 3), minus `status`. */
export type AccessState = {
  isLoggedIn: boolean;
  role: Role | null;
  isMicrosite: boolean;
  pageAccessStatus: boolean;
  isCihPremiumAccess: boolean;
  is_country_guide_access: boolean;
};

/** Features a `checkurl` can name, and the plan switch that makes each available on a microsite. */
const FEATURE_PLAN: Record<string, keyof Plan> = {
  cih: "planCareerHub",
  "country-guide": "planCountryGuides",
};

/**
 * One pure function from who is asking and where, to the access state every guard and
 * the JSON checks use. A user's own flag counts only while their university's plan includes it.
 */
export function computeAccessState(input: {
  user: SessionUser | null;
  microsite: Plan | null;
  checkurl?: string | null;
}): AccessState {
  const { user, microsite, checkurl } = input;
  const feature = checkurl ? FEATURE_PLAN[checkurl] : undefined;
  const granted = (own: boolean, planKey: keyof Plan) =>
    !!user && own && (user.universityPlan === null || user.universityPlan[planKey]);
  return {
    isLoggedIn: user !== null,
    role: user?.role ?? null,
    isMicrosite: microsite !== null,
    pageAccessStatus: feature === undefined || microsite === null || microsite[feature],
    isCihPremiumAccess: granted(user?.cihPremiumAccess ?? false, "planCihPremium"),
    is_country_guide_access: granted(user?.countryGuideAccess ?? false, "planCountryGuides"),
  };
}
