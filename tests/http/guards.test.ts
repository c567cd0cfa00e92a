import { PROFILE_PAGE } from "~/features/accounts/profile-pages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_UNIVERSITIES, DEMO_USERS } from "~/db/seed/demo";
import { computeAccessState } from "~/features/access/access-state";
import type { SessionUser } from "~/features/auth/session-user";
import { decide } from "~/features/access/guard";
import { movedTarget } from "~/features/access/guard.server";
import { GUIDE_SECTIONS } from "~/features/country-guides/guides";
import { PAGE_ROUTES, type PageRoute } from "~/route-table";
import { ROLE_HOME } from "~/lib/roles";
import { type TestServer, cookieSet, loginAs, request, startServer } from "./harness";

// Every route of the table, for a visitor and every demo user, on the main site and the demo microsite:
// status and Location must be what the guard rules (unit-tested against the spec) decide for that person.

const HOSTS = { main: "localhost", demo: "demo-university.localhost" } as const;
const uniPlan = (slug: string) => {
  const u = DEMO_UNIVERSITIES.find((x) => x.slug === slug)!;
  return { planCareerHub: u.planCareerHub, planCihPremium: u.planCihPremium, planCountryGuides: u.planCountryGuides };
};

function samplePath(route: PageRoute): string {
  return route.path
    .replace(/\/:(\w+)\?/g, "/sample-$1")
    .replace(/:(\w+)/g, (_m, name: string) =>
      name === "email" || name === "user_email"
        ? "someone%40example.com"
        : name === "university_id"
          ? "demo-university"
          : `sample-${name}`,
    );
}

type Who = "visitor" | (typeof DEMO_USERS)[number]["email"];

type Expected = { status: number; location: string | null; prevUrl?: string };

/** What the server must answer; prevUrl is the prev_url cookie it writes ("" clears it; undefined leaves it). */
function expected(route: PageRoute, who: Who, host: keyof typeof HOSTS): Expected {
  const path = samplePath(route);
  const moved = movedTarget(route, {});
  if (moved) return { status: 301, location: moved };
  if (route.module === "routes/legacy/blogs.$slug.tsx") return { status: 301, location: "/blog" }; // no post has a sample slug
  const demo = DEMO_USERS.find((u) => u.email === who);
  const user: SessionUser | null = demo
    ? {
        id: 0,
        name: demo.name,
        email: demo.email,
        role: demo.role,
        accessStatus: "active",
        universityId: 1,
        hasOtherCampuses: false,
        countryGuideAccess: demo.countryGuideAccess,
        cihPremiumAccess: demo.cihPremiumAccess,
        universityPlan: uniPlan(demo.university),
        membership: {
          universityDomains: DEMO_UNIVERSITIES.find((x) => x.slug === demo.university)!.emailDomains,
          invited: false,
          approved: false,
        },
      }
    : null;
  const state = computeAccessState({
    user,
    microsite: host === "demo" ? uniPlan("demo-university") : null,
    checkurl: route.checkurl,
  });
  const decision = decide(route.guard, state);
  if (decision.kind === "not-found") return { status: 404, location: null };
  if (decision.kind === "back") return { status: 302, location: "/" }; // no Referer sent
  if (decision.kind === "redirect") {
    return {
      status: 302,
      location: decision.to,
      prevUrl: decision.remember && !user ? decodeURIComponent(path) : undefined,
    };
  }
  // Pages that act on arrival rather than render.
  if (path === "/logout") return { status: 302, location: "/" };
  if (path === "/login-success" && user) return { status: 302, location: ROLE_HOME[user.role], prevUrl: "" };
  // The premium courses send anyone without premium access to what they hold.
  if (PREMIUM.includes(route.path) && !state.isCihPremiumAccess) return { status: 303, location: "/cih-ad" };
  // Pages that show one entry by its slug, or open with an emailed token: the sample names none.
  if (LOOKED_UP_BY_SLUG.includes(route.path) || OPENED_BY_TOKEN.includes(route.path))
    return { status: 404, location: null };
  if (OPENED_BY_SIGNATURE.includes(route.path)) return { status: 400, location: null };
  // Each role edits its own profile: another role's profile page sends the person to theirs.
  const profileOf = Object.entries(PROFILE_PAGE).find(([, page]) => page === route.path)?.[0];
  if (user && profileOf && profileOf !== user.role) return { status: 302, location: PROFILE_PAGE[user.role] };
  return { status: 200, location: null };
}

