import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestSmtpServer } from "../support/smtp";
import {
  DEMO_PASSWORD,
  type Reply,
  type TestServer,
  cookieSet,
  loginAs,
  request,
  startServerWithMail,
} from "./harness";

// A real SMTP server in this process receives what the server sends. TRUST_PROXY lets each test
// ask from an address of its own, so one test's rate limits do not spend another's.
let server: TestServer;
let smtp: TestSmtpServer;
let stop = async () => {};
beforeAll(async () => {
  ({ server, smtp, stop } = await startServerWithMail({ TRUST_PROXY: "true" }));
});
afterAll(() => stop());

const post = (path: string, form: Record<string, string>, opts: { ip?: string; cookie?: string } = {}) =>
  request(server, {
    path,
    form,
    cookie: opts.cookie,
    headers: { Origin: `http://localhost:${server.port}`, "X-Forwarded-For": opts.ip ?? "203.0.113.1" },
  });

const linkIn = (text: string | undefined, path: string) => {
  const url = new RegExp(`https?://[^\\s]*${path}[^\\s]*`).exec(text ?? "")?.[0];
  if (!url) throw new Error(`no ${path} link in:\n${text}`);
  return new URL(url);
};

const loggedIn = async (cookie: string) =>
  (JSON.parse((await request(server, { path: "/check-user-loggedin", cookie })).body) as { role: string | null })
    .role !== null;

describe("forgot password", () => {
  it("asks for the email, on the university's page by slug or by id", async () => {
    const r = await request(server, { path: "/forgot-password/demo-university" });
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/<label for="email"[^>]*>Email<\/label>/);
    expect(r.body).toContain(">Send reset link</button>");
    expect(r.body).toContain("Enter the email address of your Demo University account");
    expect((await request(server, { path: "/forgot-password/1" })).body).toMatch(
      /Enter the email address of your (Demo|Second) University account/,
    );
    expect((await request(server, { path: "/forgot-password/no-such-university" })).status).toBe(404);
  });

  it("answers the same for an unknown address and emails a one-hour link only to a known one", async () => {
    const unknown = await post(
      "/forgot-password/demo-university",
      { email: "nobody@demo.test" },
      { ip: "203.0.113.10" },
    );
    const known = await post(
      "/forgot-password/demo-university",
      { email: "Basic.Student@demo.test" },
      { ip: "203.0.113.10" },
    );
    expect(unknown.status).toBe(303);
    expect(known.status).toBe(303);
    expect(unknown.location).toBe(known.location);
    expect(known.location).toBe("/forgot-password/demo-university?sent=1");
    expect((await request(server, { path: known.location! })).body).toContain(
      "If an account uses the address you gave",
    );

    const mail = await smtp.next(
      (m) => m.envelopeTo.includes("basic.student@demo.test") && m.subject === "Reset your password",
    );
    // Messages go out in the order they were queued: had the unknown address had one, it would be here by now.
    expect(smtp.received.some((m) => m.envelopeTo.includes("nobody@demo.test"))).toBe(false);
    expect(mail.text).toContain("one hour");
    expect(mail.html).toContain("Demo University");
    expect(linkIn(mail.text, "/reset-password/").pathname).toMatch(/^\/reset-password\/[A-Za-z0-9_-]{43}$/);
  });

  it("says what is wrong with the address and keeps what was typed", async () => {
    const r = await post("/forgot-password/demo-university", { email: "not-an-address" }, { ip: "203.0.113.11" });
    expect(r.status).toBe(400);
    expect(r.body).toContain("Enter an email address in the right format");
    expect(r.body).toContain('value="not-an-address"');
  });

  it("limits the links one address can be sent", async () => {
    const ask = (i: number) =>
      post("/forgot-password/demo-university", { email: "limit-me@demo.test" }, { ip: `203.0.113.${50 + i}` });
    for (let i = 0; i < 3; i++) expect((await ask(i)).status).toBe(303);
    const refused = await ask(3);
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    expect(refused.body).toContain("Too many reset links");
  });
});

