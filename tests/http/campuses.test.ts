import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, cookieSet, loginAs, request, startServer } from "./harness";

// Issue 11, item 8: students of several campuses of one university group. The demo student belongs to
// Demo University (active) and its Docklands campus, whose plan has neither premium nor country guides.
// The tests run in order and leave the student on Demo University after each one.
const DEMO = "demo-university.localhost";
const DOCKLANDS = "demo-university-docklands.localhost";
const NOT_YOURS = "You do not belong to that campus, so you cannot switch to it.";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const sameOrigin = (host = "localhost") => ({ Origin: `http://${host}:${server.port}` });
/** React separates adjacent text with comments; pages are compared without them. */
const page = async (cookie: string, host?: string) => {
  const r = await request(server, { path: "/student-login", cookie, host });
  return { ...r, body: r.body.replaceAll("<!-- -->", "") };
};
const switchTo = async (
  cookie: string,
  universityId: string,
  opts: { host?: string; headers?: Record<string, string> } = {},
) => {
  const r = await request(server, {
    path: "/student-login",
    host: opts.host,
    cookie,
    form: { university_id: universityId },
    headers: opts.headers ?? sameOrigin(opts.host),
  });
  return { ...r, body: r.body.replaceAll("<!-- -->", "") };
};
const redirections = async (cookie: string, host?: string) =>
  JSON.parse(
    (
      await request(server, {
        path: "/api/check-user-redirections?checkurl=cih",
        cookie,
        host,
        headers: { "X-Requested-With": "XMLHttpRequest" },
      })
    ).body,
  );
const roleOn = async (cookie: string, host: string) =>
  JSON.parse(
    (
      await request(server, {
        path: "/check-user-loggedin",
        cookie,
        host,
        headers: { "X-Requested-With": "XMLHttpRequest" },
      })
    ).body,
  ).role;

/** The switch buttons of the page: each campus's name and the id its form posts. */
function switchForms(html: string): Map<string, string> {
  const forms = new Map<string, string>();
  for (const [, item] of html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)) {
    const id = /<input type="hidden" name="university_id" value="(\d+)"/.exec(item!)?.[1];
    const name = /Switch to ([^<]+)<\/button>/.exec(item!)?.[1];
    if (id && name) forms.set(name, id);
  }
  return forms;
}

/** A university's id, from its registration page (which takes the numeric id as well as the slug). */
async function universityId(name: string): Promise<string> {
  for (let id = 1; id <= 20; id++) {
    const r = await request(server, { path: `/register/${id}` });
    if (r.body.replaceAll("<!-- -->", "").includes(`Create your ${name} account</h1>`)) return String(id);
  }
  throw new Error(`no university named ${name}`);
}

describe("/student-login", () => {
  let student: string;
  let demoId: string;
  let docklandsId: string;
  beforeAll(async () => {
    student = await loginAs(server, "student@demo.test");
    demoId = await universityId("Demo University");
    docklandsId = await universityId("Demo University Docklands Campus");
  });

  it("lists the demo student's two campuses, Demo University active, and offers the other", async () => {
    const r = await page(student);
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/<h1[^>]*>Choose your campus<\/h1>/);
    expect(r.body).toContain("You are using <strong>Demo University</strong>.");
    expect(r.body).toContain("Active: you are using this campus.");
    expect(switchForms(r.body)).toEqual(new Map([["Demo University Docklands Campus", docklandsId]]));
    // A plain form post to this page: it works without JavaScript.
    const forms = r.body.match(/<form[^>]*>/g) ?? [];
    expect(forms.some((tag) => /method="post"/.test(tag) && /action="\/student-login"/.test(tag))).toBe(true);
    // The student's navigation offers the switch, since there is something to switch to.
    expect(r.body).toMatch(/<a[^>]*href="\/student-login"[^>]*>Switch campus<\/a>/);
    expect(await redirections(student)).toMatchObject({ isCihPremiumAccess: true, is_country_guide_access: true });
  });

  it("shows a student of one campus their university and nothing to switch to", async () => {
    const basic = await loginAs(server, "basic.student@demo.test");
    const r = await page(basic);
    expect(r.status).toBe(200);
    expect(r.body).toContain("You are using <strong>Demo University</strong>.");
    expect(r.body).toContain("Your account belongs to no other campus");
    expect(r.body).not.toContain('name="university_id"');
    expect(r.body).not.toContain("Docklands");
    expect(r.body).not.toContain(">Switch campus</a>");
    // Any role may open it (guard B).
    const admin = await page(await loginAs(server, "admin@demo.test"));
    expect(admin.status).toBe(200);
    expect(admin.body).toContain("You are using <strong>Demo University</strong>.");
  });

  it("sends a visitor to log in", async () => {
    const r = await request(server, { path: "/student-login" });
    expect(r.status).toBe(302);
    expect(r.location).toBe("/login");
  });

  it("switches the active campus, and with it the plan the student gets", async () => {
    const r = await switchTo(student, docklandsId);
    expect(r.status).toBe(303);
    expect(r.location).toBe("/student-login");
    expect(decodeURIComponent(cookieSet(r, "flash") ?? "")).toBe("You are now using Demo University Docklands Campus.");
    // Docklands's plan has neither premium career hub nor country guides: the student's own flags no longer count.
    expect(await redirections(student)).toMatchObject({
      isLoggedIn: true,
      isCihPremiumAccess: false,
      is_country_guide_access: false,
    });
    const after = await page(student);
    expect(after.body).toContain("You are using <strong>Demo University Docklands Campus</strong>.");
    expect(switchForms(after.body)).toEqual(new Map([["Demo University", demoId]]));

    const back = await switchTo(student, demoId);
    expect(back.status).toBe(303);
    expect(await redirections(student)).toMatchObject({ isCihPremiumAccess: true, is_country_guide_access: true });
  });

  it("answers 404 for a university that is not one of the student's, and changes nothing", async () => {
    const secondId = await universityId("Second University");
    for (const id of [secondId, "999999"]) {
      const r = await switchTo(student, id);
      expect(r.status).toBe(404);
      expect(r.body).toContain(NOT_YOURS);
      expect(cookieSet(r, "flash")).toBeUndefined();
    }
    // A student of one campus cannot switch into a campus of their own group either.
    const basic = await loginAs(server, "basic.student@demo.test");
    expect((await switchTo(basic, docklandsId)).status).toBe(404);
    expect(await redirections(basic)).toMatchObject({ isLoggedIn: true });
    expect((await page(basic)).body).toContain("You are using <strong>Demo University</strong>.");
    expect(await redirections(student)).toMatchObject({ isCihPremiumAccess: true });
    expect((await page(student)).body).toContain("You are using <strong>Demo University</strong>.");
  });

  it("explains a post without a usable campus", async () => {
    for (const id of ["", "abc", "-3"]) {
      const r = await switchTo(student, id);
      expect(r.status).toBe(400);
      expect(r.body).toContain("Choose a campus from the list");
    }
  });

  it.each([
    ["an Origin of another site", { Origin: "https://evil.example" }],
    ["Sec-Fetch-Site cross-site", { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }],
  ])("refuses a cross-site post with %s", async (_name, headers) => {
    const r = await switchTo(student, docklandsId, { headers });
    expect(r.status).toBe(403);
    expect(await redirections(student)).toMatchObject({ isCihPremiumAccess: true });
  });
});

