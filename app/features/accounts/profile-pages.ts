import type { Role } from "~/lib/roles";

/** Where each role keeps its own profile; a profile page of another role sends the person to theirs. */
export const PROFILE_PAGE: Record<Role, string> = {
  student: "/edit-profile",
  predeparture_student: "/jumpstart-edit-profile",
  university_admin: "/university-user-profile",
  // Staff have no profile page of their own: the console is theirs.
  platform_staff: "/ops",
  // An employer's details are their organisation's, on their dashboard.
  employer: "/employer-dashboard",
};
