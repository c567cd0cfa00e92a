// The help pages' fixed lists, in a module without Drizzle so that pages can import them.

/** The FAQ's categories, in the order the page shows them, with their headings. */
export const FAQ_CATEGORIES = ["students", "visas", "account", "universities", "employers"] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export const FAQ_CATEGORY_LABELS: Record<FaqCategory, string> = {
  students: "For students",
  visas: "Visas and working after your studies",
  account: "Your account and your data",
  universities: "For universities",
  employers: "For employers",
};

/** The kinds of contract an open role of ours can be. */
export const ROLE_TYPES = ["full-time", "part-time", "contract"] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

export const ROLE_TYPE_LABELS: Record<RoleType, string> = {
  "full-time": "Full-time",
  "part-time": "Part-time",
  contract: "Contract",
};

/** The universities' pages (`/universities/:type?`), by type: their addresses (which the sitemap lists), titles and descriptions. */
export const UNIVERSITY_PAGES = {
  overview: {
    path: "/universities",
    title: "Universities",
    description:
      "The universities that give their international students the platform, and why careers services partner with us.",
  },
  partners: {
    path: "/universities/partners",
    title: "Our partner universities",
    description: "The universities whose students use the platform, and their careers sites.",
  },
  "why-partner": {
    path: "/universities/why-partner",
    title: "Why careers services partner with us",
    description:
      "Dashboards, privacy-safe analytics, a branded careers site, country guides and workshops for your international students.",
  },
} as const;
export type UniversityPage = keyof typeof UNIVERSITY_PAGES;