describe("campuses' microsites", () => {
  it("serve the campus like any other microsite", async () => {
    const r = await request(server, { path: "/login", host: DOCKLANDS });
    expect(r.status).toBe(200);
    expect(r.body.replaceAll("<!-- -->", "")).toContain("Use the account Demo University Docklands Campus gave you.");
    expect(r.body).toContain(":root{--brand:#0369a1}");
  });

  it("let the student log in on the other campus's site, which makes that campus active", async () => {
    const mainSite = await loginAs(server, "student@demo.test");
    const there = await loginAs(server, "student@demo.test", DOCKLANDS);
    expect(await redirections(there, DOCKLANDS)).toMatchObject({
      isLoggedIn: true,
      isMicrosite: true,
      isCihPremiumAccess: false,
    });
    // The session opened earlier on the main site follows at once: the plan is Docklands's now.
    expect(await redirections(mainSite)).toMatchObject({ isLoggedIn: true, isCihPremiumAccess: false });
    expect((await page(mainSite)).body).toContain("You are using <strong>Demo University Docklands Campus</strong>.");

    // Logging in on Demo University's site again makes it the active one again.
    const home = await loginAs(server, "student@demo.test", DEMO);
    expect(await redirections(home, DEMO)).toMatchObject({ isLoggedIn: true, isCihPremiumAccess: true });
    expect(await roleOn(there, DOCKLANDS)).toBeNull();
  });

  it("still refuse anyone who does not belong to the campus", async () => {
    const r = await request(server, {
      path: "/login",
      host: DOCKLANDS,
      headers: sameOrigin(DOCKLANDS),
      form: { email: "basic.student@demo.test", password: "DemoPass#2026" },
    });
    expect(r.status).toBe(403);
    expect(r.body).toContain("not registered with Demo University Docklands Campus");
    expect(cookieSet(r, "sid")).toBeUndefined();
  });

  it("send a student who switches on a microsite on to the new campus's site", async () => {
    const onDemo = await loginAs(server, "student@demo.test", DEMO);
    const r = await page(onDemo, DEMO);
    const docklandsId = switchForms(r.body).get("Demo University Docklands Campus")!;
    expect(docklandsId).toMatch(/^\d+$/);
    expect(r.body).toContain("log in there with the same email and password");

    const switched = await switchTo(onDemo, docklandsId, { host: DEMO });
    // Not a redirect to the other host: the page's form-action 'self' would stop it in Chrome and Safari.
    expect(switched.status).toBe(200);
    expect(switched.body).toContain("You are now using <strong>Demo University Docklands Campus</strong>.");
    expect(switched.body).toContain(`href="http://${DOCKLANDS}:${server.port}/student-dashboard"`);
    // This microsite belongs to the other campus now, so the session no longer counts on it.
    expect(await roleOn(onDemo, DEMO)).toBeNull();
    const there = await loginAs(server, "student@demo.test", DOCKLANDS);
    expect(await roleOn(there, DOCKLANDS)).toBe("student");

    // Leave the student on Demo University, as the demo data has it.
    const mainSite = await loginAs(server, "student@demo.test");
    const demoId = switchForms((await page(mainSite)).body).get("Demo University")!;
    expect((await switchTo(mainSite, demoId)).status).toBe(303);
    expect(await redirections(mainSite)).toMatchObject({ isCihPremiumAccess: true });
  });
});
