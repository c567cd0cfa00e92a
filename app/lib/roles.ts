/**
 * `platform_staff`: the team that runs the platform (the operations console); granted only by `npm run staff`.
 * `employer`: a person of an employer organisation (/employer/register), belonging to no university.
 */
export const ROLES = ["student", "university_admin", "predeparture_student", "platform_staff", "employer"] as const;
export type Role = (typeof ROLES)[number];

/** Where each role lands after logging in, and where role-only pages send other roles. */
export const ROLE_HOME: Record<Role, string> = {
  student: "/student-dashboard",
  university_admin: "/university-dashboard",
  predeparture_student: "/jumpstart-dashboard",
  platform_staff: "/ops",
  employer: "/employer-dashboard",
};
