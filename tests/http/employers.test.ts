import { Readable } from "node:stream";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { auditLog, employerOrganisations, sponsorOrganisations } from "~/db/schema";
import { importRegister } from "~/features/sponsors/import.server";
import { type TestSmtpServer, startSmtpServer } from "../support/smtp";
import { type TestServer, cookieSet, loginAs, loginAsStaff, request, startServerWithData } from "./harness";

// Employer accounts (issue 31, first slice): registration confirmed by email, matching to the sponsor
// register, automatic verification of an A-rated entry at the work email's domain, and staff verification
// from the moderation queue.
let server: TestServer;
let smtp: TestSmtpServer;
let stopAndRead: <R>(read: (db: Db) => Promise<R>) => Promise<R>;
let slugs: { acmeA: string; acmeB: string; other: string };

const REGISTER = [
  "Organisation Name,Town/City,County,Type & Rating,Route",
  "Acme Trading Ltd,Leeds,,Worker (A rating),Skilled Worker",
  "Acme Trading Services Ltd,York,,Worker (B rating),Skilled Worker",
  "Zephyr Foods Ltd,Leeds,,Worker (A rating),Skilled Worker",
].join("\n");

beforeAll(async () => {
  smtp = await startSmtpServer();
  const started = await startServerWithData(
    async (db) => {
      await importRegister(db, Readable.from([`${REGISTER}\n`]), { registerDate: "2026-11-20", source: "fixture" });
      const rows = await db.select().from(sponsorOrganisations);
      const slugOf = (name: string) => rows.find((r) => r.name === name)!.slug;
      return {
        acmeA: slugOf("Acme Trading Ltd"),
        acmeB: slugOf("Acme Trading Services Ltd"),
        other: slugOf("Zephyr Foods Ltd"),
      };
    },
    // No demo jobs: with a register in, a new embedded database would generate 3,000 in the job runner, ahead of the emails.
    { SMTP_URL: smtp.url, PUBLIC_URL: "http://localhost", TRUST_PROXY: "true", DEMO_JOBS: "0" },
  );
  ({ server, stopAndRead, prepared: slugs } = started);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

let client = 0;
const post = (path: string, form: Record<string, string>, cookie?: string) =>
  request(server, {
    path,
    form,
    cookie,
    headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": `198.51.100.${++client}` },
  });
const page = (path: string, cookie?: string) => request(server, { path, cookie });
const linkIn = (text: string | undefined, prefix: string) => {
  const url = new RegExp(`https?://\\S*${prefix}\\S*`).exec(text ?? "")?.[0];
  if (!url) throw new Error(`no ${prefix} link in:\n${text}`);
  const { pathname, search } = new URL(url);
  return pathname + search;
};

/** Registers, follows the emailed link, chooses the password: the new employer's session cookie. */
async function registerAndConfirm(form: { organisation_name: string; organisation_website: string; email: string }) {
  const sent = await post("/employer/register", { ...form, name: "Jo Employer" });
  expect(sent.status).toBe(303);
  expect(sent.location).toBe("/employer/register?sent=1");
  const mail = await smtp.next((m) => m.envelopeTo.includes(form.email) && /^Confirm your email/.test(m.subject ?? ""));
  expect(mail.text).toContain("You asked for an employer account");
  const setup = linkIn(mail.text, "/register/setup-account-redirection/");
  expect((await page(setup)).status).toBe(200);
  const chosen = await post(setup, { password: "Meadow-lark-2031", confirm_password: "Meadow-lark-2031" });
  expect(chosen.status).toBe(303);
  expect(chosen.location).toBe("/employer-dashboard");
  return `sid=${cookieSet(chosen, "sid")}`;
}

let acme: string;
let bramble: string;
let corvid: string;

describe("/employers", () => {
  it("offers visitors “Post a job” and “Log in”", async () => {
    const r = await page("/employers");
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/<a[^>]*href="\/employer\/register"[^>]*>Post a job<\/a>/);
    expect(r.body).toMatch(/<a[^>]*href="\/login"[^>]*>Log in<\/a>/);
  });
});

describe("/employer/register", () => {
  it("answers 400 with each field's error, storing nothing", async () => {
    const r = await post("/employer/register", {
      organisation_name: "",
      organisation_website: "not a site",
      name: "J",
      email: "nobody",
    });
    expect(r.status).toBe(400);
    expect(r.body).toContain("Enter your organisation&#x27;s name");
    expect(r.body).toContain("Enter your organisation&#x27;s website, like www.example.com");
    expect(r.body).toContain("Enter your full name");
    expect(r.body).toContain("Enter an email address in the right format");
  });

  it("confirms the address by email and logs the employer in to their dashboard", async () => {
    acme = await registerAndConfirm({
      organisation_name: "Acme Trading",
      organisation_website: "https://www.acme-trading.test",
      email: "jo@careers.acme-trading.test",
    });
    const dashboard = await page("/employer-dashboard", acme);
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers["cache-control"]).toMatch(/private|no-store/);
    expect(dashboard.body).toContain("Not verified: find your organisation on the sponsor register");
    // The checker's matches for the name are offered, and no other entry.
    expect(dashboard.body).toContain(`value="${slugs.acmeA}"`);
    expect(dashboard.body).toContain(`value="${slugs.acmeB}"`);
    expect(dashboard.body).not.toContain(`value="${slugs.other}"`);
  });

  it("is rate limited per address like every registration form", async () => {
    const form = {
      organisation_name: "Limit Test",
      organisation_website: "limit.test",
      name: "Lee Limit",
      email: "lee@limit.test",
    };
    for (let i = 0; i < 3; i++) expect((await post("/employer/register", form)).status).toBe(303);
    const refused = await post("/employer/register", form);
    expect(refused.status).toBe(429);
  });

  it("is for visitors: a logged-in employer is sent back", async () => {
    expect((await page("/employer/register", acme)).status).toBe(302);
  });
});

