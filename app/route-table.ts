import { matchRoutes } from "react-router";
import type { GuardKind } from "~/features/access/guard";
// Relative: routes.ts is loaded before the "~" alias exists.
import { GUIDE_SECTIONS, type GuideSection, guardOfPage } from "./features/country-guides/guides";
import type { GuardedRoute } from "~/features/access/guard.server";

/**
 * Every path of the product (spec section 2) with its guard, in one place. app/routes.ts turns
 * this tree into React Router's routes (areas become layout routes), and the guard middleware
 * looks up the guard of the pattern React Router matched here, so a path cannot exist without one.
 */
export type PageRoute = GuardedRoute & {
  path: string;
  title: string;
  /** Route module under app/. */
  module: string;
  /** Route id where the spec names the route. */
  id?: string;
  /** The area (layout) the page belongs to. */
  area?: AreaName;
  /** The path's {university_id} brands the page (name, logo, colour) as that university's microsite would. */
  brandedByPath?: boolean;
};

export type AreaName = "student" | "cv-builder" | "career-hub" | "jumpstart" | "university";
export type Area = { area: AreaName; layout: string; pages: PageRoute[] };

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

type Extra = Partial<PageRoute> & Pick<PageRoute, "module">;
const page = (path: string, guard: GuardKind, title: string, extra: Extra): PageRoute => ({
  path,
  guard,
  title,
  ...extra,
});
const legacy = (path: string, movedTo: string): PageRoute =>
  page(path, "open", "Moved", { module: "routes/legacy-redirect.tsx", movedTo });
/** A JSON or text endpoint beside the pages (a resource route): open, and left alone by maintenance mode. */
const endpoint = (path: string, title: string, module: string): PageRoute =>
  page(path, "open", title, { module, api: true });

/**
 * An area of the product with a layout of its own (its navigation). Its guard applies to every
 * page in it that does not name another.
 */
function area(name: AreaName, guard: GuardKind, pages: [path: string, title: string, extra: Extra][]): Area {
  return {
    area: name,
    layout: `routes/layouts/${name}.tsx`,
    pages: pages.map(([path, title, extra]) => page(path, extra.guard ?? guard, title, { ...extra, area: name })),
  };
}

