/** The public checker; organisation pages and recent changes sit under it. */
export const CHECK_PATH = "/uk-work-visa-sponsor-licence-check";
/** The logged-in checker with the shortlist (guard B). */
export const CHECKER_PATH = "/sponsorship-licence-checker";

export const organisationPath = (slug: string) => `${CHECK_PATH}/${slug}`;
