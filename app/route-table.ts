import { matchRoutes } from "react-router";
import type { GuardKind } from "~/features/access/guard";
// Relative: routes.ts is loaded before the "~" alias exists.
import { GUIDE_SECTIONS, type GuideSection, guardOfPage } from "./features/country-guides/guides";
import type { GuardedRoute } from "~/features/access/guard.server";

/**
 * Every path of the product (spec section 2) with its guard and its area, in one place. app/routes.ts
 * turns the areas into React Router's layout routes, and the guard middleware
 * looks up the guard of the pattern React Router matched here, so a path cannot exist without one.
 */
export type PageRoute = GuardedRoute & {
  path: string;
  title: string;
  /** Route module under app/. */
  module: string;
  /** Route id where the spec names the route. */
  id?: string;
  /** The area (folder and layout) the page belongs to. */
  area: AreaName;
  /** The path's {university_id} brands the page (name, logo, colour) as that university's microsite would. */
  brandedByPath?: boolean;
  /**
   * A GET here writes: it logs someone in (a login starts with a link, and an IdP may answer with a
   * GET), so it writes the login in flight, the account and the session. The one exception to "a GET
   * never writes" (app/db/reads.server.ts).
   */
  getLogsIn?: boolean;
  /**
   * A form posted from another site is taken: an IdP's page posts its SAML answer, which proves itself
   * (its signature, InResponseTo, the browser's cookie). Every other address refuses a cross-site post.
   */
  crossSitePost?: boolean;
};

/** Each area is a folder of app/routes named like its addresses, with a layout (`_layout.tsx`) of its own. */
export type AreaName =
  | "public"
  | "auth"
  | "student"
  | "cv"
  | "cih"
  | "tools"
  | "university"
  | "jumpstart"
  | "ops"
  | "employer"
  | "legacy"
  | "api";
/** `layout`: the area's layout route (its navigation), for areas that have one. */
export type Area = { area: AreaName; layout?: string; pages: PageRoute[] };

/** Legacy category slugs of the old blog and where they live now (spec section 2; "all" per decisions.md). */
export const LEGACY_BLOG_SLUGS: Record<string, string> = {
  advice: "/blog/career-advice",
  "employer-case-studies": "/blog/case-studies",
  trends: "/blog/hiring-trends",
  "featured-success-stories": "/blog/success-stories",
  "official-updates": "/blog/news-updates",
  faq: "/blog/masters-and-graduate-jobs-with-2-2-degree",
  all: "/blog",
};

type Extra = Partial<Omit<PageRoute, "area">> & Pick<PageRoute, "module">;
/** A row of an area: its path, its title, and its module with whatever else it needs (a guard of its own). */
type Row = [path: string, title: string, extra: Extra];
const legacy = (path: string, movedTo: string): Row => [
  path,
  "Moved",
  { module: "routes/legacy/redirect.tsx", movedTo },
];
/** A JSON or text endpoint beside the pages (a resource route): open, and left alone by maintenance mode. */
const endpoint = (path: string, title: string, module: string): Row => [path, title, { module, api: true }];

/**
 * An area of the product: a folder of app/routes. An area with navigation of its own has a layout route
 * (`_layout.tsx`) around its pages; the others' pages sit directly under the root, framed by the site's
 * header and footer alone, so that a page loads no module it does not show. The area's guard applies
 * to every page in it that does not name another.
 */
function area(name: AreaName, guard: GuardKind, pages: Row[], { navigation = false } = {}): Area {
  return {
    area: name,
    ...(navigation ? { layout: `routes/${name}/_layout.tsx` } : {}),
    pages: pages.map(([path, title, extra]) => ({ path, title, ...extra, guard: extra.guard ?? guard, area: name })),
  };
}