describe("matching and automatic verification", () => {
  it("refuses an entry that was not offered", async () => {
    const r = await post("/employer-dashboard", { entry: slugs.other }, acme);
    expect(r.status).toBe(400);
    expect(r.body).toContain("Choose one of the entries listed");
  });

  it("verifies an A-rated entry when the work email is at the website's domain, audited", async () => {
    const r = await post("/employer-dashboard", { entry: slugs.acmeA }, acme);
    expect(r.status).toBe(303);
    const dashboard = await page("/employer-dashboard", acme);
    expect(dashboard.body).toMatch(/data-testid="verification-status">Verified</);
    expect(dashboard.body).toContain("Acme Trading Ltd, Leeds");
    expect((await post("/employer-dashboard", { entry: slugs.acmeA }, acme)).status).toBe(409);
  });

  it("never verifies an A-rated entry by itself at a website that does not carry its name", async () => {
    const cookie = await registerAndConfirm({
      organisation_name: "Zephyr Foods",
      organisation_website: "fresh-domain.test",
      email: "max@fresh-domain.test",
    });
    expect((await page("/employer-dashboard", cookie)).body).toContain(`value="${slugs.other}"`);
    expect((await post("/employer-dashboard", { entry: slugs.other }, cookie)).status).toBe(303);
    expect((await page("/employer-dashboard", cookie)).body).toContain("Not verified yet: our team is checking");
  });

  it("never verifies a B-rated entry by itself: it waits for staff", async () => {
    const cookie = await registerAndConfirm({
      organisation_name: "Acme Trading Services",
      organisation_website: "acme-services.test",
      email: "sam@acme-services.test",
    });
    expect((await post("/employer-dashboard", { entry: slugs.acmeB }, cookie)).status).toBe(303);
    expect((await page("/employer-dashboard", cookie)).body).toContain("Not verified yet: our team is checking");
  });
});

