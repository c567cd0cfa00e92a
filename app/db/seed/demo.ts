import type { Role } from "~/lib/roles";

export const DEMO_PASSWORD = "DemoPass#2026";

export const DEMO_UNIVERSITIES = [
  {
    slug: "demo-university",
    name: "Demo University",
    countryId: 226,
    micrositeHost: "demo-university.localhost",
    brandColour: "#6d28d9",
    logoUrl: "/brand/demo-university.svg",
    planCareerHub: true,
    planCihPremium: true,
    planCountryGuides: true,
    careersEmail: "careers@demo-university.test",
    emailDomains: ["demo.test"],
  },
  {
    slug: "second-university",
    name: "Second University",
    countryId: 226,
    micrositeHost: "second-university.localhost",
    brandColour: "#0f766e",
    logoUrl: "/brand/second-university.svg",
    planCareerHub: false,
    planCihPremium: false,
    planCountryGuides: false,
    emailDomains: ["second.test"],
  },
] as const;

export type DemoUser = {
  email: string;
  name: string;
  role: Role;
  university: (typeof DEMO_UNIVERSITIES)[number]["slug"];
  countryGuideAccess: boolean;
  cihPremiumAccess: boolean;
};

export const DEMO_USERS: readonly DemoUser[] = [
  { email: "student@demo.test", name: "Aisha Khan", role: "student", university: "demo-university", countryGuideAccess: true, cihPremiumAccess: true },
  { email: "basic.student@demo.test", name: "Daniel Okafor", role: "student", university: "demo-university", countryGuideAccess: false, cihPremiumAccess: false },
  { email: "admin@demo.test", name: "Sarah Whitfield", role: "university_admin", university: "demo-university", countryGuideAccess: false, cihPremiumAccess: false },
  { email: "predeparture@demo.test", name: "Wei Chen", role: "predeparture_student", university: "demo-university", countryGuideAccess: false, cihPremiumAccess: false },
];
