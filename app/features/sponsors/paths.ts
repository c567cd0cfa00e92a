import { href } from "react-router";

/** The public checker; organisation pages and recent changes sit under it. */
export const CHECK_PATH = href("/uk-work-visa-sponsor-licence-check");
/** The logged-in checker with the shortlist (guard B). */
export const CHECKER_PATH = href("/sponsorship-licence-checker");
export const RECENT_CHANGES_PATH = href("/uk-work-visa-sponsor-licence-check/recent-changes");

export const organisationPath = (slug: string) => href("/uk-work-visa-sponsor-licence-check/:slug", { slug });
