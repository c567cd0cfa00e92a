import { href } from "react-router";
import type { Role } from "~/lib/roles";

/**
 * `end`: current on its own page only. A header link is otherwise current on the pages below it too
 * (a job under Jobs); a dashboard's pages below it have their own links in the area's navigation,
 * which says which one is current.
 */
export type NavItem = { to: string; label: string; end?: boolean };

/**
 * The header's links. `tools` gather under one "Tools" entry (a list of its own in the small-screen
 * menu) so that the bar of a role with many pages stays on one line on a laptop.
 */
export type Navigation = { primary: NavItem[]; tools: NavItem[] };

const BLOG: NavItem = { to: href("/blog"), label: "Blog" };
// The open checker for visitors; logged-in users get the one that keeps their shortlist.
const SPONSOR_CHECKER_OPEN: NavItem = { to: href("/uk-work-visa-sponsor-licence-check"), label: "Sponsor checker" };
const SPONSOR_CHECKER: NavItem = { to: href("/sponsorship-licence-checker"), label: "Sponsor checker" };
const POINTS_CALCULATOR: NavItem = {
  to: href("/skilled-migration-points-calculator-australia"),
  label: "Australian points calculator",
};

const VISITOR: Navigation = {
  primary: [
    { to: href("/jobs"), label: "Jobs" },
    { to: href("/part-time-jobs"), label: "Part-time jobs" },
    { to: href("/country-guide"), label: "Country guides" },
    { to: href("/cih"), label: "Career hub" },
    SPONSOR_CHECKER_OPEN,
    BLOG,
  ],
  tools: [],
};

// On a microsite every other page sends a visitor to log in, so only the open ones are offered.
const VISITOR_ON_MICROSITE: Navigation = { primary: [SPONSOR_CHECKER_OPEN], tools: [] };

const BY_ROLE: Record<Role, Navigation> = {
  student: {
    primary: [
      { to: href("/student-dashboard"), label: "Dashboard", end: true },
      { to: href("/jobs"), label: "Jobs" },
      { to: href("/my-saved-jobs"), label: "Saved jobs" },
      { to: href("/my-cvs"), label: "My CVs" },
      { to: href("/cih"), label: "Career hub" },
      { to: href("/country-guide"), label: "Country guides" },
      BLOG,
    ],
    tools: [
      { to: href("/my-journey"), label: "My journey and visa clock" },
      { to: href("/achievements"), label: "Achievements" },
      SPONSOR_CHECKER,
      POINTS_CALCULATOR,
    ],
  },
  university_admin: {
    primary: [
      { to: href("/university-dashboard"), label: "Dashboard", end: true },
      { to: href("/visa-job-analytics"), label: "Visa job analytics" },
      { to: href("/home-country-job-analytics"), label: "Home country analytics" },
      { to: href("/student-circus-analytics"), label: "Student engagement" },
      { to: href("/graduate-outcomes-analytics"), label: "Graduate outcomes" },
      SPONSOR_CHECKER,
      BLOG,
    ],
    tools: [],
  },
  predeparture_student: {
    primary: [
      { to: href("/jumpstart-dashboard"), label: "Dashboard", end: true },
      { to: href("/jumpstart/resources"), label: "Resources" },
      { to: href("/jumpstart/top-30-employers"), label: "Top 30 employers" },
      { to: href("/jumpstart/part-time-jobs"), label: "Part-time jobs" },
      { to: href("/jumpstart/employability-video-guide"), label: "Video guide" },
      BLOG,
    ],
    tools: [],
  },
  // The console has its own navigation (app/routes/ops/_layout.tsx).
  platform_staff: { primary: [{ to: href("/ops"), label: "Operations console" }], tools: [] },
  employer: {
    primary: [{ to: href("/employer-dashboard"), label: "Dashboard", end: true }, SPONSOR_CHECKER],
    tools: [],
  },
};

/** The header's links for who is looking, and where (a visitor on a microsite sees only open pages). */
export function navigationFor(role: Role | null, where: "main" | "microsite" = "main"): Navigation {
  // The console is not on a microsite, so staff who wander onto one are offered what a visitor is.
  if (role === "platform_staff" && where === "microsite") return VISITOR_ON_MICROSITE;
  if (role) return BY_ROLE[role];
  return where === "microsite" ? VISITOR_ON_MICROSITE : VISITOR;
}