export const ROUTE_TREE: readonly (PageRoute | Area)[] = [
  // Home, about and utility pages
  page("/", "home", "Careers for international students", { module: "routes/home.tsx" }),
  page("/about", "open", "About us", { module: "routes/about.tsx", id: "about" }),
  page("/505", "open", "Something went wrong", { module: "routes/server-error.tsx" }),
  page("/under-maintenance", "open", "Under maintenance", { module: "routes/under-maintenance.tsx" }),
  page("/privacy-policy", "open", "Privacy policy", { module: "routes/legal.tsx" }),
  page("/terms-condition", "open", "Terms and conditions", { module: "routes/legal.tsx" }),

  // Guard A: public unless the deployment is a microsite
  page("/about-us", "A", "About us", { module: "routes/about.tsx" }),
  page("/universities/:type?", "A", "Universities", { module: "routes/universities.tsx" }),
  page("/immigration-guide", "A", "Immigration guide", { module: "routes/immigration-guide.tsx" }),
  page("/faq", "A", "Frequently asked questions", { module: "routes/faq.tsx" }),
  page("/careers", "A", "Careers with us", { module: "routes/careers.tsx" }),
  page("/success-stories", "A", "Success stories", { module: "routes/success-stories.tsx" }),
  page("/share-your-success-story", "A", "Share your success story", { module: "routes/share-your-success-story.tsx" }),
  page("/contact-us", "A", "Contact us", { module: "routes/contact-us.tsx" }),
  page("/uni-case-study", "A", "University case studies", { module: "routes/case-studies.tsx" }),
  page("/university-case-study/:slug", "A", "University case study", { module: "routes/case-study.tsx" }),
  page("/blog", "A", "Blog", { module: "routes/blog.tsx" }),
  // The feed follows the blog's guard: on a microsite only members read it.
  page("/blog/rss.xml", "A", "Blog feed", { module: "routes/feed.ts" }),
  page("/blog/:slug", "A", "Blog", {
    module: "routes/blog-slug.tsx",
    movedTo: (params) => (params.slug ? LEGACY_BLOG_SLUGS[params.slug] : undefined),
  }),
  page("/author/:slug", "A", "Author", { module: "routes/author.tsx" }),
  page("/campus-ambassadors", "A", "Campus ambassadors", { module: "routes/campus-ambassadors.tsx" }),
  page("/jobs", "A", "Jobs", { module: "routes/jobs.tsx" }),
  page("/jobs/:slug", "A-any", "Job", { module: "routes/job.tsx" }),
  // The job page's apply button: records the application, then the employer's address.
  page("/jobs/:slug/apply", "A-any", "Apply for a job", { module: "routes/job-apply.ts" }),
  // Any offer checked as every job is (the API's page).
  page("/check-a-job-offer", "A", "Check a job offer for sponsorship", { module: "routes/check-a-job-offer.tsx" }),
  page("/country-guide", "A", "Country guides", { module: "routes/country-guides.tsx" }),
  page("/country-guide/:slug/overview", guardOfPage("overview"), "Country guide overview", {
    module: "routes/country-guide.tsx",
  }),
  page("/part-time-jobs", "A", "Part-time jobs", { module: "routes/part-time-jobs.tsx" }),
  page("/part-time-jobs/:slug", "A", "Part-time job", { module: "routes/job.tsx" }),

  // Audience-restricted pages
  page("/employers", "audience", "For employers", { module: "routes/employers.tsx" }),
  page("/job-seekers-toolkit", "audience", "Job seekers' toolkit", { module: "routes/job-seekers-toolkit.tsx" }),
  page("/workshop-and-webinars", "audience", "Workshops and webinars", { module: "routes/workshop-and-webinars.tsx" }),
  // A place at a workshop, from the signed link in its emails (students hold them too).
  page("/workshop-and-webinars/registration", "open", "Your workshop place", {
    module: "routes/workshop-registration.tsx",
  }),
  page("/partner-with-us", "audience", "Partner with us", { module: "routes/partner-with-us.tsx" }),

  // Country guide sections: students need the country guide access flag
  ...(Object.entries(GUIDE_SECTIONS) as [GuideSection, string][]).map(([section, title]) =>
    page(`/country-guide/:slug/${section}`, guardOfPage(section), `Country guide: ${title}`, {
      module: "routes/country-guide.tsx",
    }),
  ),

  // The student's own pages
  area("student", "B", [
    ["/student-dashboard", "Student dashboard", { guard: "student-only", module: "routes/student-dashboard.tsx" }],
    ["/my-journey", "My journey", { module: "routes/my-journey.tsx" }],
    ["/my-saved-jobs", "My saved jobs", { module: "routes/my-saved-jobs.tsx" }],
    ["/achievements", "Achievements", { module: "routes/achievements.tsx" }],
    ["/edit-profile", "Edit profile", { module: "routes/edit-profile.tsx" }],
    ["/student-change-password", "Change password", { module: "routes/change-password.tsx" }],
    ["/student-login", "Choose your campus", { module: "routes/student-login.tsx" }],
  ]),

  // The visa clock's dates as calendar reminders (/my-journey's download).
  page("/my-journey/visa-dates.ics", "B", "Visa dates calendar", { module: "routes/visa-dates-ics.ts" }),

  // Where an account its university has not approved (yet) sees its status: students, graduates and staff alike.
  page("/pre-auth-student", "B", "Student access", { module: "routes/pre-auth-student.tsx" }),

  // The CV builder
  area("cv-builder", "B", [
    ["/my-cvs", "My CVs", { module: "routes/my-cvs.tsx" }],
    ["/choose-template", "Choose a CV template", { module: "routes/choose-template.tsx" }],
    ["/create-cv", "Create a CV", { module: "routes/create-cv.tsx" }],
    ["/cv-preview", "CV preview", { module: "routes/cv-preview.tsx" }],
    ["/final-preview", "Final CV preview", { module: "routes/final-preview.tsx" }],
    ["/download-cv", "Download CV", { module: "routes/download-cv.tsx" }],
  ]),

  // The career hub: each page has its own guard in the spec
  area("career-hub", "B", [
    ["/cih", "Career ignition hub", { guard: "cih", checkurl: "cih", module: "routes/cih.tsx" }],
    ["/cih/standard", "Career ignition hub: standard videos", { guard: "open", module: "routes/cih-library.tsx" }],
    ["/cih/standard/:slug", "Career video", { guard: "open", module: "routes/cih-video.tsx" }],
    ["/cih/premium", "Career ignition hub: premium courses", { module: "routes/cih-premium.tsx" }],
    ["/cih/premium/:courseslug/:slug", "Premium career video", { module: "routes/cih-lesson.tsx" }],
    ["/cih/saved-videos", "Saved videos", { module: "routes/cih-saved.tsx" }],
    ["/cih-ad", "Career ignition hub", { module: "routes/cih-ad.tsx" }],
  ]),

  // Tools for logged-in users
  page("/sponsorship-licence-checker", "B", "Sponsorship licence checker", {
    module: "routes/sponsorship-licence-checker.tsx",
  }),
  page("/skilled-migration-points-calculator-australia", "B", "Skilled migration points calculator (Australia)", {
    module: "routes/au-points.tsx",
  }),

  // The university's side
  area("university", "university-admin-only", [
    ["/university-dashboard", "University dashboard", { module: "routes/university-dashboard.tsx" }],
    ["/visa-job-analytics", "Visa job analytics", { module: "routes/visa-job-analytics.tsx" }],
    ["/home-country-job-analytics", "Home country job analytics", { module: "routes/home-country-job-analytics.tsx" }],
    ["/student-circus-analytics", "Student engagement analytics", { module: "routes/student-circus-analytics.tsx" }],
    ["/university-user-profile/:type?", "University user profile", { module: "routes/university-user-profile.tsx" }],
    ["/analytics-csv/:report/:table", "Analytics table (CSV)", { module: "routes/analytics-csv.ts" }],
    ["/university-dashboard/students.csv", "Student list (CSV)", { module: "routes/university-students-csv.ts" }],
    ["/career-manual/:university_id", "Career manual", { guard: "B", module: "routes/career-manual.tsx" }],
  ]),

  // Pre-departure (jumpstart) area
  area("jumpstart", "D", [
    ["/jumpstart", "Jumpstart: prepare before you travel", { guard: "jumpstart", module: "routes/jumpstart.tsx" }],
    [
      "/jumpstart-dashboard",
      "Jumpstart dashboard",
      { guard: "jumpstart-dashboard", module: "routes/jumpstart-dashboard.tsx" },
    ],
    ["/jumpstart/resources", "Pre-departure resources", { module: "routes/jumpstart-articles.tsx" }],
    ["/jumpstart/top-30-employers", "Top 30 employers", { module: "routes/jumpstart-top-employers.tsx" }],
    ["/jumpstart/linkedin-starter-playbook", "LinkedIn starter playbook", { module: "routes/jumpstart-articles.tsx" }],
    [
      "/jumpstart/linkedin-starter-playbook/:slug",
      "LinkedIn starter playbook",
      { module: "routes/jumpstart-article.tsx" },
    ],
    ["/jumpstart/reading-list", "Reading list", { guard: "B", module: "routes/jumpstart-articles.tsx" }],
    ["/jumpstart/reading-list/:slug", "Reading list", { guard: "B", module: "routes/jumpstart-article.tsx" }],
    ["/jumpstart/part-time-jobs", "Part-time jobs for new arrivals", { module: "routes/part-time-jobs.tsx" }],
    [
      "/jumpstart/employability-video-guide",
      "Employability video guide",
      { guard: "open", module: "routes/cih-library.tsx" },
    ],
    [
      "/jumpstart/employability-video-guide/:slug",
      "Employability video",
      { guard: "open", module: "routes/cih-video.tsx" },
    ],
    ["/jumpstart-edit-profile", "Edit your pre-departure profile", { module: "routes/jumpstart-edit-profile.tsx" }],
    ["/jumpstart-change-password", "Change password", { module: "routes/change-password.tsx" }],
  ]),

  // Open pages
  page("/book-a-meeting", "open", "Book a meeting", { module: "routes/book-a-meeting.tsx" }),
  // A booked meeting's calendar file, from the signed link in its emails.
  page("/book-a-meeting/meeting.ics", "open", "Meeting calendar file", { module: "routes/meeting-ics.ts" }),
  page("/ebook/:slug", "open", "E-book", { module: "routes/ebook.tsx" }),
  // An e-book's PDF, from the signed, expiring link the e-book's page emails and shows.
  page("/ebook/:slug/download", "open", "E-book download", { module: "routes/ebook-download.ts" }),
  page("/unsubscribe-job-newsletter/:email", "open", "Unsubscribe from the job newsletter", {
    module: "routes/unsubscribe-job-newsletter.tsx",
  }),
  page("/international-student-job-search-report", "open", "International student job search report", {
    module: "routes/job-search-report.tsx",
  }),
  page("/uk-work-visa-sponsor-licence-check", "open", "UK work visa sponsor licence check", {
    module: "routes/sponsor-licence-check.tsx",
  }),
  page("/uk-work-visa-sponsor-licence-check/recent-changes", "open", "Recent changes to the sponsor register", {
    module: "routes/sponsor-recent-changes.tsx",
  }),
  page("/uk-work-visa-sponsor-licence-check/:slug", "open", "Licensed sponsor", {
    module: "routes/sponsor-organisation.tsx",
  }),

  // SEO landing pages
  page("/jobs-in-london", "open", "Jobs in London", { module: "routes/job-landing.tsx" }),
  page("/jobs-in-london-finance", "open", "Finance jobs in London", { module: "routes/job-landing.tsx" }),
  page("/india-career-fair", "open", "India career fair", { module: "routes/job-landing.tsx" }),
  page("/finance-internships-in-london", "open", "Finance internships in London", { module: "routes/job-landing.tsx" }),
  page("/visa-sponsored-jobs-in-london", "open", "Visa-sponsored jobs in London", { module: "routes/job-landing.tsx" }),
  page("/uk-visa-sponsored-jobs", "open", "UK visa-sponsored jobs", { module: "routes/job-landing.tsx" }),
  page("/marketing-jobs-in-london", "open", "Marketing jobs in London", { module: "routes/job-landing.tsx" }),
  page("/internships-in-london", "open", "Internships in London", { module: "routes/job-landing.tsx" }),
  page("/internships-in-uk", "open", "Internships in the UK", { module: "routes/job-landing.tsx" }),
  page("/marketing-internships-in-london", "open", "Marketing internships in London", {
    module: "routes/job-landing.tsx",
  }),
  page("/law-internships-in-london", "open", "Law internships in London", { module: "routes/job-landing.tsx" }),

  // Guard C: logged-in users are sent back
  page("/login", "C", "Log in", { module: "routes/login.tsx" }),
  page("/login/user-email-password/:university_id", "C", "Log in", { module: "routes/login.tsx" }),
  page("/register/:university_id", "C", "Register", { module: "routes/register.tsx" }),
  page("/register/setup-account-redirection/:user_email", "C", "Set up your account", {
    module: "routes/register-setup-account.tsx",
  }),
  page("/register/setup-account/update-profile/:user_email", "C", "Complete your profile", {
    module: "routes/register-update-profile.tsx",
  }),
  page("/alumni-student-registration/:university_id", "C", "Alumni registration", {
    module: "routes/alumni-registration.tsx",
  }),
  page("/register-invite/:user_id", "C", "Accept your invitation", { module: "routes/register-invite.tsx" }),
  page("/register-uni/:university_id", "C", "Register with your university", {
    module: "routes/register.tsx",
    brandedByPath: true,
  }),
  page("/request-access/:university_id", "C", "Request access", { module: "routes/request-access.tsx" }),
  page("/forgot-password/:university_id", "C", "Forgot password", { module: "routes/forgot-password.tsx" }),
  page("/reset-password/:token", "C", "Reset password", { module: "routes/reset-password.tsx" }),
  page("/referral/:slug", "C", "Join through a referral", { module: "routes/referral.tsx" }),
  page("/university-user-registration", "C", "University staff registration", {
    module: "routes/university-user-registration.tsx",
  }),
  page("/jumpstart-login", "C", "Pre-departure log in", { module: "routes/login.tsx" }),
  page("/jumpstart-login/:university_id", "C", "Pre-departure log in", {
    module: "routes/login.tsx",
    brandedByPath: true,
  }),
  page("/jumpstart-register/:university_id", "C", "Pre-departure registration", {
    module: "routes/jumpstart-register.tsx",
    brandedByPath: true,
  }),
  page("/login-success", "open", "Logged in", { module: "routes/login-success.tsx" }),

  // Legacy addresses (301)
  legacy("/success-stories-form", "/share-your-success-story"),
  legacy("/amber-student", "/"),
  legacy("/career-ignition-hub", "/cih"),
  legacy("/career-ignition-hub/records", "/cih/standard"),
  legacy("/blog/blogs/view", "/blog"),
  legacy("/blog/blogs/index/:slug/:slug1?", "/blog"),
  page("/blog/blogs/view/:slug", "open", "Moved", { module: "routes/legacy-blog.tsx" }),
  page("/blogs/:slug", "open", "Moved", { module: "routes/legacy-blog.tsx" }),
  page("/blogs/category/:slug", "open", "Moved", { module: "routes/legacy-blog.tsx" }),

  // For search engines
  page("/sitemap.xml", "open", "Sitemap", { module: "routes/feed.ts" }),
  page("/robots.txt", "open", "Robots", { module: "routes/feed.ts" }),

  // Account actions
  page("/logout", "open", "Log out", { module: "routes/logout.tsx" }),
  // Your data (GDPR): every logged-in role downloads what is held about them, or deletes the account.
  page("/account/your-data.json", "B", "Your data", { module: "routes/your-data.ts" }),
  page("/account/delete", "B", "Delete your account", { module: "routes/delete-account.tsx" }),

  // JSON and text endpoints (the two access checks of spec section 7 are answered ahead of React Router: server/access-checks.ts)
  endpoint("/check-blog-slug/:slug", "Blog slug check", "routes/api/blog-checks.ts"),
  endpoint("/get-blog-detail/:slug", "Blog detail check", "routes/api/blog-checks.ts"),
  endpoint("/api/ip-country", "Country look-up", "routes/api/ip-country.ts"),
  endpoint("/api/sponsors", "Sponsor search", "routes/api/sponsors.ts"),
  endpoint("/api/sponsors/suggest", "Sponsor suggestions", "routes/api/sponsors.ts"),
  endpoint("/api/au-points", "Points calculation", "routes/api/au-points.ts"),
  endpoint("/api/sponsorship-eligibility", "Sponsorship eligibility", "routes/api/sponsorship-eligibility.ts"),
  endpoint("/api/jobs", "Job search", "routes/api/jobs.ts"),
  endpoint("/api/page-views", "Pages seen", "routes/api/page-views.ts"),
  // The CV builder's API: each answers only the CV's owner (another person's CV is 404).
  endpoint("/api/cvs", "CVs", "routes/api/cvs.ts"),
  endpoint("/api/cvs/:id", "CV", "routes/api/cv.ts"),
  endpoint("/api/cvs/:id/restore", "CV restore", "routes/api/cv-restore.ts"),
  endpoint("/api/cvs/:id/photo", "CV photo", "routes/api/cv-photo.ts"),
  endpoint("/api/cvs/:id/pdf", "CV as PDF", "routes/api/cv-files.ts"),
  endpoint("/api/cvs/:id/docx", "CV as DOCX", "routes/api/cv-files.ts"),
  endpoint("/api/cvs/:id/json", "CV as JSON Resume", "routes/api/cv-files.ts"),
  endpoint("/api/cvs/:id/ats-check", "CV ATS check", "routes/api/cv-files.ts"),
  endpoint("/api/cvs/:id/pages/:page", "CV page image", "routes/api/cv-files.ts"),
  endpoint("/api/cv-samples/:template", "CV template sample", "routes/api/cv-sample.ts"),
  // The career video hub's API and files: a premium video's files answer 403 to anyone without premium access.
  endpoint("/api/cih/videos", "Career video search", "routes/api/cih.ts"),
  endpoint("/api/cih/videos/:slug", "Career video", "routes/api/cih.ts"),
  endpoint("/api/cih/progress", "Career video progress", "routes/api/cih.ts"),
  endpoint("/api/cih/progress/:slug", "Career video progress", "routes/api/cih.ts"),
  endpoint("/api/cih/saved/:slug", "Saved career video", "routes/api/cih.ts"),
  endpoint("/api/cih/preferences", "Career video preferences", "routes/api/cih.ts"),
  endpoint("/media/videos/:name", "Career video file", "routes/media-video.ts"),
  // A university's uploaded logo ({slug}.{hash}.{png|svg}), for its microsite's header: open, cached for good.
  endpoint("/university-logo/:file", "University logo", "routes/university-logo.ts"),
];

const isArea = (node: PageRoute | Area): node is Area => "pages" in node;

export const AREAS: readonly Area[] = ROUTE_TREE.filter(isArea);
export const PAGE_ROUTES: readonly PageRoute[] = ROUTE_TREE.flatMap((node) => (isArea(node) ? node.pages : [node]));

const byPattern = new Map(PAGE_ROUTES.map((r) => [r.path, r]));

/** The table entry for a pattern React Router matched (the `pattern` its loaders and middleware get). */
export function routeForPattern(pattern: string): PageRoute | undefined {
  return byPattern.get(pattern);
}

const matchable = PAGE_ROUTES.map((r) => ({ path: r.path }));

/** The pattern of the table's route that answers `target` (a path, its query ignored), or null for none. */
export function patternOf(target: string): string | null {
  return matchRoutes(matchable, target.replace(/[?#].*$/s, ""))?.at(-1)?.route.path ?? null;
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

/** Pages a logged-in user is bounced from, plus account actions: never a place to send someone "back" to. */
export const NOT_A_DESTINATION: readonly string[] = [
  ...PAGE_ROUTES.filter((r) => r.guard === "C").map((r) => r.path),
  "/login-success",
  "/logout",
];