const LOOKED_UP_BY_SLUG = [
  "/blog/:slug",
  // A tab, or an analytics report and table, that does not exist.
  "/university-user-profile/:type?",
  "/analytics-csv/:report/:table",
  // A university's single sign-on: the sample university has none.
  "/sso/:university",
  "/sso/oidc/:university/callback",
  "/author/:slug",
  "/university-case-study/:slug",
  "/uk-work-visa-sponsor-licence-check/:slug",
  "/referral/:slug",
  "/jobs/:slug",
  "/jobs/:slug/apply",
  "/part-time-jobs/:slug",
  "/cih/standard/:slug",
  "/cih/premium/:courseslug/:slug",
  "/jumpstart/employability-video-guide/:slug",
  "/jumpstart/linkedin-starter-playbook/:slug",
  "/jumpstart/reading-list/:slug",
  // No guide, e-book or universities' page has the sample's address.
  "/universities/:type?",
  "/country-guide/:slug/overview",
  ...Object.keys(GUIDE_SECTIONS).map((section) => `/country-guide/:slug/${section}`),
  "/ebook/:slug",
  "/ebook/:slug/download",
  // An appointment, or an adviser, that does not exist.
  "/university-dashboard/appointments/:id/student",
  "/university-dashboard/appointments/:id/cv.pdf",
  "/university-dashboard/appointments/settings/advisers/:id",
  // A career fair that does not exist.
  "/career-fairs/:slug",
  "/university-dashboard/career-fairs/:slug",
  "/university-dashboard/career-fairs/:slug/check-in",
  "/university-dashboard/career-fairs/:slug/registrations.csv",
];
const PREMIUM = ["/cih/premium", "/cih/premium/:courseslug/:slug"];
/** Pages that open only with a signature their link carries: the sample has none. */
const OPENED_BY_SIGNATURE = ["/unsubscribe-job-newsletter/:email"];
const OPENED_BY_TOKEN = [
  // A signed link's page (a booked meeting's calendar file, a workshop place): not found without one.
  "/book-a-meeting/meeting.ics",
  // A graduate's survey, opened by the link emailed to them.
  "/graduate-outcomes/survey/:token",
  "/workshop-and-webinars/registration",
  "/reset-password/:token",
  "/register/setup-account-redirection/:user_email",
  "/register/setup-account/update-profile/:user_email",
  "/register-invite/:user_id",
];

let server: TestServer;
const cookies = new Map<string, string>();
// Demo University's people: the guards are checked on its microsite too, where only they can log in.
const PEOPLE = DEMO_USERS.filter((u) => u.university === "demo-university");

beforeAll(async () => {
  server = await startServer();
  for (const host of Object.keys(HOSTS) as (keyof typeof HOSTS)[]) {
    for (const u of PEOPLE) cookies.set(`${host}:${u.email}`, await loginAs(server, u.email, HOSTS[host]));
  }
});
afterAll(() => server?.stop());

const WHO: Who[] = ["visitor", ...PEOPLE.map((u) => u.email)];

describe.each(Object.keys(HOSTS) as (keyof typeof HOSTS)[])("on the %s host", (host) => {
  describe.each(WHO)("as %s", (who) => {
    // JSON endpoints are open and answer for themselves (tests/http/endpoints.test.ts).
    it.each(PAGE_ROUTES.filter((r) => !r.api).map((r) => [samplePath(r), r] as const))("%s", async (path, route) => {
      const reply = await request(server, {
        path,
        host: HOSTS[host],
        cookie: who === "visitor" ? undefined : cookies.get(`${host}:${who}`),
      });
      const want = expected(route, who, host);
      expect({ status: reply.status, location: reply.location }).toEqual({
        status: want.status,
        location: want.location,
      });
      expect(cookieSet(reply, "prev_url")).toBe(want.prevUrl);
    });
  });
});

