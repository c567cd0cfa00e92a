import type { Params } from "react-router";
import type { GuardKind } from "./guard";

/**
 * Every page path of the product (spec section 2) with its guard, in one place.
 * app/routes.ts builds the router from this table and the root middleware looks up
 * the guard of the matched pattern here, so a path cannot exist without a guard.
 */
export type PageRoute = {
  path: string;
  guard: GuardKind;
  title: string;
  /**
   * Route module under app/routes. Without one, the page is a generic page frame, reached through
   * a single catch-all route (see matchGenericPage): React Router's per-request work grows with the
   * number of routes it holds, so it holds only the routes with modules of their own.
   */
  module?: string;
  /** Legacy address: moved permanently, before any guard runs (a function when only some params moved). */
  movedTo?: string | ((params: Params) => string | undefined);
  /** `checkurl` sent with the redirection check for this page. */
  checkurl?: string;
  /** Route id where the spec names the route. */
  id?: string;
};

export const COUNTRY_GUIDE_SECTIONS = {
  "job-market": "Job market",
  "job-search": "Job search",
  cv: "CV",
  "application-cover-letter": "Application and cover letter",
  interviews: "Interviews",
  fellowship: "Fellowships",
  "internships-and-work-experience": "Internships and work experience",
  enterpreneurship: "Entrepreneurship",
  "freelancing-and-self-employment": "Freelancing and self-employment",
  "higher-education": "Higher education",
  networking: "Networking",
  "mentoring-and-professional-coaching": "Mentoring and professional coaching",
  "visa-details": "Visa details",
} as const;

const page = (path: string, guard: GuardKind, title: string, extra: Partial<PageRoute> = {}): PageRoute => ({
  path,
  guard,
  title,
  ...extra,
});
const legacy = (path: string, movedTo: string): PageRoute =>
  page(path, "open", "Moved", { module: "routes/legacy-redirect.tsx", movedTo });

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

