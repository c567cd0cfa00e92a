import type { RoleType } from "./help-values";

/** One of our open roles as /careers shows it. */
export type Role = {
  slug: string;
  title: string;
  team: string;
  location: string;
  type: RoleType;
  /** YYYY-MM-DD */
  published: string;
  /** The last day applications are taken (YYYY-MM-DD), if there is one. */
  closes: string | null;
  bodyHtml: string;
};

/** Whether a role still takes applications on `today` (a UK day, YYYY-MM-DD): open through its closing day. */
export const isOpen = (role: Pick<Role, "closes">, today: string): boolean =>
  role.closes === null || role.closes >= today;

/** The roles open on `today`, newest first, then by title. */
export function openRoles<T extends Pick<Role, "closes" | "published" | "title">>(
  roles: readonly T[],
  today: string,
): T[] {
  return roles
    .filter((r) => isOpen(r, today))
    .sort((a, b) => b.published.localeCompare(a.published) || a.title.localeCompare(b.title));
}

/** The email that applies for a role: to the team, the role named in its subject. */
export const applyHref = (teamEmail: string, title: string) =>
  `mailto:${teamEmail}?subject=${encodeURIComponent(`Application: ${title}`)}`;
