import type { Role } from "~/lib/roles";

export type NavItem = { to: string; label: string };

const VISITOR: NavItem[] = [
  { to: "/jobs", label: "Jobs" },
  { to: "/part-time-jobs", label: "Part-time jobs" },
  { to: "/country-guide", label: "Country guides" },
  { to: "/cih", label: "Career hub" },
  { to: "/uk-work-visa-sponsor-licence-check", label: "Sponsor checker" },
  { to: "/blog", label: "Blog" },
];

const BY_ROLE: Record<Role, NavItem[]> = {
  student: [
    { to: "/student-dashboard", label: "Dashboard" },
    { to: "/jobs", label: "Jobs" },
    { to: "/my-saved-jobs", label: "Saved jobs" },
    { to: "/my-cvs", label: "My CVs" },
    { to: "/cih", label: "Career hub" },
    { to: "/country-guide", label: "Country guides" },
  ],
  university_admin: [
    { to: "/university-dashboard", label: "Dashboard" },
    { to: "/visa-job-analytics", label: "Visa job analytics" },
    { to: "/home-country-job-analytics", label: "Home country analytics" },
    { to: "/student-circus-analytics", label: "Student engagement" },
  ],
  predeparture_student: [
    { to: "/jumpstart-dashboard", label: "Dashboard" },
    { to: "/jumpstart/resources", label: "Resources" },
    { to: "/jumpstart/top-30-employers", label: "Top 30 employers" },
    { to: "/jumpstart/part-time-jobs", label: "Part-time jobs" },
  ],
};

/** The header's links for who is looking. */
export function navigationFor(role: Role | null): NavItem[] {
  return role ? BY_ROLE[role] : VISITOR;
}
