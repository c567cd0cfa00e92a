import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "~/db/schema";
import { type TestSmtpServer, startSmtpServer } from "../support/smtp";
import {
  DEMO_STAFF_TOTP,
  type Reply,
  type TestServer,
  authenticatorCode,
  cookieSet,
  loginAs,
  loginAsStaff,
  request,
  requestBytes,
  startServerWithData,
} from "./harness";

// The console's universities (issue 30): a university set up from nothing, with its first admin
// approved, without a shell; the list; the plan's fresh code; every change in the audit log.
let server: TestServer;
let smtp: TestSmtpServer;
let running: Awaited<ReturnType<typeof startServerWithData>> | undefined;
let staff: string;
beforeAll(async () => {
  smtp = await startSmtpServer();
  running = await startServerWithData(async () => {}, { SMTP_URL: smtp.url, PUBLIC_URL: "http://localhost" });
  server = running.server;
  staff = await loginAsStaff(server);
});
afterAll(async () => {
  await running?.stop();
  await smtp?.close();
});

const sameSite = () => ({ Origin: server.origin, "Sec-Fetch-Site": "same-origin" });
const get = (path: string, cookie = staff) => request(server, { path, cookie });
const post = (path: string, form: Record<string, string>, cookie = staff) =>
  request(server, { path, form, cookie, headers: sameSite() });
const mailTo = (to: string, subject: RegExp) =>
  smtp.next((m) => m.envelopeTo.includes(to) && subject.test(m.subject ?? ""));
/** The flash message a 303 sets for the next page. */
const flash = (reply: Reply) => decodeURIComponent(cookieSet(reply, "flash") ?? "");

const HARBOUR = {
  name: "Harbour University",
  slug: "harbour",
  country: "226",
  email_domains: "harbour.ac.uk",
  microsite_host: "harbour.localhost",
  alumni_access_months: "24",
  self_registration: "on",
  brand_colour: "#1d4ed8",
};
let harbourPath = "";
const HEAD = "head.of.careers@harbour.ac.uk";

describe("/ops/universities", () => {
  it("answers 404 to a student and a university admin, and lists the universities for staff", async () => {
    const student = await loginAs(server, "student@demo.test");
    const admin = await loginAs(server, "admin@demo.test");
    for (const cookie of [student, admin])
      for (const path of ["/ops/universities", "/ops/universities/new", "/ops/universities/1"])
        expect((await get(path, cookie)).status, path).toBe(404);
    const page = await get("/ops/universities");
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toMatch(/no-store/);
    expect(page.body).toContain("Demo University");
    expect(page.body).toContain("Career hub, Premium career hub, Country guides");
    expect(page.body).toContain("second-university.localhost");
    // Searched by an email domain, on the server.
    const found = await get("/ops/universities?q=second.test");
    expect(found.body).toContain("Second University");
    expect(found.body).not.toContain(">Demo University<");
    // Sorted by name the other way: the headings link to it.
    expect(page.body).toContain('href="/ops/universities?sort=name&amp;dir=desc"');
    expect((await get("/ops/universities/999999")).status).toBe(404);
    expect((await get("/ops/universities/not-a-number")).status).toBe(404);
  });
});