/** Every path, in the area (folder and layout) it belongs to. */
export const AREAS: readonly Area[] = [
  area("public", "A", [
    // Home, about and utility pages
    ["/", "Careers for international students", { guard: "home", module: "routes/public/_index.tsx" }],
    ["/about", "About us", { guard: "open", module: "routes/public/about.tsx", id: "about" }],
    ["/505", "Something went wrong", { guard: "open", module: "routes/public/505.tsx" }],
    ["/under-maintenance", "Under maintenance", { guard: "open", module: "routes/public/under-maintenance.tsx" }],
    ["/privacy-policy", "Privacy policy", { guard: "open", module: "routes/public/privacy-policy.tsx" }],
    ["/terms-condition", "Terms and conditions", { guard: "open", module: "routes/public/privacy-policy.tsx" }],
    // Guard A: public unless the deployment is a microsite
    ["/about-us", "About us", { module: "routes/public/about.tsx" }],
    ["/universities/:type?", "Universities", { module: "routes/public/universities.($type).tsx" }],
    ["/immigration-guide", "Immigration guide", { module: "routes/public/immigration-guide.tsx" }],
    ["/faq", "Frequently asked questions", { module: "routes/public/faq.tsx" }],
    ["/careers", "Careers with us", { module: "routes/public/careers.tsx" }],
    ["/success-stories", "Success stories", { module: "routes/public/success-stories.tsx" }],
    ["/share-your-success-story", "Share your success story", { module: "routes/public/share-your-success-story.tsx" }],
    ["/contact-us", "Contact us", { module: "routes/public/contact-us.tsx" }],
    ["/uni-case-study", "University case studies", { module: "routes/public/uni-case-study.tsx" }],
    [
      "/university-case-study/:slug",
      "University case study",
      { module: "routes/public/university-case-study.$slug.tsx" },
    ],
    ["/blog", "Blog", { module: "routes/public/blog.tsx" }],
    // The feed follows the blog's guard: on a microsite only members read it.
    ["/blog/rss.xml", "Blog feed", { module: "routes/public/blog.rss[.]xml.ts" }],
    [
      "/blog/:slug",
      "Blog",
      {
        module: "routes/public/blog.$slug.tsx",
        movedTo: (params) => (params.slug ? LEGACY_BLOG_SLUGS[params.slug] : undefined),
      },
    ],
    ["/author/:slug", "Author", { module: "routes/public/author.$slug.tsx" }],
    ["/campus-ambassadors", "Campus ambassadors", { module: "routes/public/campus-ambassadors.tsx" }],
    ["/jobs", "Jobs", { module: "routes/public/jobs.tsx" }],
    ["/jobs/:slug", "Job", { guard: "A-any", module: "routes/public/jobs.$slug.tsx" }],
    // The job page's apply button: records the application, then the employer's address.
    ["/jobs/:slug/apply", "Apply for a job", { guard: "A-any", module: "routes/public/jobs.$slug.apply.ts" }],
    // Any offer checked as every job is (the API's page).
    ["/check-a-job-offer", "Check a job offer for sponsorship", { module: "routes/public/check-a-job-offer.tsx" }],
    ["/country-guide", "Country guides", { module: "routes/public/country-guide.tsx" }],
    [
      "/country-guide/:slug/overview",
      "Country guide overview",
      { guard: guardOfPage("overview"), module: "routes/public/country-guide.$slug.overview.tsx" },
    ],
    ["/part-time-jobs", "Part-time jobs", { module: "routes/public/part-time-jobs.tsx" }],
    ["/part-time-jobs/:slug", "Part-time job", { module: "routes/public/jobs.$slug.tsx" }],
    // Audience-restricted pages
    ["/employers", "For employers", { guard: "audience", module: "routes/public/employers.tsx" }],
    [
      "/job-seekers-toolkit",
      "Job seekers' toolkit",
      { guard: "audience", module: "routes/public/job-seekers-toolkit.tsx" },
    ],
    [
      "/workshop-and-webinars",
      "Workshops and webinars",
      { guard: "audience", module: "routes/public/workshop-and-webinars.tsx" },
    ],
    // A place at a workshop, from the signed link in its emails (students hold them too).
    [
      "/workshop-and-webinars/registration",
      "Your workshop place",
      { guard: "open", module: "routes/public/workshop-and-webinars.registration.tsx" },
    ],
    // A graduate outcomes survey, from the link in its email alone: alumni whose access has ended answer it too.
    [
      "/graduate-outcomes/survey/:token",
      "Graduate outcomes survey",
      { guard: "open", module: "routes/public/graduate-outcomes.survey.$token.tsx" },
    ],
    ["/partner-with-us", "Partner with us", { guard: "audience", module: "routes/public/partner-with-us.tsx" }],
    // Country guide sections: students need the country guide access flag
    ...(Object.entries(GUIDE_SECTIONS) as [GuideSection, string][]).map(
      ([section, title]): Row => [
        `/country-guide/:slug/${section}`,
        `Country guide: ${title}`,
        { guard: guardOfPage(section), module: "routes/public/country-guide.$slug.overview.tsx" },
      ],
    ),
    // Open pages
    ["/book-a-meeting", "Book a meeting", { guard: "open", module: "routes/public/book-a-meeting.tsx" }],
    // A booked meeting's calendar file, from the signed link in its emails.
    [
      "/book-a-meeting/meeting.ics",
      "Meeting calendar file",
      { guard: "open", module: "routes/public/book-a-meeting.meeting[.]ics.ts" },
    ],
    ["/ebook/:slug", "E-book", { guard: "open", module: "routes/public/ebook.$slug.tsx" }],
    // An e-book's PDF, from the signed, expiring link the e-book's page emails and shows.
    ["/ebook/:slug/download", "E-book download", { guard: "open", module: "routes/public/ebook.$slug.download.ts" }],
    [
      "/unsubscribe-job-newsletter/:email",
      "Unsubscribe from the job newsletter",
      { guard: "open", module: "routes/public/unsubscribe-job-newsletter.$email.tsx" },
    ],
    [
      "/international-student-job-search-report",
      "International student job search report",
      { guard: "open", module: "routes/public/international-student-job-search-report.tsx" },
    ],
    [
      "/uk-work-visa-sponsor-licence-check",
      "UK work visa sponsor licence check",
      { guard: "open", module: "routes/public/uk-work-visa-sponsor-licence-check.tsx" },
    ],
    [
      "/uk-work-visa-sponsor-licence-check/recent-changes",
      "Recent changes to the sponsor register",
      { guard: "open", module: "routes/public/uk-work-visa-sponsor-licence-check.recent-changes.tsx" },
    ],
    [
      "/uk-work-visa-sponsor-licence-check/:slug",
      "Licensed sponsor",
      { guard: "open", module: "routes/public/uk-work-visa-sponsor-licence-check.$slug.tsx" },
    ],
    // SEO landing pages
    ["/jobs-in-london", "Jobs in London", { guard: "open", module: "routes/public/jobs-in-london.tsx" }],
    [
      "/jobs-in-london-finance",
      "Finance jobs in London",
      { guard: "open", module: "routes/public/jobs-in-london.tsx" },
    ],
    ["/india-career-fair", "India career fair", { guard: "open", module: "routes/public/jobs-in-london.tsx" }],
    [
      "/finance-internships-in-london",
      "Finance internships in London",
      { guard: "open", module: "routes/public/jobs-in-london.tsx" },
    ],
    [
      "/visa-sponsored-jobs-in-london",
      "Visa-sponsored jobs in London",
      { guard: "open", module: "routes/public/jobs-in-london.tsx" },
    ],
    [
      "/uk-visa-sponsored-jobs",
      "UK visa-sponsored jobs",
      { guard: "open", module: "routes/public/jobs-in-london.tsx" },
    ],
    [
      "/marketing-jobs-in-london",
      "Marketing jobs in London",
      { guard: "open", module: "routes/public/jobs-in-london.tsx" },
    ],
    ["/internships-in-london", "Internships in London", { guard: "open", module: "routes/public/jobs-in-london.tsx" }],
    ["/internships-in-uk", "Internships in the UK", { guard: "open", module: "routes/public/jobs-in-london.tsx" }],
    [
      "/marketing-internships-in-london",
      "Marketing internships in London",
      { guard: "open", module: "routes/public/jobs-in-london.tsx" },
    ],
    [
      "/law-internships-in-london",
      "Law internships in London",
      { guard: "open", module: "routes/public/jobs-in-london.tsx" },
    ],
    // For search engines
    ["/sitemap.xml", "Sitemap", { guard: "open", module: "routes/public/blog.rss[.]xml.ts" }],
    ["/robots.txt", "Robots", { guard: "open", module: "routes/public/blog.rss[.]xml.ts" }],
  ]),

  area("auth", "C", [
    // Where an account its university has not approved (yet) sees its status: students, graduates and staff alike.
    ["/pre-auth-student", "Student access", { guard: "B", module: "routes/auth/pre-auth-student.tsx" }],
    // Guard C: logged-in users are sent back
    ["/login", "Log in", { module: "routes/auth/login.tsx" }],
    ["/login/user-email-password/:university_id", "Log in", { module: "routes/auth/login.tsx" }],
    // Platform staff's second step: the authenticator code (and its enrolment at the first login).
    ["/login/second-factor", "Two-step login", { module: "routes/auth/login.second-factor.tsx" }],
    ["/register/:university_id", "Register", { module: "routes/auth/register.$university_id.tsx" }],
    [
      "/register/setup-account-redirection/:user_email",
      "Set up your account",
      { module: "routes/auth/register.setup-account-redirection.$user_email.tsx" },
    ],
    [
      "/register/setup-account/update-profile/:user_email",
      "Complete your profile",
      { module: "routes/auth/register.setup-account.update-profile.$user_email.tsx" },
    ],
    [
      "/alumni-student-registration/:university_id",
      "Alumni registration",
      { module: "routes/auth/alumni-student-registration.$university_id.tsx" },
    ],
    ["/register-invite/:user_id", "Accept your invitation", { module: "routes/auth/register-invite.$user_id.tsx" }],
    [
      "/register-uni/:university_id",
      "Register with your university",
      { module: "routes/auth/register.$university_id.tsx", brandedByPath: true },
    ],
    ["/request-access/:university_id", "Request access", { module: "routes/auth/request-access.$university_id.tsx" }],
    [
      "/forgot-password/:university_id",
      "Forgot password",
      { module: "routes/auth/forgot-password.$university_id.tsx" },
    ],
    // Accounts of no university (employers, platform staff) ask on the main site.
    ["/forgot-password", "Forgot password", { module: "routes/auth/forgot-password.tsx" }],
    ["/reset-password/:token", "Reset password", { module: "routes/auth/reset-password.$token.tsx" }],
    ["/referral/:slug", "Join through a referral", { module: "routes/auth/referral.$slug.tsx" }],
    [
      "/university-user-registration",
      "University staff registration",
      { module: "routes/auth/university-user-registration.tsx" },
    ],
    ["/jumpstart-login", "Pre-departure log in", { module: "routes/auth/login.tsx" }],
    [
      "/jumpstart-login/:university_id",
      "Pre-departure log in",
      { module: "routes/auth/login.tsx", brandedByPath: true },
    ],
    [
      "/jumpstart-register/:university_id",
      "Pre-departure registration",
      { module: "routes/auth/jumpstart-register.$university_id.tsx", brandedByPath: true },
    ],
    ["/login-success", "Logged in", { guard: "open", module: "routes/auth/login-success.tsx" }],
    // Single sign-on: a login starts at the university's IdP and its answer comes back here.
    [
      "/sso/:university",
      "Log in with your university",
      { guard: "open", module: "routes/auth/sso.$university.tsx", getLogsIn: true },
    ],
    [
      "/sso/oidc/:university/callback",
      "Log in with your university",
      { guard: "open", module: "routes/auth/sso.oidc.$university.callback.tsx", getLogsIn: true },
    ],
    [
      "/sso/saml/:university/acs",
      "Log in with your university",
      { guard: "open", module: "routes/auth/sso.saml.$university.acs.tsx", crossSitePost: true },
    ],
    // Account actions
    ["/logout", "Log out", { guard: "open", module: "routes/auth/logout.tsx" }],
    // Your data (GDPR): every logged-in role downloads what is held about them, or deletes the account.
    ["/account/your-data.json", "Your data", { guard: "B", module: "routes/auth/account.your-data[.]json.ts" }],
    ["/account/delete", "Delete your account", { guard: "B", module: "routes/auth/account.delete.tsx" }],
  ]),

  area(
    "student",
    "B",
    [
      [
        "/student-dashboard",
        "Student dashboard",
        { guard: "student-only", module: "routes/student/student-dashboard.tsx" },
      ],
      ["/my-journey", "My journey", { module: "routes/student/my-journey.tsx" }],
      ["/my-saved-jobs", "My saved jobs", { module: "routes/student/my-saved-jobs.tsx" }],
      // Applications to employers' jobs (issue 31): the apply form of a job's page posts here too.
      ["/my-applications", "My applications", { guard: "student-only", module: "routes/student/my-applications.tsx" }],
      // Appointments with the careers service's advisers (issue 33), linked from the dashboard.
      ["/appointments", "Appointments", { guard: "student-only", module: "routes/student/appointments.tsx" }],
      // Career fairs (issue 33): any logged-in person sees those they may attend; students register for a ticket.
      ["/career-fairs", "Career fairs", { module: "routes/student/career-fairs.tsx" }],
      ["/career-fairs/:slug", "Career fair", { module: "routes/student/career-fairs.$slug.tsx" }],
      ["/achievements", "Achievements", { module: "routes/student/achievements.tsx" }],
      ["/edit-profile", "Edit profile", { module: "routes/student/edit-profile.tsx" }],
      ["/student-change-password", "Change password", { module: "routes/student/student-change-password.tsx" }],
      ["/student-login", "Choose your campus", { module: "routes/student/student-login.tsx" }],
      // The visa clock's dates as calendar reminders (/my-journey's download).
      [
        "/my-journey/visa-dates.ics",
        "Visa dates calendar",
        { module: "routes/student/my-journey.visa-dates[.]ics.ts" },
      ],
    ],
    { navigation: true },
  ),

  area(
    "cv",
    "B",
    [
      ["/my-cvs", "My CVs", { module: "routes/cv/my-cvs.tsx" }],
      ["/choose-template", "Choose a CV template", { module: "routes/cv/choose-template.tsx" }],
      ["/create-cv", "Create a CV", { module: "routes/cv/create-cv.tsx" }],
      ["/cv-preview", "CV preview", { module: "routes/cv/cv-preview.tsx" }],
      ["/final-preview", "Final CV preview", { module: "routes/cv/final-preview.tsx" }],
      ["/download-cv", "Download CV", { module: "routes/cv/download-cv.tsx" }],
    ],
    { navigation: true },
  ),

  area(
    "cih",
    "B",
    [
      ["/cih", "Career ignition hub", { guard: "cih", checkurl: "cih", module: "routes/cih/_index.tsx" }],
      ["/cih/standard", "Career ignition hub: standard videos", { guard: "open", module: "routes/cih/standard.tsx" }],
      ["/cih/standard/:slug", "Career video", { guard: "open", module: "routes/cih/standard.$slug.tsx" }],
      ["/cih/premium", "Career ignition hub: premium courses", { module: "routes/cih/premium.tsx" }],
      [
        "/cih/premium/:courseslug/:slug",
        "Premium career video",
        { module: "routes/cih/premium.$courseslug.$slug.tsx" },
      ],
      ["/cih/saved-videos", "Saved videos", { module: "routes/cih/saved-videos.tsx" }],
      ["/cih-ad", "Career ignition hub", { module: "routes/cih/cih-ad.tsx" }],
    ],
    { navigation: true },
  ),

  area("tools", "B", [
    // Tools for logged-in users
    [
      "/sponsorship-licence-checker",
      "Sponsorship licence checker",
      { module: "routes/tools/sponsorship-licence-checker.tsx" },
    ],
    [
      "/skilled-migration-points-calculator-australia",
      "Skilled migration points calculator (Australia)",
      { module: "routes/tools/skilled-migration-points-calculator-australia.tsx" },
    ],
  ]),

  area(
    "university",
    "university-admin-only",
    [
      ["/university-dashboard", "University dashboard", { module: "routes/university/university-dashboard.tsx" }],
      ["/visa-job-analytics", "Visa job analytics", { module: "routes/university/visa-job-analytics.tsx" }],
      [
        "/home-country-job-analytics",
        "Home country job analytics",
        { module: "routes/university/home-country-job-analytics.tsx" },
      ],
      [
        "/student-circus-analytics",
        "Student engagement analytics",
        { module: "routes/university/student-circus-analytics.tsx" },
      ],
      [
        "/graduate-outcomes-analytics",
        "Graduate outcomes analytics",
        { module: "routes/university/graduate-outcomes-analytics.tsx" },
      ],
      [
        "/university-user-profile/:type?",
        "University user profile",
        { module: "routes/university/university-user-profile.($type).tsx" },
      ],
      // The student records tab, an address of its own for the body limit of its 20 MB upload.
      [
        "/university-user-profile/roster",
        "University user profile: student records",
        { module: "routes/university/university-user-profile.($type).tsx" },
      ],
      [
        "/analytics-csv/:report/:table",
        "Analytics table (CSV)",
        { module: "routes/university/analytics-csv.$report.$table.ts" },
      ],
      [
        "/university-dashboard/employers",
        "Employers",
        { module: "routes/university/university-dashboard.employers.tsx" },
      ],
      // Career fairs (issue 33): the university's own, set up here, and the door of each (and of the platform's).
      [
        "/university-dashboard/career-fairs",
        "Career fairs",
        { module: "routes/university/university-dashboard.career-fairs.tsx" },
      ],
      [
        "/university-dashboard/career-fairs/new",
        "Set up a career fair",
        { module: "routes/university/university-dashboard.career-fairs.new.tsx" },
      ],
      [
        "/university-dashboard/career-fairs/:slug",
        "A career fair",
        { module: "routes/university/university-dashboard.career-fairs.$slug.tsx" },
      ],
      [
        "/university-dashboard/career-fairs/:slug/check-in",
        "Career fair check-in",
        { module: "routes/university/university-dashboard.career-fairs.$slug.check-in.tsx" },
      ],
      [
        "/university-dashboard/career-fairs/:slug/registrations.csv",
        "Career fair registrations (CSV)",
        { module: "routes/university/university-dashboard.career-fairs.$slug.registrations[.]csv.ts" },
      ],
      [
        "/university-dashboard/students.csv",
        "Student list (CSV)",
        { module: "routes/university/university-dashboard.students[.]csv.ts" },
      ],
      [
        "/career-manual/:university_id",
        "Career manual",
        { guard: "B", module: "routes/university/career-manual.$university_id.tsx" },
      ],
      // The careers service's side of appointments (issue 33): an adviser's day, the student of an
      // appointment (their profile and CV), and the advisers' and kinds' settings.
      [
        "/university-dashboard/appointments",
        "Appointments",
        { module: "routes/university/university-dashboard.appointments.tsx" },
      ],
      [
        "/university-dashboard/appointments/:id/student",
        "The student of an appointment",
        { module: "routes/university/university-dashboard.appointments.$id.student.tsx" },
      ],
      [
        "/university-dashboard/appointments/:id/cv.pdf",
        "The CV of an appointment's student",
        { module: "routes/university/university-dashboard.appointments.$id.cv[.]pdf.ts" },
      ],
      [
        "/university-dashboard/appointments/settings",
        "Appointment settings",
        { module: "routes/university/university-dashboard.appointments.settings.tsx" },
      ],
      [
        "/university-dashboard/appointments/settings/advisers/:id",
        "An adviser's settings",
        { module: "routes/university/university-dashboard.appointments.settings.advisers.$id.tsx" },
      ],
    ],
    { navigation: true },
  ),

  // The operations console: platform staff only, on the main site; 404 for everyone else.
  area(
    "ops",
    "ops",
    [
      ["/ops", "Operations console", { module: "routes/ops/_index.tsx" }],
      ["/ops/universities", "Operations: universities", { module: "routes/ops/universities.tsx" }],
      ["/ops/universities/new", "Operations: add a university", { module: "routes/ops/universities.new.tsx" }],
      ["/ops/universities/:id", "Operations: a university", { module: "routes/ops/universities.$id.tsx" }],
      ["/ops/users", "Operations: people", { module: "routes/ops/users.tsx" }],
      ["/ops/users/:id", "Operations: a person", { module: "routes/ops/users.$id.tsx" }],
      ["/ops/moderation", "Operations: moderation", { module: "routes/ops/moderation.tsx" }],
      ["/ops/moderation/:kind/:id", "Operations: moderation item", { module: "routes/ops/moderation.$kind.$id.tsx" }],
      ["/ops/enquiries", "Operations: enquiries", { module: "routes/ops/enquiries.tsx" }],
      ["/ops/enquiries/:id", "Operations: enquiry", { module: "routes/ops/enquiries.$id.tsx" }],
      ["/ops/sponsor-register", "Operations: sponsor register", { module: "routes/ops/sponsor-register.tsx" }],
      ["/ops/email", "Operations: email outbox", { module: "routes/ops/email.tsx" }],
      ["/ops/email/:id", "Operations: one email", { module: "routes/ops/email.$id.tsx" }],
      ["/ops/queue", "Operations: job queue", { module: "routes/ops/queue.tsx" }],
      ["/ops/job-sources", "Operations: job sources", { module: "routes/ops/job-sources.tsx" }],
      ["/ops/job-sources/:id", "Operations: a job source", { module: "routes/ops/job-sources.$id.tsx" }],
      // The platform's career fairs, for every university's students (issue 33).
      ["/ops/career-fairs", "Operations: career fairs", { module: "routes/ops/career-fairs.tsx" }],
      ["/ops/career-fairs/new", "Operations: set up a career fair", { module: "routes/ops/career-fairs.new.tsx" }],
      ["/ops/career-fairs/:slug", "Operations: a career fair", { module: "routes/ops/career-fairs.$slug.tsx" }],
      ["/ops/audit", "Operations: audit log", { module: "routes/ops/audit.tsx" }],
      ["/ops/audit.csv", "Operations: audit log (CSV)", { module: "routes/ops/audit[.]csv.ts" }],
    ],
    { navigation: true },
  ),

  // Employers (issue 31): registering is for visitors; the rest is an active employer account's own.
  area("employer", "employer-only", [
    ["/employer/register", "Register as an employer", { guard: "C", module: "routes/employer/register.tsx" }],
    ["/employer-dashboard", "Employer dashboard", { module: "routes/employer/employer-dashboard.tsx" }],
    ["/employer/colleagues", "Colleagues", { module: "routes/employer/colleagues.tsx" }],
    ["/employer/jobs/:id/applicants", "Applicants", { module: "routes/employer/jobs.$id.applicants.tsx" }],
    [
      "/employer/jobs/:id/applicants/:applicationId/cv.pdf",
      "An applicant's CV",
      { module: "routes/employer/jobs.$id.applicants.$applicationId.cv[.]pdf.ts" },
    ],
    ["/employer/jobs", "Your jobs", { module: "routes/employer/jobs.tsx" }],
    ["/employer/jobs/new", "Post a job", { module: "routes/employer/jobs.new.tsx" }],
    ["/employer/jobs/verdict", "Live sponsorship verdict", { module: "routes/employer/jobs.verdict.ts", api: true }],
    ["/employer/jobs/:id/edit", "Edit a job", { module: "routes/employer/jobs.$id.edit.tsx" }],
    ["/employer/jobs/:id/preview", "Preview a job", { module: "routes/employer/jobs.$id.preview.tsx" }],
  ]),

  area(
    "jumpstart",
    "D",
    [
      [
        "/jumpstart",
        "Jumpstart: prepare before you travel",
        { guard: "jumpstart", module: "routes/jumpstart/_index.tsx" },
      ],
      [
        "/jumpstart-dashboard",
        "Jumpstart dashboard",
        { guard: "jumpstart-dashboard", module: "routes/jumpstart/jumpstart-dashboard.tsx" },
      ],
      ["/jumpstart/resources", "Pre-departure resources", { module: "routes/jumpstart/resources.tsx" }],
      ["/jumpstart/top-30-employers", "Top 30 employers", { module: "routes/jumpstart/top-30-employers.tsx" }],
      [
        "/jumpstart/linkedin-starter-playbook",
        "LinkedIn starter playbook",
        { module: "routes/jumpstart/resources.tsx" },
      ],
      [
        "/jumpstart/linkedin-starter-playbook/:slug",
        "LinkedIn starter playbook",
        { module: "routes/jumpstart/linkedin-starter-playbook.$slug.tsx" },
      ],
      ["/jumpstart/reading-list", "Reading list", { guard: "B", module: "routes/jumpstart/resources.tsx" }],
      [
        "/jumpstart/reading-list/:slug",
        "Reading list",
        { guard: "B", module: "routes/jumpstart/linkedin-starter-playbook.$slug.tsx" },
      ],
      ["/jumpstart/part-time-jobs", "Part-time jobs for new arrivals", { module: "routes/public/part-time-jobs.tsx" }],
      [
        "/jumpstart/employability-video-guide",
        "Employability video guide",
        { guard: "open", module: "routes/cih/standard.tsx" },
      ],
      [
        "/jumpstart/employability-video-guide/:slug",
        "Employability video",
        { guard: "open", module: "routes/cih/standard.$slug.tsx" },
      ],
      [
        "/jumpstart-edit-profile",
        "Edit your pre-departure profile",
        { module: "routes/jumpstart/jumpstart-edit-profile.tsx" },
      ],
      ["/jumpstart-change-password", "Change password", { module: "routes/student/student-change-password.tsx" }],
    ],
    { navigation: true },
  ),

  area("legacy", "open", [
    // Legacy addresses (301)
    legacy("/success-stories-form", "/share-your-success-story"),
    legacy("/amber-student", "/"),
    legacy("/career-ignition-hub", "/cih"),
    legacy("/career-ignition-hub/records", "/cih/standard"),
    legacy("/blog/blogs/view", "/blog"),
    legacy("/blog/blogs/index/:slug/:slug1?", "/blog"),
    ["/blog/blogs/view/:slug", "Moved", { module: "routes/legacy/blogs.$slug.tsx" }],
    ["/blogs/:slug", "Moved", { module: "routes/legacy/blogs.$slug.tsx" }],
    ["/blogs/category/:slug", "Moved", { module: "routes/legacy/blogs.$slug.tsx" }],
  ]),

  area("api", "open", [
    // JSON and text endpoints (the two access checks of spec section 7 are answered ahead of React Router: server/access-checks.ts)
    endpoint("/check-blog-slug/:slug", "Blog slug check", "routes/api/check-blog-slug.$slug.ts"),
    endpoint("/get-blog-detail/:slug", "Blog detail check", "routes/api/check-blog-slug.$slug.ts"),
    endpoint("/api/ip-country", "Country look-up", "routes/api/ip-country.ts"),
    endpoint("/api/sponsors", "Sponsor search", "routes/api/sponsors.ts"),
    endpoint("/api/sponsors/suggest", "Sponsor suggestions", "routes/api/sponsors.ts"),
    endpoint("/api/au-points", "Points calculation", "routes/api/au-points.ts"),
    endpoint("/api/sponsorship-eligibility", "Sponsorship eligibility", "routes/api/sponsorship-eligibility.ts"),
    endpoint("/api/jobs", "Job search", "routes/api/jobs.ts"),
    endpoint("/api/page-views", "Pages seen", "routes/api/page-views.ts"),
    // The CV builder's API: each answers only the CV's owner (another person's CV is 404).
    endpoint("/api/cvs", "CVs", "routes/api/cvs.ts"),
    endpoint("/api/cvs/:id", "CV", "routes/api/cvs.$id.ts"),
    endpoint("/api/cvs/:id/restore", "CV restore", "routes/api/cvs.$id.restore.ts"),
    endpoint("/api/cvs/:id/photo", "CV photo", "routes/api/cvs.$id.photo.ts"),
    endpoint("/api/cvs/:id/pdf", "CV as PDF", "routes/api/cvs.$id.pdf.ts"),
    endpoint("/api/cvs/:id/docx", "CV as DOCX", "routes/api/cvs.$id.pdf.ts"),
    endpoint("/api/cvs/:id/json", "CV as JSON Resume", "routes/api/cvs.$id.pdf.ts"),
    endpoint("/api/cvs/:id/ats-check", "CV ATS check", "routes/api/cvs.$id.pdf.ts"),
    endpoint("/api/cvs/:id/pages/:page", "CV page image", "routes/api/cvs.$id.pdf.ts"),
    endpoint("/api/cv-samples/:template", "CV template sample", "routes/api/cv-samples.$template.ts"),
    // The career video hub's API and files: a premium video's files answer 403 to anyone without premium access.
    endpoint("/api/cih/videos", "Career video search", "routes/api/cih.videos.ts"),
    endpoint("/api/cih/videos/:slug", "Career video", "routes/api/cih.videos.ts"),
    endpoint("/api/cih/progress", "Career video progress", "routes/api/cih.videos.ts"),
    endpoint("/api/cih/progress/:slug", "Career video progress", "routes/api/cih.videos.ts"),
    endpoint("/api/cih/saved/:slug", "Saved career video", "routes/api/cih.videos.ts"),
    endpoint("/api/cih/preferences", "Career video preferences", "routes/api/cih.videos.ts"),
    endpoint("/media/videos/:name", "Career video file", "routes/api/media.videos.$name.ts"),
    // A university's student records, pushed by its record system with one of its keys (Bearer): the key is the guard.
    endpoint("/api/roster", "Student records sync", "routes/api/roster.ts"),
    // A university's uploaded logo ({slug}.{hash}.{png|svg}), for its microsite's header: open, cached for good.
    endpoint("/university-logo/:file", "University logo", "routes/api/university-logo.$file.ts"),
    // An adviser's private calendar feed (issue 33): the secret in the address is the guard.
    endpoint("/appointments/calendar/:file", "Adviser's calendar feed", "routes/api/appointments.calendar.$file.ts"),
    endpoint(
      "/sso/saml/:university/metadata",
      "SAML service provider metadata",
      "routes/api/sso.saml.$university.metadata.ts",
    ),
    // The operations endpoints (issue 34): answered by server/operations.ts ahead of the host check, for
    // load balancers probe by address; listed so that the request log and the metrics name them.
    endpoint("/healthz", "Liveness probe", "routes/api/healthz.ts"),
    endpoint("/readyz", "Readiness probe", "routes/api/healthz.ts"),
    endpoint("/metrics", "Metrics", "routes/api/healthz.ts"),
  ]),
];

