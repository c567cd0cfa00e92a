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
    alumniAccessMonths: 36,
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
  {
    // A second campus of Demo University, with a smaller plan, so switching campus visibly changes what a student gets.
    slug: "demo-university-docklands",
    name: "Demo University Docklands Campus",
    countryId: 226,
    micrositeHost: "demo-university-docklands.localhost",
    brandColour: "#0369a1",
    // The group's logo: a campus is the same university.
    logoUrl: "/brand/demo-university.svg",
    planCareerHub: true,
    planCihPremium: false,
    planCountryGuides: false,
    careersEmail: "careers@demo-university.test",
    // No address registers itself at the campus: its students are given it as a second campus.
    emailDomains: [],
  },
] as const;

export type DemoUniversitySlug = (typeof DEMO_UNIVERSITIES)[number]["slug"];

/** Campuses of a university group: each campus's slug and the slug of the group's main university. */
export const DEMO_CAMPUS_GROUPS: Partial<Record<DemoUniversitySlug, DemoUniversitySlug>> = {
  "demo-university-docklands": "demo-university",
};

export type DemoUser = {
  email: string;
  name: string;
  role: Role;
  /** The active university. */
  university: DemoUniversitySlug;
  /** Other campuses of the same group the person belongs to (/student-login switches between them). */
  otherCampuses?: readonly DemoUniversitySlug[];
  countryGuideAccess: boolean;
  cihPremiumAccess: boolean;
};

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: "student@demo.test",
    name: "Aisha Khan",
    role: "student",
    university: "demo-university",
    otherCampuses: ["demo-university-docklands"],
    countryGuideAccess: true,
    cihPremiumAccess: true,
  },
  {
    email: "basic.student@demo.test",
    name: "Daniel Okafor",
    role: "student",
    university: "demo-university",
    countryGuideAccess: false,
    cihPremiumAccess: false,
  },
  {
    email: "admin@demo.test",
    name: "Sarah Whitfield",
    role: "university_admin",
    university: "demo-university",
    countryGuideAccess: false,
    cihPremiumAccess: false,
  },
  {
    email: "predeparture@demo.test",
    name: "Wei Chen",
    role: "predeparture_student",
    university: "demo-university",
    countryGuideAccess: false,
    cihPremiumAccess: false,
  },
  // Another university's admin: what they see shows that one university never sees another's students.
  {
    email: "admin@second.test",
    name: "Tomás Reyes",
    role: "university_admin",
    university: "second-university",
    countryGuideAccess: false,
    cihPremiumAccess: false,
  },
];

/**
 * The demo's employers (issue 31): one verified, matched to an A-rated entry of the register when one
 * is loaded as the demo is seeded (else verified by the demo staff member), and one waiting in the
 * console's moderation queue, having said it holds no licence.
 */
export const DEMO_EMPLOYERS = [
  {
    email: "recruiter@demo-employer.test",
    name: "Morgan Ellis",
    organisation: "Demo Employer Ltd",
    website: "https://www.demo-employer.test",
    verified: true,
  },
  {
    email: "pending@demo-employer.test",
    name: "Sam Okafor",
    organisation: "Pending Demo Employer Ltd",
    // At the same domain as its email, so a member of staff may approve it.
    website: "https://demo-employer.test",
    verified: false,
  },
] as const;

/**
 * The demo's platform staff member (the operations console), with an authenticator already enrolled
 * on this well-known secret so the demo can be walked: for the demo only, never a real deployment's.
 */
export const DEMO_STAFF = {
  email: "ops@demo.test",
  name: "Priya Natarajan",
  totpSecret: "JBSWY3DPEHPK3PXP",
} as const;

/**
 * Demo University's careers service (issue 33): its admin also sees students as an adviser, on
 * weekdays in London, for the three kinds of appointment. Made-up rooms and links.
 */
export const DEMO_CAREERS_SERVICE = {
  university: "demo-university",
  adviser: "admin@demo.test",
  hours: {
    timeZone: "Europe/London",
    weekly: {
      "1": ["10:00-12:00", "14:00-16:00"],
      "2": ["10:00-12:00", "14:00-16:00"],
      "3": ["10:00-12:00"],
      "4": ["10:00-12:00", "14:00-16:00"],
      "5": ["10:00-12:00"],
    },
  },
  kinds: [
    {
      name: "CV review",
      minutes: 30,
      description: "An adviser reads your CV with you, for a job or a kind of job you have in mind.",
      mode: "online",
      location: "https://meet.demo-university.example/careers",
    },
    {
      name: "Careers guidance",
      minutes: 45,
      description: "Talk through what you might do next, and how to get there.",
      mode: "in-person",
      location: "Careers Centre, room 2.14",
    },
    {
      name: "Working in the UK after your studies",
      minutes: 30,
      description: "The Graduate route, Skilled Worker sponsorship, and how they fit your plans.",
      mode: "online",
      location: "https://meet.demo-university.example/careers",
    },
  ],
  /**
   * Booked for three of its made-up students once they exist (the demo activity's), so the adviser's
   * day is not empty: `day` 0 is the day the demo is made, in the adviser's time zone.
   */
  appointments: [
    { day: 0, time: "10:00", kind: "CV review", note: "My CV for graduate schemes in banking" },
    {
      day: 0,
      time: "14:00",
      kind: "Working in the UK after your studies",
      note: "Whether I can switch from the Graduate route to Skilled Worker",
    },
    { day: 1, time: "10:30", kind: "Careers guidance", note: null },
  ],
} as const;

/**
 * Demo University's career fair (issue 33), three weeks after the demo is made: the verified demo
 * employer (its jobs and badge shown) and two employers typed in, and a timetable of talks. Made-up
 * names and places.
 */
export const DEMO_CAREER_FAIR = {
  university: "demo-university",
  slug: "demo-university-spring-careers-fair",
  title: "Demo University Spring Careers Fair",
  summary:
    "Meet employers hiring graduates and interns, many of them licensed to sponsor visas. Bring your CV, and come to the talks on working in the UK after your studies.",
  daysAhead: 21,
  start: "10:00",
  end: "16:00",
  timeZone: "Europe/London",
  venue: "Great Hall, Demo University, 1 College Road, London",
  employer: "recruiter@demo-employer.test",
  typedExhibitors: ["Northwind Analytics", "Harbour City Council"],
  talks: [
    {
      title: "Working in the UK after your studies",
      speaker: "Sarah Whitfield, Careers Service",
      start: "10:30",
      end: "11:00",
      room: "Lecture Theatre 1",
    },
    {
      title: "What we look for in a graduate CV",
      speaker: "Morgan Ellis, Demo Employer Ltd",
      start: "12:00",
      end: "12:30",
      room: "Lecture Theatre 1",
    },
    {
      title: "Finding an employer that can sponsor you",
      speaker: "Careers Service",
      start: "14:00",
      end: "14:45",
      room: "Seminar Room 2",
    },
  ],
} as const;
