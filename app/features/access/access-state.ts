import type { Membership, Plan, SessionUser } from "~/features/auth";
import { emailDomainAllowed } from "~/lib/email-domains";
import type { Role } from "~/lib/roles";

/** The fields of the redirection-check answer (spec section 3), minus `status`, and the guards' own two. */
export type AccessState = {
  isLoggedIn: boolean;
  role: Role | null;
  isMicrosite: boolean;
  pageAccessStatus: boolean;
  isCihPremiumAccess: boolean;
  is_country_guide_access: boolean;
  /**
   * Not in the answer: the account may be used, neither awaiting its university's approval, refused
   * nor past its end. A role's pages and powers are for active accounts only.
   */
  accountActive: boolean;
  /**
   * Not in the answer: the person may read their university's own content (its career manual, its
   * workshops and their joining links). Every active account of a university may, but a pre-departure
   * account, which anyone may open, only once something vouches for it (`vouchedFor`).
   */
  internalContent: boolean;
};

/** The redirection check's answer (spec section 3, less `status`): exactly its fields, none of the guards' own. */
export function redirectionCheckAnswer(s: AccessState) {
  const { isLoggedIn, role, isMicrosite, pageAccessStatus, isCihPremiumAccess, is_country_guide_access } = s;
  return { isLoggedIn, role, isMicrosite, pageAccessStatus, isCihPremiumAccess, is_country_guide_access };
}

/** Features a `checkurl` can name, and the plan switch that makes each available on a microsite. */
const FEATURE_PLAN: Record<string, keyof Plan> = {
  cih: "planCareerHub",
  "country-guide": "planCountryGuides",
};

/**
 * Whether an account is one of its university's own people: its address is of the university's
 * domains (as a self-registration must be), an invitation of the university made it, or one of the
 * university's admins approved it.
 */
export function vouchedFor(email: string, membership: Membership): boolean {
  return emailDomainAllowed(email, membership.universityDomains) || membership.invited || membership.approved;
}

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
  const accountActive = user?.accessStatus === "active";
  return {
    isLoggedIn: user !== null,
    role: user?.role ?? null,
    isMicrosite: microsite !== null,
    pageAccessStatus: feature === undefined || microsite === null || microsite[feature],
    isCihPremiumAccess: granted(user?.cihPremiumAccess ?? false, "planCihPremium"),
    is_country_guide_access: granted(user?.countryGuideAccess ?? false, "planCountryGuides"),
    accountActive,
    internalContent:
      accountActive &&
      user.universityId !== null &&
      (user.role !== "predeparture_student" || vouchedFor(user.email, user.membership)),
  };
}