export const PAGE_ROUTES: readonly PageRoute[] = [
  // Home, about and utility pages
  page("/", "home", "Careers for international students", { module: "routes/home.tsx" }),
  page("/about", "open", "About us", { module: "routes/about.tsx", id: "about" }),
  page("/505", "open", "Something went wrong", { module: "routes/server-error.tsx" }),
  page("/under-maintenance", "open", "Under maintenance", { module: "routes/under-maintenance.tsx" }),
  page("/privacy-policy", "open", "Privacy policy", { module: "routes/legal.tsx" }),
  page("/terms-condition", "open", "Terms and conditions", { module: "routes/legal.tsx" }),

  // Guard A: public unless the deployment is a microsite
  page("/about-us", "A", "About us", { module: "routes/about.tsx" }),
  page("/universities/:type?", "A", "Universities"),
  page("/immigration-guide", "A", "Immigration guide"),
  page("/faq", "A", "Frequently asked questions"),
  page("/careers", "A", "Careers with us"),
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
  page("/campus-ambassadors", "A", "Campus ambassadors"),
  page("/jobs", "A", "Jobs"),
  page("/jobs/:slug", "A-any", "Job"),
  page("/country-guide", "A", "Country guides"),
  page("/country-guide/:slug/overview", "A", "Country guide overview"),
  page("/part-time-jobs", "A", "Part-time jobs"),
  page("/part-time-jobs/:slug", "A", "Part-time job"),

  // Audience-restricted pages
  page("/employers", "audience", "For employers"),
  page("/job-seekers-toolkit", "audience", "Job seekers' toolkit"),
  page("/workshop-and-webinars", "audience", "Workshops and webinars"),
  page("/partner-with-us", "audience", "Partner with us"),

  // Career hub
  page("/cih", "cih", "Career ignition hub", { checkurl: "cih" }),
  page("/cih/standard", "open", "Career ignition hub: standard videos"),
  page("/cih/standard/:slug", "open", "Career video"),
  page("/cih/premium", "B", "Career ignition hub: premium courses"),
  page("/cih/premium/:courseslug/:slug", "B", "Premium career video"),
  page("/cih/saved-videos", "B", "Saved videos"),
  page("/cih-ad", "B", "Career ignition hub"),
  page("/jumpstart/employability-video-guide", "open", "Employability video guide"),
  page("/jumpstart/employability-video-guide/:slug", "open", "Employability video"),

  // Country guide sections: students need the country guide access flag
  ...Object.entries(COUNTRY_GUIDE_SECTIONS).map(([section, title]) =>
    page(`/country-guide/:slug/${section}`, "country-guide-section", `Country guide: ${title}`),
  ),

  // Guard B: logged-in users
  page("/sponsorship-licence-checker", "B", "Sponsorship licence checker", { module: "routes/sponsorship-licence-checker.tsx" }),
  page("/student-login", "B", "Choose your campus"),
  page("/skilled-migration-points-calculator-australia", "B", "Skilled migration points calculator (Australia)", {
    module: "routes/au-points.tsx",
  }),
  page("/student-dashboard", "student-only", "Student dashboard"),
  page("/achievements", "B", "Achievements"),
  page("/student-change-password", "B", "Change password"),
  page("/my-journey", "B", "My journey"),
  page("/my-saved-jobs", "B", "My saved jobs"),
  page("/edit-profile", "B", "Edit profile"),
  page("/my-cvs", "B", "My CVs"),
  page("/choose-template", "B", "Choose a CV template"),
  page("/create-cv", "B", "Create a CV"),
  page("/cv-preview", "B", "CV preview"),
  page("/final-preview", "B", "Final CV preview"),
  page("/download-cv", "B", "Download CV"),
  page("/jumpstart/reading-list", "B", "Reading list"),
  page("/jumpstart/reading-list/:slug", "B", "Reading list"),
  page("/career-manual/:university_id", "B", "Career manual"),
  page("/university-dashboard", "university-admin-only", "University dashboard"),
  page("/visa-job-analytics", "university-admin-only", "Visa job analytics"),
  page("/home-country-job-analytics", "university-admin-only", "Home country job analytics"),
  page("/student-circus-analytics", "university-admin-only", "Student engagement analytics"),
  page("/university-user-profile/:type?", "university-admin-only", "University user profile"),
  page("/pre-auth-student", "B", "Student access"),

  // Open pages
  page("/book-a-meeting", "open", "Book a meeting"),
  page("/ebook/:slug", "open", "E-book"),
  page("/unsubscribe-job-newsletter/:email", "open", "Unsubscribe from the job newsletter"),
  page("/international-student-job-search-report", "open", "International student job search report"),
  page("/uk-work-visa-sponsor-licence-check", "open", "UK work visa sponsor licence check", { module: "routes/sponsor-licence-check.tsx" }),
  page("/uk-work-visa-sponsor-licence-check/recent-changes", "open", "Recent changes to the sponsor register", {
    module: "routes/sponsor-recent-changes.tsx",
  }),
  page("/uk-work-visa-sponsor-licence-check/:slug", "open", "Licensed sponsor", { module: "routes/sponsor-organisation.tsx" }),

  // SEO landing pages
  page("/jobs-in-london", "open", "Jobs in London"),
  page("/jobs-in-london-finance", "open", "Finance jobs in London"),
  page("/india-career-fair", "open", "India career fair"),
  page("/finance-internships-in-london", "open", "Finance internships in London"),
  page("/visa-sponsored-jobs-in-london", "open", "Visa-sponsored jobs in London"),
  page("/uk-visa-sponsored-jobs", "open", "UK visa-sponsored jobs"),
  page("/marketing-jobs-in-london", "open", "Marketing jobs in London"),
  page("/internships-in-london", "open", "Internships in London"),
  page("/internships-in-uk", "open", "Internships in the UK"),
  page("/marketing-internships-in-london", "open", "Marketing internships in London"),
  page("/law-internships-in-london", "open", "Law internships in London"),

  // Guard C: logged-in users are sent back
  page("/login", "C", "Log in", { module: "routes/login.tsx" }),
  page("/login/user-email-password/:university_id", "C", "Log in", { module: "routes/login.tsx" }),
  page("/register/:university_id", "C", "Register"),
  page("/register/setup-account-redirection/:user_email", "C", "Set up your account"),
  page("/register/setup-account/update-profile/:user_email", "C", "Complete your profile"),
  page("/alumni-student-registration/:university_id", "C", "Alumni registration"),
  page("/register-invite/:user_id", "C", "Accept your invitation"),
  page("/register-uni/:university_id", "C", "Register with your university"),
  page("/request-access/:university_id", "C", "Request access"),
  page("/forgot-password/:university_id", "C", "Forgot password"),
  page("/reset-password/:token", "C", "Reset password"),
  page("/referral/:slug", "C", "Join through a referral"),
  page("/university-user-registration", "C", "University staff registration"),
  page("/jumpstart-login", "C", "Pre-departure log in", { module: "routes/login.tsx" }),
  page("/jumpstart-login/:university_id", "C", "Pre-departure log in", { module: "routes/login.tsx" }),
  page("/jumpstart-register/:university_id", "C", "Pre-departure registration"),
  page("/login-success", "open", "Logged in", { module: "routes/login-success.tsx" }),

  // Pre-departure (jumpstart) area
  page("/jumpstart-dashboard", "jumpstart-dashboard", "Jumpstart dashboard"),
  page("/jumpstart-edit-profile", "D", "Edit your pre-departure profile"),
  page("/jumpstart-change-password", "D", "Change password"),
  page("/jumpstart/top-30-employers", "D", "Top 30 employers"),
  page("/jumpstart/resources", "D", "Pre-departure resources"),
  page("/jumpstart/linkedin-starter-playbook", "D", "LinkedIn starter playbook"),
  page("/jumpstart/linkedin-starter-playbook/:slug", "D", "LinkedIn starter playbook"),
  page("/jumpstart/part-time-jobs", "D", "Part-time jobs for new arrivals"),
  page("/jumpstart", "jumpstart", "Jumpstart: prepare before you travel"),

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
];

