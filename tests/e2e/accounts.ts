export const DEMO_PASSWORD = "DemoPass#2026";

export type DemoRole = "student" | "basicStudent" | "admin" | "predeparture";

/** The demo accounts (app/db/seed/demo.ts) and where each lands after logging in. */
export const ACCOUNTS: Record<DemoRole, { email: string; name: string; home: string; heading: string }> = {
  student: { email: "student@demo.test", name: "Aisha Khan", home: "/student-dashboard", heading: "Student dashboard" },
  basicStudent: {
    email: "basic.student@demo.test",
    name: "Daniel Okafor",
    home: "/student-dashboard",
    heading: "Student dashboard",
  },
  admin: {
    email: "admin@demo.test",
    name: "Sarah Whitfield",
    home: "/university-dashboard",
    heading: "University dashboard",
  },
  predeparture: {
    email: "predeparture@demo.test",
    name: "Wei Chen",
    home: "/jumpstart-dashboard",
    heading: "Jumpstart dashboard",
  },
};
