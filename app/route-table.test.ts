import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes } from "react-router";
import { movedTarget } from "~/features/access/guard.server";
import { BODY_LIMITS, bodyLimitFor } from "~/lib/body-limits";
import {
  AREAS,
  LEGACY_BLOG_SLUGS,
  NOT_A_DESTINATION,
  PAGE_ROUTES,
  getLogsIn,
  patternOf,
  routeForPattern,
  routeId,
} from "./route-table";
import routes from "./routes";

// The paths of spec section 2, copied from the spec by guard, in React Router's syntax.
const SPEC: Record<string, string[]> = {
  open: [
    "/505",
    "/under-maintenance",
    "/privacy-policy",
    "/terms-condition",
    "/cih/standard",
    "/cih/standard/:slug",
    "/jumpstart/employability-video-guide",
    "/jumpstart/employability-video-guide/:slug",
    "/book-a-meeting",
    "/ebook/:slug",
    "/unsubscribe-job-newsletter/:email",
    "/international-student-job-search-report",
    "/uk-work-visa-sponsor-licence-check",
    "/jobs-in-london",
    "/jobs-in-london-finance",
    "/india-career-fair",
    "/finance-internships-in-london",
    "/visa-sponsored-jobs-in-london",
    "/uk-visa-sponsored-jobs",
    "/marketing-jobs-in-london",
    "/internships-in-london",
    "/internships-in-uk",
    "/marketing-internships-in-london",
    "/law-internships-in-london",
    "/login-success",
  ],
  A: [
    "/about-us",
    "/universities/:type?",
    "/immigration-guide",
    "/faq",
    "/careers",
    "/success-stories",
    "/share-your-success-story",
    "/contact-us",
    "/uni-case-study",
    "/university-case-study/:slug",
    "/blog",
    "/blog/:slug",
    "/author/:slug",
    "/campus-ambassadors",
    "/jobs",
    "/country-guide",
    "/country-guide/:slug/overview",
    "/part-time-jobs",
    "/part-time-jobs/:slug",
  ],
  "A-any": ["/jobs/:slug"],
  audience: ["/employers", "/job-seekers-toolkit", "/workshop-and-webinars", "/partner-with-us"],
  home: ["/"],
  cih: ["/cih"],
  B: [
    "/cih/premium",
    "/cih/premium/:courseslug/:slug",
    "/cih/saved-videos",
    "/cih-ad",
    "/sponsorship-licence-checker",
    "/student-login",
    "/skilled-migration-points-calculator-australia",
    "/achievements",
    "/student-change-password",
    "/my-journey",
    "/my-saved-jobs",
    "/edit-profile",
    "/my-cvs",
    "/choose-template",
    "/create-cv",
    "/cv-preview",
    "/final-preview",
    "/download-cv",
    "/jumpstart/reading-list",
    "/jumpstart/reading-list/:slug",
    "/career-manual/:university_id",
    "/pre-auth-student",
  ],
  "student-only": ["/student-dashboard"],
  "university-admin-only": [
    "/university-dashboard",
    "/visa-job-analytics",
    "/home-country-job-analytics",
    "/student-circus-analytics",
    "/university-user-profile/:type?",
  ],
  "country-guide-section": [
    "job-market",
    "job-search",
    "cv",
    "application-cover-letter",
    "interviews",
    "fellowship",
    "internships-and-work-experience",
    "enterpreneurship",
    "freelancing-and-self-employment",
    "higher-education",
    "networking",
    "mentoring-and-professional-coaching",
    "visa-details",
  ].map((s) => `/country-guide/:slug/${s}`),
  C: [
    "/login",
    "/login/user-email-password/:university_id",
    "/register/:university_id",
    "/register/setup-account-redirection/:user_email",
    "/register/setup-account/update-profile/:user_email",
    "/alumni-student-registration/:university_id",
    "/register-invite/:user_id",
    "/register-uni/:university_id",
    "/request-access/:university_id",
    "/forgot-password/:university_id",
    "/reset-password/:token",
    "/referral/:slug",
    "/university-user-registration",
    "/jumpstart-login",
    "/jumpstart-login/:university_id",
    "/jumpstart-register/:university_id",
  ],
  "jumpstart-dashboard": ["/jumpstart-dashboard"],
  D: [
    "/jumpstart-edit-profile",
    "/jumpstart-change-password",
    "/jumpstart/top-30-employers",
    "/jumpstart/resources",
    "/jumpstart/linkedin-starter-playbook",
    "/jumpstart/linkedin-starter-playbook/:slug",
    "/jumpstart/part-time-jobs",
  ],
  jumpstart: ["/jumpstart"],
};