describe("spot checks written out by hand", () => {
  const get = (path: string, host: keyof typeof HOSTS, who?: string) =>
    request(server, { path, host: HOSTS[host], cookie: who ? cookies.get(`${host}:${who}`) : undefined });

  it("sends a visitor on the microsite to login and keeps the page", async () => {
    const r = await get("/jobs?q=analyst", "demo");
    expect(r.status).toBe(302);
    expect(r.location).toBe("/login");
    expect(cookieSet(r, "prev_url")).toBe("/jobs?q=analyst");
  });

  it("opens a job page for a visitor on the microsite (no job has this address: the page, not the guard, answers 404)", async () => {
    const r = await get("/jobs/data-analyst", "demo");
    expect(r.status).toBe(404);
    expect(r.location).toBeNull();
  });

  it("routes the career hub on the microsite by premium access", async () => {
    expect((await get("/cih", "demo", "student@demo.test")).location).toBe("/cih/premium");
    expect((await get("/cih", "demo", "basic.student@demo.test")).location).toBe("/cih/standard");
    expect((await get("/cih", "demo")).location).toBe("/login");
    expect((await get("/cih", "main")).status).toBe(200);
  });

  it("denies the career hub on a microsite whose plan lacks it", async () => {
    const r = await request(server, { path: "/cih", host: "second-university.localhost" });
    expect(r.location).toBe("/login");
  });

  it("keeps students out of employer pages and country guide sections without the flag", async () => {
    expect((await get("/employers", "main", "student@demo.test")).location).toBe("/student-dashboard");
    expect((await get("/employers", "main")).status).toBe(200);
    expect((await get("/country-guide/uk/cv", "main", "basic.student@demo.test")).location).toBe("/student-dashboard");
    expect((await get("/country-guide/uk/cv", "main", "student@demo.test")).status).toBe(200);
    expect((await get("/country-guide/uk/cv", "main", "admin@demo.test")).status).toBe(200);
  });

  it("sends each role from / and /jumpstart to its home page", async () => {
    expect((await get("/", "main", "student@demo.test")).location).toBe("/student-dashboard");
    expect((await get("/", "main", "admin@demo.test")).location).toBe("/university-dashboard");
    expect((await get("/", "main", "predeparture@demo.test")).location).toBe("/jumpstart-dashboard");
    expect((await get("/jumpstart", "main", "admin@demo.test")).location).toBe("/university-dashboard");
    expect((await get("/jumpstart", "demo")).location).toBe("/jumpstart-login");
    expect((await get("/jumpstart-dashboard", "main", "student@demo.test")).location).toBe("/");
  });

  it("moves legacy blog addresses before the guard runs", async () => {
    const r = await get("/blog/advice", "demo");
    expect(r.status).toBe(301);
    expect(r.location).toBe("/blog/career-advice");
    expect((await get("/blog/all", "main")).location).toBe("/blog");
  });

  it("redirects client-side navigations too, with the same prev_url", async () => {
    const r = await get("/student-dashboard.data", "demo");
    expect(r.body).toContain("SingleFetchRedirect");
    expect(r.body).toContain('"/login"');
    expect(cookieSet(r, "prev_url")).toBe("/student-dashboard");
    const allowed = await get("/student-dashboard.data", "demo", "student@demo.test");
    expect(allowed.status).toBe(200);
    expect(allowed.body).not.toContain("SingleFetchRedirect");
  });

  it("answers an unknown path with a 404 page", async () => {
    const r = await get("/no/such/page", "main");
    expect(r.status).toBe(404);
    expect(r.body).toContain("We can&#x27;t find that page");
  });
});
