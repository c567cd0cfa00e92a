export const ROLES = ["student", "university_admin", "predeparture_student"] as const;
export type Role = (typeof ROLES)[number];

/** Where each role lands after logging in, and where role-only pages send other roles. */
export const ROLE_HOME: Record<Role, string> = {
  student: "/student-dashboard",
  university_admin: "/university-dashboard",
  predeparture_student: "/jumpstart-dashboard",
};