describe("staff verification from /ops/moderation", () => {
  let staff: string;
  const queueIdOf = async (name: string) => {
    const list = await page("/ops/moderation?kind=employer", staff);
    expect(list.status).toBe(200);
    const id = new RegExp(`href="/ops/moderation/employer/(\\d+)"[^>]*>${name}<`).exec(list.body)?.[1];
    if (!id) throw new Error(`${name} is not in the queue:\n${list.body}`);
    return id;
  };

  beforeAll(async () => {
    bramble = await registerAndConfirm({
      organisation_name: "Bramble Studio",
      organisation_website: "bramble.test",
      email: "kit@bramble.test",
    });
    expect((await post("/employer-dashboard", { entry: "none" }, bramble)).status).toBe(303);
    corvid = await registerAndConfirm({
      organisation_name: "Corvid Labs",
      organisation_website: "corvid.test",
      email: "ash@mailbox.test",
    });
    expect((await post("/employer-dashboard", { entry: "none" }, corvid)).status).toBe(303);
    staff = await loginAsStaff(server);
  });

  it("lists waiting employers but not verified ones", async () => {
    const list = await page("/ops/moderation?kind=employer", staff);
    expect(list.body).toContain("Bramble Studio");
    expect(list.body).toContain("Corvid Labs");
    expect(list.body).not.toContain("Acme Trading Ltd");
  });

  it("approves an employer whose email is at its website's domain: verified, emailed, audited", async () => {
    const id = await queueIdOf("Bramble Studio");
    const item = await page(`/ops/moderation/employer/${id}`, staff);
    expect(item.body).toContain("Says it holds no licence");
    const r = await post(`/ops/moderation/employer/${id}`, { intent: "approve", reason: "" }, staff);
    expect(r.status).toBe(303);
    const mail = await smtp.next(
      (m) => m.envelopeTo.includes("kit@bramble.test") && /is verified/.test(m.subject ?? ""),
    );
    expect(mail.subject).toBe("Bramble Studio is verified");
    expect((await page("/employer-dashboard", bramble)).body).toMatch(/data-testid="verification-status">Verified</);
  });

  it("refuses to approve when the domains differ, changing nothing; rejects with a reason by email", async () => {
    const id = await queueIdOf("Corvid Labs");
    const refused = await post(`/ops/moderation/employer/${id}`, { intent: "approve", reason: "" }, staff);
    expect(refused.status).toBe(409);
    expect(refused.body).toContain("is not at the website&#x27;s domain corvid.test");
    expect(await queueIdOf("Corvid Labs")).toBe(id);
    const rejected = await post(
      `/ops/moderation/employer/${id}`,
      { intent: "reject", reason: "Register with your corvid.test address." },
      staff,
    );
    expect(rejected.status).toBe(303);
    const mail = await smtp.next(
      (m) => m.envelopeTo.includes("ash@mailbox.test") && /^About Corvid/.test(m.subject ?? ""),
    );
    expect(mail.text).toContain("Register with your corvid.test address.");
    expect((await page("/employer-dashboard", corvid)).body).toContain("our team could not verify");
  });
});

describe("who sees an employer's dashboard", () => {
  it("shows each employer their own organisation only", async () => {
    const own = await page("/employer-dashboard", bramble);
    expect(own.body).toContain("Bramble Studio");
    expect(own.body).not.toContain("Acme Trading");
    expect(own.body).not.toContain("Corvid");
    expect((await page("/employer-dashboard", acme)).body).not.toContain("Bramble");
  });

  it("sends a visitor to log in and a student to their own dashboard", async () => {
    expect((await page("/employer-dashboard")).location).toMatch(/^\/login/);
    const student = await loginAs(server, "student@demo.test");
    expect((await page("/employer-dashboard", student)).location).toBe("/student-dashboard");
  });

  it("keeps the demo employers: the recruiter verified, the pending employer waiting", async () => {
    const recruiter = await loginAs(server, "recruiter@demo-employer.test");
    expect((await page("/employer-dashboard", recruiter)).body).toMatch(/data-testid="verification-status">Verified</);
    const pending = await loginAs(server, "pending@demo-employer.test");
    expect((await page("/employer-dashboard", pending)).body).toContain("Not verified yet");
  });
});

