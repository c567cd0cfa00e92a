import type { EmployerDecision, EmployerPolicy } from "~/db/schema/job-posting-values";

/** What the rule reads of an employer organisation (employer_organisations' columns). */
export type OrganisationStanding = {
  verifiedAt: Date | string | null;
  registerOrgKey: string | null;
  licenceLostAt: Date | string | null;
};

/** Verified, matched to a register entry, and that entry's licence not lost since: the "Verified licensed sponsor". */
export function isVerifiedLicensedSponsor(organisation: OrganisationStanding): boolean {
  return (
    organisation.verifiedAt !== null && organisation.registerOrgKey !== null && organisation.licenceLostAt === null
  );
}

/**
 * Whether an employer organisation's jobs reach a university's students: the admin's decision on it
 * first (blocked: never; approved: always), then the university's policy. The one rule the employers
 * page, search, recommendations and alerts share.
 */
export function employerReaches(
  policy: EmployerPolicy,
  decision: EmployerDecision | null,
  organisation: OrganisationStanding,
): boolean {
  if (decision === "blocked") return false;
  if (decision === "approved") return true;
  if (policy === "all-verified") return organisation.verifiedAt !== null;
  if (policy === "licensed-only") return isVerifiedLicensedSponsor(organisation);
  return false;
}

export const POLICY_LABELS: Record<EmployerPolicy, string> = {
  "all-verified": "All verified employers",
  "licensed-only": "Verified licensed sponsors only",
  "approved-only": "Only the employers we approve",
};

/**
 * The university whose choice of employers applies to a person: their own, for its students and
 * pre-departure students; none for anyone else (a visitor, an admin, staff, an employer), who sees every job.
 */
export function audienceOf(viewer: { role: string; universityId: number | null } | null): number | null {
  if (!viewer || viewer.universityId === null) return null;
  return viewer.role === "student" || viewer.role === "predeparture_student" ? viewer.universityId : null;
}