describe("reset password", () => {
  async function resetLink(email: string, ip: string) {
    const before = smtp.received.length;
    expect((await post("/forgot-password/demo-university", { email }, { ip })).status).toBe(303);
    const mail = await smtp.next(
      (m) => smtp.received.indexOf(m) >= before && m.envelopeTo.includes(email) && m.subject === "Reset your password",
    );
    return linkIn(mail.text, "/reset-password/").pathname;
  }

  it("sets a new password once, ends every session and says so by email", async () => {
    const email = "basic.student@demo.test";
    const oldSession = await loginAs(server, email);
    const link = await resetLink(email, "203.0.113.20");

    const page = await request(server, { path: link });
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<label for="password"[^>]*>New password<\/label>/);
    expect(page.body).toMatch(/<label for="confirm_password"[^>]*>Confirm new password<\/label>/);
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');

    const mismatch: Reply = await post(link, { password: "Lantern-orbit-94", confirm_password: "Lantern-orbit-95" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toContain("The two passwords do not match");
    const common = await post(link, { password: "qwertyuiop", confirm_password: "qwertyuiop" });
    expect(common.body).toContain("one of the most common");
    expect(common.body).not.toContain('value="qwertyuiop"');

    const done = await post(link, { password: "Lantern-orbit-94", confirm_password: "Lantern-orbit-94" });
    expect(done.status).toBe(303);
    expect(done.location).toBe("/login");
    expect(cookieSet(done, "flash")).toContain("Your password has been changed");
    expect(await loggedIn(oldSession)).toBe(false);

    const again = await post(link, { password: "Lantern-orbit-94", confirm_password: "Lantern-orbit-94" });
    expect(again.status).toBe(410);
    expect(again.body).toContain("already been used");
    expect((await request(server, { path: link })).status).toBe(410);

    const login = await request(server, {
      path: "/login",
      form: { email, password: "Lantern-orbit-94" },
      headers: { Origin: `http://localhost:${server.port}` },
    });
    expect(login.status).toBe(303);
    const notice = await smtp.next(
      (m) => m.envelopeTo.includes(email) && m.subject === "Your password has been changed",
    );
    expect(notice.text).toContain("logged out everywhere else");
  });

  it("answers a made-up link with 404 and a way to ask for a new one", async () => {
    const r = await request(server, { path: `/reset-password/${"A".repeat(43)}` });
    expect(r.status).toBe(404);
    expect(r.body).toContain("This link does not work");
    expect(r.body).toContain('href="/login?next=forgot-password"');
    expect(
      (
        await post(`/reset-password/${"B".repeat(43)}`, {
          password: "Lantern-orbit-94",
          confirm_password: "Lantern-orbit-94",
        })
      ).status,
    ).toBe(410);
  });
});

describe("change password", () => {
  it("checks the current password, then ends every other session but keeps this one", async () => {
    const email = "predeparture@demo.test";
    const here = await loginAs(server, email);
    const elsewhere = await loginAs(server, email);
    const page = await request(server, { path: "/jumpstart-change-password", cookie: here });
    expect(page.status).toBe(200);
    for (const [id, label] of [
      ["current_password", "Current password"],
      ["password", "New password"],
      ["confirm_password", "Confirm new password"],
    ]) {
      expect(page.body).toMatch(new RegExp(`<label for="${id}"[^>]*>${label}</label>`));
    }

    const wrong = await post(
      "/jumpstart-change-password",
      { current_password: "nope", password: "Harbour-kite-2027", confirm_password: "Harbour-kite-2027" },
      { cookie: here },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain("Your current password is not right");

    const ok = await post(
      "/jumpstart-change-password",
      { current_password: DEMO_PASSWORD, password: "Harbour-kite-2027", confirm_password: "Harbour-kite-2027" },
      { cookie: here },
    );
    expect(ok.status).toBe(303);
    expect(ok.location).toBe("/jumpstart-change-password");
    expect(await loggedIn(here)).toBe(true);
    expect(await loggedIn(elsewhere)).toBe(false);
    await smtp.next((m) => m.envelopeTo.includes(email) && m.subject === "Your password has been changed");
  });

  it("sends a visitor to log in and refuses a cross-site post", async () => {
    const visitor = await request(server, { path: "/student-change-password" });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe("/login");
    const cookie = await loginAs(server, "student@demo.test");
    const crossSite = await request(server, {
      path: "/student-change-password",
      cookie,
      form: { current_password: DEMO_PASSWORD, password: "Harbour-kite-2027", confirm_password: "Harbour-kite-2027" },
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect(await loggedIn(cookie)).toBe(true);
  });
});