export const PAGE_ROUTES: readonly PageRoute[] = AREAS.flatMap((a) => a.pages);

const byPattern = new Map(PAGE_ROUTES.map((r) => [r.path, r]));

/** The table entry for a pattern React Router matched (the `pattern` its loaders and middleware get). */
export function routeForPattern(pattern: string): PageRoute | undefined {
  return byPattern.get(pattern);
}

/** A path's first segment as React Router compares it: percent-decoded, and case-insensitively. */
function firstSegment(pathname: string): string {
  const raw = pathname.split("/")[1] ?? "";
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * The table's routes by their first segment, which is a literal in every pattern (the route table's
 * test holds it so): a route can answer only a path whose first segment is its own, so React Router
 * ranks the few of that segment instead of the whole table (matchRoutes compiles every pattern it is
 * given at each call: about 0.7 ms for the whole table, and the request log and metrics name every
 * request's pattern).
 */
const matchableBySegment = Map.groupBy(
  PAGE_ROUTES.map((r) => ({ path: r.path })),
  (r) => firstSegment(r.path),
);
function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** Patterns of the paths met lately: most requests are for a few hundred paths. Emptied when full. */
const patternsMet = new Map<string, string | null>();

/**
 * The pattern of the table's route that answers `target` (a path, its query ignored), or null for none,
 * and for an address that is not valid percent-encoding: no page answers one (server/app.ts refuses it
 * with 400), and React Router would print a warning for each.
 */
export function patternOf(target: string): string | null {
  const pathname = target.replace(/[?#].*$/s, "");
  const met = patternsMet.get(pathname);
  if (met !== undefined) return met;
  const group = matchableBySegment.get(firstSegment(pathname));
  const pattern = (group && decodable(pathname) && matchRoutes(group, pathname)?.at(-1)?.route.path) || null;
  if (patternsMet.size >= 4_000) patternsMet.clear();
  patternsMet.set(pathname, pattern);
  return pattern;
}

/** A stable route id from a path: "/cih/premium/:courseslug/:slug" gives "cih.premium.$courseslug.$slug". */
export function routeId(r: PageRoute): string {
  if (r.id) return r.id;
  if (r.path === "/") return "home";
  return r.path
    .slice(1)
    .replace(/:([\w]+)\?/g, "$$$1-optional")
    .replace(/:/g, "$")
    .replace(/\//g, ".");
}

/**
 * The first segments of the addresses whose GET logs someone in: a GET elsewhere is known to be a
 * read without ranking the table for its pattern.
 */
const LOGIN_GET_SEGMENTS = new Set(PAGE_ROUTES.filter((r) => r.getLogsIn).map((r) => r.path.split("/")[1]));

/** Whether a GET of `target` logs someone in (`getLogsIn`), and so may write. */
export function getLogsIn(target: string): boolean {
  if (!LOGIN_GET_SEGMENTS.has(target.split(/[/?#]/)[1] ?? "")) return false;
  const pattern = patternOf(target);
  return !!pattern && !!byPattern.get(pattern)?.getLogsIn;
}

/** Pages a logged-in user is bounced from, plus account actions: never a place to send someone "back" to. */
export const NOT_A_DESTINATION: readonly string[] = [
  ...PAGE_ROUTES.filter((r) => r.guard === "C").map((r) => r.path),
  "/login-success",
  "/logout",
];