const byPattern = new Map(PAGE_ROUTES.map((r) => [r.path, r]));

/** The table entry for a pattern React Router matched (its `pattern` argument). */
export function routeForPattern(pattern: string): PageRoute | undefined {
  return byPattern.get(pattern);
}

type CompiledRoute = { route: PageRoute; regex: RegExp; names: string[]; score: number };

/** Static segments outrank dynamic ones, as in React Router's own ranking. */
function compile(route: PageRoute): CompiledRoute {
  const names: string[] = [];
  let source = "";
  let score = 0;
  for (const segment of route.path.split("/").filter(Boolean)) {
    const param = /^:(\w+)(\?)?$/.exec(segment);
    if (!param) {
      source += "/" + segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      score += 10;
    } else {
      names.push(param[1]!);
      source += param[2] ? "(?:/([^/]+))?" : "/([^/]+)";
      score += param[2] ? 2 : 3;
    }
  }
  return { route, regex: new RegExp(`^${source}/?$`, "i"), names, score };
}

const GENERIC_PAGES = PAGE_ROUTES.filter((r) => !r.module)
  .map(compile)
  .sort((a, b) => b.score - a.score);

/** The generic page a path belongs to, with its params; undefined for a path the product does not have. */
export function matchGenericPage(pathname: string): { route: PageRoute; params: Params } | undefined {
  for (const { route, regex, names } of GENERIC_PAGES) {
    const m = regex.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      const value = m[i + 1];
      if (value === undefined) return;
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        params[name] = value;
      }
    });
    return { route, params };
  }
  return undefined;
}

/** React Router's pattern for the catch-all route of generic pages and unknown paths. */
export const CATCH_ALL = "*";

/** The table entry and params of a request, from the pattern React Router matched. */
export function resolveRoute(pattern: string, pathname: string, params: Params): { route: PageRoute; params: Params } | undefined {
  if (pattern === CATCH_ALL || pattern === "/*") return matchGenericPage(pathname);
  const route = byPattern.get(pattern);
  return route && { route, params };
}

export function movedTarget(route: PageRoute, params: Params): string | undefined {
  return typeof route.movedTo === "function" ? route.movedTo(params) : route.movedTo;
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