describe("colleagues", () => {
  let rae: string;
  let raeId: string;

  it("lets no one invite for an organisation that is not verified", async () => {
    const r = await post(
      "/employer/colleagues",
      { intent: "invite", name: "Kim Corvid", email: "kim@corvid.test" },
      corvid,
    );
    expect(r.status).toBe(403);
    expect(r.body).toContain("is not verified yet");
  });

  it("invites only at the organisation's domain, and never an address that has an account", async () => {
    const elsewhere = await post(
      "/employer/colleagues",
      { intent: "invite", name: "Rae Colleague", email: "rae@mailbox.test" },
      acme,
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toContain("Enter a work address at acme-trading.test");
    const taken = await post(
      "/employer/colleagues",
      { intent: "invite", name: "Jo Again", email: "jo@careers.acme-trading.test" },
      acme,
    );
    expect(taken.status).toBe(409);
    expect((await page("/employer/colleagues", acme)).body).not.toContain("rae@mailbox.test");
  });

  it("emails the colleague a link to join, after which they act for the same organisation", async () => {
    const sent = await post(
      "/employer/colleagues",
      { intent: "invite", name: "Rae Colleague", email: "rae@acme-trading.test" },
      acme,
    );
    expect(sent.status).toBe(303);
    expect((await page("/employer/colleagues", acme)).body).toContain("Invited, not joined yet");
    const mail = await smtp.next((m) => m.envelopeTo.includes("rae@acme-trading.test"));
    expect(mail.text).toContain("Jo Employer invited you to join Acme Trading's employer account");
    const setup = linkIn(mail.text, "/register/setup-account-redirection/");
    const chosen = await post(setup, { password: "Meadow-lark-2031", confirm_password: "Meadow-lark-2031" });
    expect(chosen.location).toBe("/employer-dashboard");
    rae = `sid=${cookieSet(chosen, "sid")}`;
    const dashboard = await page("/employer-dashboard", rae);
    expect(dashboard.body).toContain("Acme Trading");
    expect(dashboard.body).toMatch(/data-testid="verification-status">Verified</);
    const list = await page("/employer/colleagues", acme);
    raeId = /name="person" value="(\d+)"/.exec(list.body)![1]!;
  });

  it("lets another organisation remove no one of this one's", async () => {
    const r = await post("/employer/colleagues", { intent: "remove", person: raeId }, bramble);
    expect(r.status).toBe(404);
    expect((await page("/employer-dashboard", rae)).status).toBe(200);
  });

  it("removes a colleague who left: their sessions end and the page says so", async () => {
    const r = await post("/employer/colleagues", { intent: "remove", person: raeId }, acme);
    expect(r.status).toBe(303);
    expect((await page("/employer-dashboard", rae)).status).not.toBe(200);
    expect((await page("/employer/colleagues", acme)).body).toContain("Removed");
  });
});

describe("a forgotten password", () => {
  it("is reset from the main site's page, which the main login offers to accounts of no university", async () => {
    expect((await page("/login")).body).toMatch(/<a[^>]*href="\/forgot-password"[^>]*>Reset your password<\/a>/);
    const form = await page("/forgot-password");
    expect(form.status).toBe(200);
    expect(form.body).toContain("Enter the email address of your Career Platform account");
    const sent = await post("/forgot-password", { email: "sam@acme-services.test" });
    expect(sent.location).toBe("/forgot-password?sent=1");
    const mail = await smtp.next(
      (m) => m.envelopeTo.includes("sam@acme-services.test") && m.subject === "Reset your password",
    );
    const reset = linkIn(mail.text, "/reset-password/");
    expect((await post(reset, { password: "Harbour-light-2032", confirm_password: "Harbour-light-2032" })).status).toBe(
      303,
    );
    const login = await post("/login", { email: "sam@acme-services.test", password: "Harbour-light-2032" });
    expect(login.location).toBe("/login-success");
    expect(cookieSet(login, "sid")).toBeTruthy();
  });
});

describe("what was stored", () => {
  it("holds the organisations with how each was verified, and the audit of every verification", async () => {
    const { organisations, audit, colleagues } = await stopAndRead(async (db) => ({
      organisations: await db.select().from(employerOrganisations).orderBy(asc(employerOrganisations.id)),
      audit: await db.select().from(auditLog).where(eq(auditLog.targetType, "employer_organisation")),
      colleagues: await db.select().from(auditLog).where(eq(auditLog.targetType, "user")),
    }));
    const byName = new Map(organisations.map((o) => [o.name, o]));
    // The 400 stored nothing; the limited address made one organisation.
    expect([...byName.keys()].sort()).toEqual(
      ["Acme Trading", "Acme Trading Services", "Bramble Studio", "Corvid Labs", "Limit Test", "Zephyr Foods"]
        .concat(["Demo Employer Ltd", "Pending Demo Employer Ltd"])
        .sort(),
    );
    expect(byName.get("Acme Trading")).toMatchObject({
      verification: "register_a_rated",
      websiteDomain: "acme-trading.test",
    });
    expect(byName.get("Acme Trading Services")).toMatchObject({ verification: null, verifiedAt: null });
    expect(byName.get("Zephyr Foods")).toMatchObject({ verification: null, registerOrgKey: expect.any(String) });
    expect(byName.get("Bramble Studio")).toMatchObject({ verification: "staff", holdsNoLicence: true });
    expect(byName.get("Bramble Studio")!.verifiedBy).not.toBeNull();
    expect(byName.get("Corvid Labs")).toMatchObject({ verification: null });
    expect(byName.get("Corvid Labs")!.rejectedAt).not.toBeNull();
    expect(colleagues.map((a) => a.action).sort()).toEqual([
      "employer.colleague_invited",
      "employer.colleague_removed",
    ]);
    expect(audit.map((a) => [a.action, a.actorRole, a.targetId]).sort()).toEqual(
      [
        ["employer.verified", "employer", String(byName.get("Acme Trading")!.id)],
        ["employer.verified", "platform_staff", String(byName.get("Bramble Studio")!.id)],
        ["employer.rejected", "platform_staff", String(byName.get("Corvid Labs")!.id)],
      ].sort(),
    );
  });
});