const LEGACY: Record<string, string> = {
  "/success-stories-form": "/share-your-success-story",
  "/amber-student": "/",
  "/career-ignition-hub": "/cih",
  "/career-ignition-hub/records": "/cih/standard",
  "/blog/blogs/view": "/blog",
  "/blog/blogs/index/:slug/:slug1?": "/blog",
};

describe("the route table", () => {
  for (const [guard, paths] of Object.entries(SPEC)) {
    it.each(paths)(`has %s with guard ${guard}`, (path) => {
      expect(routeForPattern(path)?.guard).toBe(guard);
    });
  }

  it.each(Object.entries(LEGACY))("moves %s permanently to %s", (path, target) => {
    const route = routeForPattern(path);
    expect(route && movedTarget(route, {})).toBe(target);
  });

  it("remaps the legacy blog slugs of the spec, and 'all' to the list", () => {
    const blog = routeForPattern("/blog/:slug")!;
    expect(movedTarget(blog, { slug: "advice" })).toBe("/blog/career-advice");
    expect(movedTarget(blog, { slug: "employer-case-studies" })).toBe("/blog/case-studies");
    expect(movedTarget(blog, { slug: "trends" })).toBe("/blog/hiring-trends");
    expect(movedTarget(blog, { slug: "featured-success-stories" })).toBe("/blog/success-stories");
    expect(movedTarget(blog, { slug: "official-updates" })).toBe("/blog/news-updates");
    expect(movedTarget(blog, { slug: "faq" })).toBe("/blog/masters-and-graduate-jobs-with-2-2-degree");
    expect(movedTarget(blog, { slug: "all" })).toBe("/blog");
    expect(movedTarget(blog, { slug: "career-advice" })).toBeUndefined();
    expect(Object.keys(LEGACY_BLOG_SLUGS)).toHaveLength(7);
  });

  it("holds nothing beyond the spec but /about, the blog lookups, the feeds, logout, your data, the sponsor checker's pages, a job's apply link, the offer check, the career videos' files, the visa dates calendar, a booked meeting's calendar file, a workshop place's page, an e-book's download, the university's CSV exports and logo, its single sign-on and student records' sync (issue 29), the operations console and staff's two-step login (issue 30), students' appointments with advisers and the careers service's side of them with an adviser's calendar feed, career fairs, and graduate outcomes (its survey and analytics page, issue 33), the operations endpoints (health, readiness and metrics, issue 34), and the JSON endpoints (the CV builder's and the video hub's among them)", () => {
    const known = new Set([...Object.values(SPEC).flat(), ...Object.keys(LEGACY)]);
    const extra = PAGE_ROUTES.map((r) => r.path).filter((p) => !known.has(p));
    expect(extra.sort()).toEqual([
      "/about",
      "/account/delete",
      "/account/your-data.json",
      "/analytics-csv/:report/:table",
      "/api/au-points",
      "/api/cih/preferences",
      "/api/cih/progress",
      "/api/cih/progress/:slug",
      "/api/cih/saved/:slug",
      "/api/cih/videos",
      "/api/cih/videos/:slug",
      "/api/cv-samples/:template",
      "/api/cvs",
      "/api/cvs/:id",
      "/api/cvs/:id/ats-check",
      "/api/cvs/:id/docx",
      "/api/cvs/:id/json",
      "/api/cvs/:id/pages/:page",
      "/api/cvs/:id/pdf",
      "/api/cvs/:id/photo",
      "/api/cvs/:id/restore",
      "/api/ip-country",
      "/api/jobs",
      "/api/page-views",
      "/api/roster",
      "/api/sponsors",
      "/api/sponsors/suggest",
      "/api/sponsorship-eligibility",
      "/appointments",
      "/appointments/calendar/:file",
      "/blog/blogs/view/:slug",
      "/blog/rss.xml",
      "/blogs/:slug",
      "/blogs/category/:slug",
      "/book-a-meeting/meeting.ics",
      "/career-fairs",
      "/career-fairs/:slug",
      "/check-a-job-offer",
      "/check-blog-slug/:slug",
      "/ebook/:slug/download",
      "/employer-dashboard",
      "/employer/colleagues",
      "/employer/jobs",
      "/employer/jobs/:id/applicants",
      "/employer/jobs/:id/applicants/:applicationId/cv.pdf",
      "/employer/jobs/:id/edit",
      "/employer/jobs/:id/preview",
      "/employer/jobs/new",
      "/employer/jobs/verdict",
      "/employer/register",
      "/forgot-password",
      "/get-blog-detail/:slug",
      "/graduate-outcomes-analytics",
      "/graduate-outcomes/survey/:token",
      "/healthz",
      "/jobs/:slug/apply",
      "/login/second-factor",
      "/logout",
      "/media/videos/:name",
      "/metrics",
      "/my-applications",
      "/my-journey/visa-dates.ics",
      "/ops",
      "/ops/audit",
      "/ops/audit.csv",
      "/ops/career-fairs",
      "/ops/career-fairs/:slug",
      "/ops/career-fairs/new",
      "/ops/email",
      "/ops/email/:id",
      "/ops/enquiries",
      "/ops/enquiries/:id",
      "/ops/job-sources",
      "/ops/job-sources/:id",
      "/ops/moderation",
      "/ops/moderation/:kind/:id",
      "/ops/queue",
      "/ops/sponsor-register",
      "/ops/universities",
      "/ops/universities/:id",
      "/ops/universities/new",
      "/ops/users",
      "/ops/users/:id",
      "/readyz",
      "/robots.txt",
      "/sitemap.xml",
      "/sso/:university",
      "/sso/oidc/:university/callback",
      "/sso/saml/:university/acs",
      "/sso/saml/:university/metadata",
      "/uk-work-visa-sponsor-licence-check/:slug",
      "/uk-work-visa-sponsor-licence-check/recent-changes",
      "/university-dashboard/appointments",
      "/university-dashboard/appointments/:id/cv.pdf",
      "/university-dashboard/appointments/:id/student",
      "/university-dashboard/appointments/settings",
      "/university-dashboard/appointments/settings/advisers/:id",
      "/university-dashboard/career-fairs",
      "/university-dashboard/career-fairs/:slug",
      "/university-dashboard/career-fairs/:slug/check-in",
      "/university-dashboard/career-fairs/:slug/registrations.csv",
      "/university-dashboard/career-fairs/new",
      "/university-dashboard/employers",
      "/university-dashboard/students.csv",
      "/university-logo/:file",
      "/university-user-profile/roster",
      "/workshop-and-webinars/registration",
    ]);
    expect(routeForPattern("/uk-work-visa-sponsor-licence-check/:slug")?.guard).toBe("open");
    expect(routeForPattern("/uk-work-visa-sponsor-licence-check/recent-changes")?.guard).toBe("open");
    // The careers service's side of appointments is its admins'; an adviser's calendar feed is opened by its secret.
    for (const path of extra.filter((p) => p.startsWith("/university-dashboard/appointments")))
      expect(routeForPattern(path)?.guard, path).toBe("university-admin-only");
    expect(routeForPattern("/appointments/calendar/:file")?.guard).toBe("open");
    // Career fairs: any logged-in person's (the feature decides which fairs each sees); setting up and the door, admins'.
    expect(routeForPattern("/career-fairs")?.guard).toBe("B");
    expect(routeForPattern("/career-fairs/:slug")?.guard).toBe("B");
    for (const path of extra.filter((p) => p.startsWith("/university-dashboard/career-fairs")))
      expect(routeForPattern(path)?.guard, path).toBe("university-admin-only");
    for (const path of extra.filter((p) => p.startsWith("/ops/career-fairs")))
      expect(routeForPattern(path)?.guard, path).toBe("ops");
  });

  it("gives every route a unique path and id", () => {
    expect(new Set(PAGE_ROUTES.map((r) => r.path)).size).toBe(PAGE_ROUTES.length);
    expect(new Set(PAGE_ROUTES.map(routeId)).size).toBe(PAGE_ROUTES.length);
    expect(routeForPattern("/about")?.id).toBe("about");
  });

  it("starts every pattern with a literal segment, which patternOf looks routes up by", () => {
    expect(PAGE_ROUTES.filter((r) => /^\/[:*]/.test(r.path)).map((r) => r.path)).toEqual([]);
  });

  it("finds the same pattern as React Router matching the whole table", () => {
    const whole = PAGE_ROUTES.map((r) => ({ path: r.path }));
    const reactRouter = (target: string) =>
      matchRoutes(whole, target.replace(/[?#].*$/s, ""))?.at(-1)?.route.path ?? null;
    // Each pattern with its parameters filled, then what a visitor or a scanner may send.
    const sample = (p: string) => p.replace(/:(\w+)\?/g, "opt").replace(/:(\w+)/g, "x1");
    const targets = [
      ...PAGE_ROUTES.map((r) => sample(r.path)),
      ...PAGE_ROUTES.filter((_, i) => i % 8 === 0).map((r) => `${sample(r.path).toUpperCase()}/`),
      ...["/", "//", "///jobs", "//jobs", "/jobs?q=a", "/jobs#x", "/JOBS/Some-Slug", "/%6Aobs", "/%6aobs/x"],
      ...["/jobs%2Fx", "/cih/premium/a/b/c", "/nope", "/assets/app.js", "*", "http://x/jobs"],
      ...["/uk-work-visa-sponsor-licence-check/recent-changes", "/blog/blogs/index/a", "/universities"],
    ];
    expect(targets.filter((t) => patternOf(t) !== reactRouter(t))).toEqual([]);
    expect(patternOf("/JOBS/Some-Slug?x=1")).toBe("/jobs/:slug");
    expect(patternOf("/healthz")).toBe("/healthz");
    expect(patternOf("/assets/app.js")).toBeNull();
  });

  it("finds no pattern for an address that is not valid percent-encoding (answered 400 before any page)", () => {
    expect(patternOf("/jobs/%")).toBeNull();
    expect(patternOf("/%E0%A4%A")).toBeNull();
    expect(patternOf("/jobs/a%20b")).toBe("/jobs/:slug");
  });

  it("asks the redirection check about the career hub with checkurl=cih", () => {
    expect(routeForPattern("/cih")?.checkurl).toBe("cih");
  });
});

describe("the routes React Router is given (app/routes.ts)", () => {
  const flat = (
    entries: RouteConfigEntry[],
    parent?: RouteConfigEntry,
  ): { entry: RouteConfigEntry; parent?: RouteConfigEntry }[] =>
    entries.flatMap((entry) => [{ entry, parent }, ...flat(entry.children ?? [], entry)]);
  const all = flat(routes);

  it("holds every path of the table once, with the table's module", () => {
    const withPath = all.filter(({ entry }) => entry.path !== undefined && entry.path !== "*");
    expect(withPath.map(({ entry }) => entry.path).sort()).toEqual(PAGE_ROUTES.map((r) => r.path).sort());
    for (const { entry } of withPath) {
      const row = routeForPattern(entry.path!)!;
      expect(entry.file).toBe(row.module);
      expect(entry.id).toBe(routeId(row));
    }
  });

  it("puts each area's pages, and only those, inside the area's layout route", () => {
    for (const area of AREAS) {
      if (!area.layout) continue;
      const layout = all.find(({ entry }) => entry.file === area.layout);
      expect(layout?.entry.path).toBeUndefined();
      expect(layout?.entry.children?.map((c) => c.path)).toEqual(area.pages.map((p) => p.path));
    }
    const nested = all.filter(({ parent }) => parent).length;
    expect(nested).toBe(AREAS.reduce((n, a) => n + (a.layout ? a.pages.length : 0), 0));
  });

  it("lets an area's guard apply to its pages unless a page names its own", () => {
    const university = AREAS.find((a) => a.area === "university")!;
    expect(university.pages.filter((p) => p.guard !== "university-admin-only").map((p) => p.path)).toEqual([
      "/career-manual/:university_id",
    ]);
    const cv = AREAS.find((a) => a.area === "cv")!;
    expect(new Set(cv.pages.map((p) => p.guard))).toEqual(new Set(["B"]));
  });

  it("answers any other path with the not-found route", () => {
    expect(routes.at(-1)).toMatchObject({ path: "*", file: "routes/public/$.tsx" });
  });

  it("never sends anyone back to a login, registration or logout page", () => {
    expect(NOT_A_DESTINATION).toEqual(
      expect.arrayContaining([
        "/login",
        "/jumpstart-login/:university_id",
        "/reset-password/:token",
        "/login-success",
        "/logout",
      ]),
    );
    expect(NOT_A_DESTINATION).not.toContain("/my-cvs");
  });
});

describe("the route modules' folders", () => {
  /**
   * A path as a file name: segments joined by dots, `:param` as `$param`, `:param?` as `($param)`, a
   * literal dot as `[.]`, and the area's own first segment left out inside its folder (`/cih/premium`
   * is `cih/premium`; `/cih` itself is `cih/_index`).
   */
  const fileName = (area: string, pattern: string) => {
    if (pattern === "/" || pattern === `/${area}`) return "_index";
    const rest = pattern.startsWith(`/${area}/`) ? pattern.slice(area.length + 2) : pattern.slice(1);
    return rest
      .split("/")
      .map((s) => (s.startsWith(":") ? (s.endsWith("?") ? `($${s.slice(1, -1)})` : `$${s.slice(1)}`) : s))
      .map((s) => s.replaceAll(".", "[.]"))
      .join(".");
  };

  it("keeps each module in the folder of its area, named after a path it serves", () => {
    const byModule = Map.groupBy(PAGE_ROUTES, (r) => r.module);
    for (const [module, rows] of byModule) {
      // The legacy redirect serves any old address: it is named for what it does.
      if (module === "routes/legacy/redirect.tsx") continue;
      const { area } = rows[0]!;
      expect(module.startsWith(`routes/${area}/`), module).toBe(true);
      const names = rows.map((r) => `routes/${area}/${fileName(area, r.path)}`);
      expect(names, module).toContain(module.replace(/\.tsx?$/, ""));
      expect(fs.existsSync(path.join(import.meta.dirname, module)), module).toBe(true);
    }
  });

  it("leaves no route module outside an area's folder", () => {
    const folders = new Set(AREAS.map((a) => a.area));
    const entries = fs.readdirSync(path.join(import.meta.dirname, "routes"), { withFileTypes: true });
    expect(entries.filter((e) => !e.isDirectory()).map((e) => e.name)).toEqual([]);
    for (const e of entries) expect(folders.has(e.name as never), e.name).toBe(true);
  });
});

describe("the body limits", () => {
  /** An address of the pattern: each parameter given a value. */
  const example = (pattern: string) => pattern.replace(/:\w+\??/g, "x");

  it("name only addresses of the route table", () => {
    const paths = new Set(PAGE_ROUTES.map((r) => r.path));
    expect(Object.keys(BODY_LIMITS).filter((p) => !paths.has(p))).toEqual([]);
  });

  // The largest: the roster tab's, the student records (20 MB) and the logo's field its page also holds (2 MB).
  it("give every route a limit, none above the largest upload's", () => {
    for (const route of PAGE_ROUTES) {
      const { bytes } = bodyLimitFor(example(route.path));
      expect(bytes, route.path).toBeGreaterThan(0);
      expect(bytes, route.path).toBeLessThanOrEqual(22 * 1024 * 1024 + 64 * 1024);
    }
  });

  /** A route module and its view: the components it imports, and theirs. */
  function pageSources(module: string): string[] {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, spec] of fs
        .readFileSync(file, "utf8")
        .matchAll(/from "((?:~\/(?:features|components)\/|\.\.?\/)[^"]+)"/g)) {
        const base = spec!.startsWith("~/")
          ? path.join(import.meta.dirname, spec!.slice(2))
          : path.resolve(path.dirname(file), spec!);
        const found = ["", ".tsx", ".ts"]
          .map((ext) => base + ext)
          .find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
        if (found?.includes("/components/")) visit(found);
      }
    };
    visit(path.join(import.meta.dirname, module));
    return [...seen].map((file) => fs.readFileSync(file, "utf8"));
  }

  it("declare each file field of a page's form, with its size", () => {
    let found = 0;
    for (const route of PAGE_ROUTES) {
      const source = pageSources(route.module).join("\n");
      // Each element with type="file", from its "<" to its end: its name.
      for (const at of [...source.matchAll(/type="file"/g)].map((m) => m.index)) {
        const element = source.slice(source.lastIndexOf("<", at), source.indexOf(">", at));
        const name = /\bname="([^"]+)"/.exec(element)?.[1];
        expect(name, `${route.module}: a file field without a name`).toBeDefined();
        expect(bodyLimitFor(example(route.path)).files?.[name!], `${route.path}: file field "${name}"`).toBeGreaterThan(
          0,
        );
        found++;
      }
    }
    // The logo (on both of the profile's addresses and the console's university page), the invitation list
    // and the CV import (counted once per address).
    expect(found).toBe(5);
  });
});

describe("the exceptions to the server's rules", () => {
  it("are the single sign-on logins alone: GETs that log in, and SAML's cross-site answer", () => {
    expect(PAGE_ROUTES.filter((r) => r.getLogsIn).map((r) => r.path)).toEqual([
      "/sso/:university",
      "/sso/oidc/:university/callback",
    ]);
    expect(PAGE_ROUTES.filter((r) => r.crossSitePost).map((r) => r.path)).toEqual(["/sso/saml/:university/acs"]);
    expect(getLogsIn("/sso/demo-university?test=1")).toBe(true);
    expect(getLogsIn("/sso/oidc/demo-university/callback?state=s&code=c")).toBe(true);
    expect(getLogsIn("/sso/saml/demo-university/metadata")).toBe(false);
    expect(getLogsIn("/sso/saml/demo-university/acs")).toBe(false);
    expect(getLogsIn("/jobs")).toBe(false);
    expect(getLogsIn("/")).toBe(false);
  });
});
