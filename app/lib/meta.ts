export const SITE_NAME = "Career Platform";

export function pageTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}