describe("a university from nothing, without a shell", () => {
  it("refuses a bad slug, one already taken, another's microsite host or email domain, with 400 and nothing stored", async () => {
    const form = await get("/ops/universities/new");
    expect(form.status).toBe(200);
    for (const label of ["Name", "Slug", "Country", "Email domains", "Microsite host", "Brand colour"])
      expect(form.body).toContain(`>${label}</label>`);
    const bad = await post("/ops/universities/new", {
      ...HARBOUR,
      slug: "Harbour Uni!",
      email_domains: "not a domain",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("The slug takes lower-case letters, digits and hyphens between them");
    expect(bad.body).toContain("“not” is not a domain");
    const taken = await post("/ops/universities/new", {
      ...HARBOUR,
      slug: "demo-university",
      microsite_host: "second-university.localhost",
    });
    expect(taken.status).toBe(400);
    expect(taken.body).toContain("The slug demo-university is Demo University&#x27;s already: choose another");
    expect(taken.body).toContain("second-university.localhost is Second University&#x27;s microsite already");
    // An email domain is one university's: Second University's, or one under it, is refused.
    const domain = await post("/ops/universities/new", {
      ...HARBOUR,
      email_domains: "harbour.ac.uk\nstaff.second.test",
    });
    expect(domain.status).toBe(400);
    expect(domain.body).toContain(
      "“staff.second.test” shares addresses with “second.test”, Second University&#x27;s: an email domain belongs to one university.",
    );
    expect((await get("/ops/universities?q=harbour")).body).toContain("No university matches.");
  });

  it("creates it, its first admin registers as its staff, is approved from the console, and opens the dashboard", async () => {
    const created = await post("/ops/universities/new", HARBOUR);
    expect(created.status).toBe(303);
    expect(created.location).toMatch(/^\/ops\/universities\/\d+$/);
    expect(flash(created)).toBe("Harbour University is created. Choose its plan and logo below.");
    harbourPath = created.location!;
    const page = await get(harbourPath);
    expect(page.status).toBe(200);
    expect(page.body).toContain("<h1");
    expect(page.body).toContain("Harbour University");
    expect(page.body).toContain("No administrator yet.");
    expect(page.body).toContain("Not set up.");
    // Its microsite is known at once: its login page is in its name.
    expect((await request(server, { path: "/login", host: "harbour.localhost" })).body).toContain("Harbour University");

    // The head of careers asks for an account, confirms the address and chooses a password: waiting.
    const asked = await post(
      "/university-user-registration",
      { university: "harbour", name: "Grace Hopper", email: HEAD, job_title: "Head of careers" },
      "",
    );
    expect(asked.location).toBe("/university-user-registration?sent=1");
    const confirm = await mailTo(HEAD, /^Confirm your email/);
    const link = new URL(/https?:\/\/\S+\/register\/setup-account-redirection\/\S+/.exec(confirm.text ?? "")![0]);
    const chosen = await post(
      link.pathname + link.search,
      { password: "Harbour-light-2030", confirm_password: "Harbour-light-2030" },
      "",
    );
    expect(chosen.location).toBe("/pre-auth-student");
    const waiting = `sid=${cookieSet(chosen, "sid")}`;
    expect((await get("/university-dashboard", waiting)).location).toBe("/pre-auth-student");

    const withAdmin = await get(harbourPath);
    expect(withAdmin.body).toContain(HEAD);
    expect(withAdmin.body).toContain("Awaiting approval");
    expect(withAdmin.body).toContain('aria-label="Approve Grace Hopper"');

    // An address of another university is not approved from this one's page.
    expect((await post(harbourPath, { intent: "approve-admin", email: "admin@demo.test" })).status).toBe(404);
    const approved = await post(harbourPath, { intent: "approve-admin", email: HEAD });
    expect(approved.status).toBe(303);
    expect(flash(approved)).toBe(
      "Grace Hopper is approved as Harbour University's administrator and has been told by email.",
    );
    await mailTo(HEAD, /^Your Harbour University careers account is approved$/);
    // The session they waited in sees it at once, and a new login lands on the dashboard.
    expect((await get("/university-dashboard", waiting)).status).toBe(200);
    const admin = await loginAs(server, HEAD, "localhost", "Harbour-light-2030");
    const dashboard = await get("/university-dashboard", admin);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toContain("Harbour University");

    // The first is approved: later ones are the university's own administrator's to approve.
    const after = await get(harbourPath);
    expect(after.body).toContain("Active");
    expect(after.body).not.toContain(">Approve<");
  });

  it("gives a slug or an email domain several staff ask for at once to one of them, and tells the others it is taken", async () => {
    // On a PostgreSQL server the eight transactions overlap: each checks the slug before any has written it.
    const asked = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post("/ops/universities/new", {
          ...HARBOUR,
          name: `Quay University ${i}`,
          slug: "quay",
          microsite_host: "",
          email_domains: "",
        }),
      ),
    );
    const statuses = asked.map((r) => r.status).sort();
    expect(statuses).toEqual([303, 400, 400, 400, 400, 400, 400, 400]);
    const winner = asked.findIndex((r) => r.status === 303);
    for (const refused of asked.filter((r) => r.status === 400))
      expect(refused.body).toContain(`The slug quay is Quay University ${winner}&#x27;s already: choose another`);
    const listed = (await get("/ops/universities?q=quay")).body;
    expect(new Set(listed.match(/Quay University \d/g))).toEqual(new Set([`Quay University ${winner}`]));

    // An email domain likewise: eight universities claiming one at once, one has it.
    const claimed = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post("/ops/universities/new", {
          ...HARBOUR,
          name: `Pier University ${i}`,
          slug: `pier-${i}`,
          microsite_host: "",
          email_domains: "pier.ac.uk",
        }),
      ),
    );
    expect(claimed.map((r) => r.status).sort()).toEqual([303, 400, 400, 400, 400, 400, 400, 400]);
    const holder = claimed.findIndex((r) => r.status === 303);
    for (const refused of claimed.filter((r) => r.status === 400))
      expect(refused.body).toContain(`“pier.ac.uk” is Pier University ${holder}&#x27;s: an email domain`);
  });
});

describe("editing a university", () => {
  it("refuses another's microsite host with 400 and nothing changed, then saves; closing self-registration closes /register", async () => {
    const details = { ...HARBOUR, intent: "save-details" };
    const taken = await post(harbourPath, { ...details, microsite_host: "demo-university.localhost" });
    expect(taken.status).toBe(400);
    expect(taken.body).toContain("demo-university.localhost is Demo University&#x27;s microsite already");
    expect((await get("/register/harbour", "")).body).toContain("Create account");

    const { self_registration: _open, ...closed } = details;
    const saved = await post(harbourPath, { ...closed, name: "Harbour University London" });
    expect(saved.status).toBe(303);
    expect(flash(saved)).toBe("Harbour University London's details are saved.");
    const register = await get("/register/harbour", "");
    expect(register.body).toContain("Harbour University London does not take registrations here");
    expect(register.body).not.toContain("Create account</button>");
    const refused = await post("/register/harbour", { name: "Sam Shut", email: "sam@harbour.ac.uk" }, "");
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("Harbour University London does not take registrations here");
  });

  it("changes the plan only with a fresh authentication code", async () => {
    const plan = { intent: "save-plan", plan_career_hub: "on", plan_country_guides: "on" };
    const none = await post(harbourPath, plan);
    expect(none.status).toBe(401);
    expect(none.body).toContain("Enter the authentication code from your app");
    const wrong = await post(harbourPath, { ...plan, code: authenticatorCode(DEMO_STAFF_TOTP, 5) });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain("That code is not right, or has been used already");
    expect((await get(harbourPath)).body).toContain("Now: None.");
    // The login took this step's code (or the next one's): the next step's is fresh.
    const right = await post(harbourPath, { ...plan, code: authenticatorCode(DEMO_STAFF_TOTP, 1) });
    expect(right.status).toBe(303);
    expect((await get(harbourPath)).body).toContain("Now: Career hub, Country guides.");
  });

  it("saves the colour and the logo through the university profile's functions", async () => {
    const pale = await post(harbourPath, { intent: "save-colour", brand_colour: "#ffff00" });
    expect(pale.status).toBe(400);
    expect(pale.body).toContain("contrast of only");
    expect((await post(harbourPath, { intent: "save-colour", brand_colour: "#0F766E" })).status).toBe(303);

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const boundary = "----ops-logo-7c1e";
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload-logo\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="harbour.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await requestBytes(server, {
      path: harbourPath,
      method: "POST",
      cookie: staff,
      body,
      type: `multipart/form-data; boundary=${boundary}`,
    });
    expect(uploaded.status).toBe(303);
    const logoUrl = /src="(\/university-logo\/harbour\.[0-9a-f]{16}\.png)"/.exec((await get(harbourPath)).body)?.[1];
    expect(logoUrl).toBeDefined();
    expect((await requestBytes(server, { path: logoUrl! })).status).toBe(200);
  });

  it("records every change in the audit log as the staff member's, in the same transactions", async () => {
    const id = Number(harbourPath.split("/").at(-1));
    const read = running!;
    running = undefined;
    const { entries, stored } = await read.stopAndRead(async (db) => ({
      entries: await db.select().from(auditLog).where(eq(auditLog.universityId, id)).orderBy(auditLog.id),
      stored: await db.select({ id: users.id }).from(users).where(eq(users.email, "sam@harbour.ac.uk")),
    }));
    const [ops] = entries.filter((e) => e.action === "university.created");
    expect(ops).toMatchObject({ actorRole: "platform_staff", targetType: "university", targetId: String(id) });
    expect(ops!.actorId).not.toBeNull();
    expect(entries.map((e) => e.action)).toEqual([
      "university.created",
      "account.approved",
      "university.updated",
      "university.plan_changed",
      "university.branding_updated",
      "university.logo_changed",
    ]);
    expect(entries.every((e) => e.actorId === ops!.actorId && e.actorRole === "platform_staff")).toBe(true);
    expect(entries[2]!.changes).toEqual({
      name: { before: "Harbour University", after: "Harbour University London" },
      selfRegistrationOpen: { before: true, after: false },
    });
    expect(entries[3]!.changes).toEqual({
      planCareerHub: { before: false, after: true },
      planCountryGuides: { before: false, after: true },
    });
    // The refused registration stored nobody.
    expect(stored).toEqual([]);
  });
});
