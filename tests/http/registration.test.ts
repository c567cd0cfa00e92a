import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestSmtpServer } from "../support/smtp";
import { type TestServer, cookieSet, loginAs, request, startServerWithMail } from "./harness";

let server: TestServer;
let smtp: TestSmtpServer;
let stop = async () => {};
beforeAll(async () => {
  ({ server, smtp, stop } = await startServerWithMail({ TRUST_PROXY: "true" }));
});
afterAll(() => stop());

let client = 0;
const post = (path: string, form: Record<string, string>) =>
  request(server, {
    path,
    form,
    headers: { Origin: `http://localhost:${server.port}`, "X-Forwarded-For": `198.51.100.${++client % 250}` },
  });

const mailTo = (to: string, subject: RegExp) =>
  smtp.next((m) => m.envelopeTo.includes(to) && subject.test(m.subject ?? ""));
const pathIn = (text: string | undefined, prefix: string) => {
  const url = new RegExp(`https?://\\S*${prefix}\\S*`).exec(text ?? "")?.[0];
  if (!url) throw new Error(`no ${prefix} link in:\n${text}`);
  const { pathname, search } = new URL(url);
  return pathname + search;
};

const PROFILE = {
  course: "MSc Data Science",
  study_level: "postgraduate_taught",
  graduation: "2027-09",
  home_country: "104",
  visa_type: "student",
};

describe("registration with a university email", () => {
  it("asks for the full name and email", async () => {
    const r = await request(server, { path: "/register/demo-university" });
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/<label for="name"[^>]*>Full name<\/label>/);
    expect(r.body).toMatch(/<label for="email"[^>]*>Email<\/label>/);
    expect(r.body).toContain(">Create account</button>");
    expect(r.body).toContain("ending @demo.test");
    expect((await request(server, { path: "/register/nowhere" })).status).toBe(404);
  });

  it("confirms the address, sets the password, asks about the studies and logs the student in", async () => {
    const email = "Nadia.Rahman@demo.test";
    const sent = await post("/register/demo-university", { name: "Nadia Rahman", email });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe("/register/demo-university?sent=1");

    const mail = await mailTo(email, /^Confirm your email/);
    expect(mail.html).toContain("Demo University");
    const setup = pathIn(mail.text, "/register/setup-account-redirection/");
    expect(setup).toMatch(/^\/register\/setup-account-redirection\/Nadia\.Rahman%40demo\.test\?token=[\w-]{43}$/);

    const page = await request(server, { path: setup });
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<label for="password"[^>]*>Password<\/label>/);
    expect(page.body).toMatch(/<label for="confirm_password"[^>]*>Confirm password<\/label>/);
    expect(page.body).toContain(">Continue</button>");

    expect((await post(setup, { password: "short", confirm_password: "short" })).body).toContain(
      "Use at least 10 characters",
    );
    const chosen = await post(setup, { password: "Meadow-lark-2031", confirm_password: "Meadow-lark-2031" });
    expect(chosen.status).toBe(303);
    expect(chosen.location).toMatch(
      /^\/register\/setup-account\/update-profile\/Nadia\.Rahman%40demo\.test\?token=[\w-]{43}$/,
    );
    expect((await request(server, { path: setup })).status).toBe(410);

    const profilePage = await request(server, { path: chosen.location! });
    for (const [id, label] of [
      ["course", "Course"],
      ["study_level", "Level of study"],
      ["graduation", "Graduation date"],
      ["home_country", "Home country"],
      ["visa_type", "Current visa"],
    ]) {
      expect(profilePage.body).toMatch(new RegExp(`<label for="${id}"[^>]*>${label}</label>`));
    }
    const missing = await post(chosen.location!, { ...PROFILE, course: "", visa_type: "" });
    expect(missing.status).toBe(400);
    expect(missing.body).toContain("Enter your course");
    expect(missing.body).toContain("Choose your current visa");
    expect(missing.body).toContain('value="2027-09"');

    const done = await post(chosen.location!, PROFILE);
    expect(done.status).toBe(303);
    expect(done.location).toBe("/student-dashboard");
    const sid = cookieSet(done, "sid");
    expect(sid).toBeTruthy();
    const dashboard = await request(server, { path: "/student-dashboard", cookie: `sid=${sid}` });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toContain("Signed in as <strong>Nadia Rahman</strong>");
    expect((await post(chosen.location!, PROFILE)).status).toBe(410);

    const login = await request(server, {
      path: "/login",
      form: { email: "nadia.rahman@demo.test", password: "Meadow-lark-2031" },
      headers: { Origin: `http://localhost:${server.port}` },
    });
    expect(login.status).toBe(303);
  });

  it("answers the same for an address that has an account, and tells its owner by email", async () => {
    const r = await post("/register/demo-university", { name: "Someone Else", email: "student@demo.test" });
    expect(r.status).toBe(303);
    expect(r.location).toBe("/register/demo-university?sent=1");
    const mail = await mailTo("student@demo.test", /^You already have an account$/);
    expect(mail.text).toContain("/forgot-password/demo-university");
    expect(mail.text).not.toContain("setup-account");
  });

  it("sends a new link to an unfinished registration, and only the newest works", async () => {
    const email = "twice@demo.test";
    await post("/register/demo-university", { name: "Twice Over", email });
    const first = pathIn((await mailTo(email, /^Confirm your email/)).text, "/register/setup-account-redirection/");
    const before = smtp.received.length;
    await post("/register/demo-university", { name: "Twice Over", email });
    const second = pathIn(
      (await smtp.next((m) => smtp.received.indexOf(m) >= before && m.envelopeTo.includes(email))).text,
      "/register/setup-account-redirection/",
    );
    expect(second).not.toBe(first);
    expect((await request(server, { path: first })).status).toBe(410);
    expect((await request(server, { path: second })).status).toBe(200);
  });

  it("makes no account for an address outside the university's domains and points to access requests", async () => {
    const r = await post("/register/demo-university", { name: "Outside Person", email: "outside@gmail.example" });
    expect(r.status).toBe(400);
    expect(r.body).toContain("Use your Demo University email address, ending @demo.test");
    expect(r.body).toContain('href="/request-access/demo-university"');
    expect(r.body).toContain('value="outside@gmail.example"');
    const other = await post("/register/second-university", { name: "Outside Person", email: "someone@demo.test" });
    expect(other.status).toBe(400);
  });

  it("does nothing without a valid token, whatever address the path names", async () => {
    const fake = `/register/setup-account-redirection/student%40demo.test?token=${"C".repeat(43)}`;
    expect((await request(server, { path: fake })).status).toBe(404);
    expect((await post(fake, { password: "Meadow-lark-2031", confirm_password: "Meadow-lark-2031" })).status).toBe(410);
    expect((await request(server, { path: "/register/setup-account/update-profile/student%40demo.test" })).status).toBe(
      404,
    );
    expect((await post("/register/setup-account/update-profile/x?token=nope", PROFILE)).status).toBe(410);
  });
});

describe("the university-branded registration", () => {
  it("is the same registration in the university's name and colours, on the main site", async () => {
    const page = await request(server, { path: "/register-uni/demo-university" });
    expect(page.status).toBe(200);
    expect(page.body).toContain("--brand:#6d28d9");
    expect(page.body).toContain("/brand/demo-university.svg");
    expect(page.body).toContain(">Create account</button>");
    expect((await request(server, { path: "/register/demo-university" })).body).not.toContain("--brand:#6d28d9");
    const sent = await post("/register-uni/second-university", { name: "Sam Lee", email: "sam.lee@second.test" });
    expect(sent.location).toBe("/register-uni/second-university?sent=1");
    await mailTo("sam.lee@second.test", /^Confirm your email for Second University careers$/);
  });

  it("brands a university's pre-departure login the same way", async () => {
    const page = await request(server, { path: "/jumpstart-login/demo-university" });
    expect(page.body).toContain("--brand:#6d28d9");
    expect((await request(server, { path: "/jumpstart-login" })).body).not.toContain("--brand:");
  });
});

describe("referrals", () => {
  it("opens the referrer's university registration with the referrer remembered, and credits a completed registration", async () => {
    const referrer = await loginAs(server, "student@demo.test");
    // The link is made when asked for, by a post: showing the profile makes none.
    const unasked = (await request(server, { path: "/edit-profile", cookie: referrer })).body;
    expect(unasked).not.toMatch(/\/referral\/[a-z0-9]{10}/);
    expect(unasked).toContain(">Make my link</button>");
    const made = await request(server, {
      path: "/edit-profile",
      form: { intent: "referral-link" },
      cookie: referrer,
      headers: { Origin: `http://localhost:${server.port}` },
    });
    expect(made.status).toBe(303);
    expect(made.location).toBe("/edit-profile");
    const profile = (await request(server, { path: "/edit-profile", cookie: referrer })).body;
    const link = /https?:\/\/[^\s<]+\/referral\/([a-z0-9]{10})/.exec(profile);
    expect(link).not.toBeNull();
    expect(profile).toContain("0 friends have joined through your link.");
    expect((await request(server, { path: "/edit-profile", cookie: referrer })).body).toContain(
      `/referral/${link![1]}`,
    );

    const opened = await request(server, { path: `/referral/${link![1]}` });
    expect(opened.status).toBe(302);
    expect(opened.location).toBe("/register/demo-university");
    const ref = `ref=${cookieSet(opened, "ref")}`;
    expect(ref).toBe(`ref=${link![1]}`);
    expect((await request(server, { path: "/referral/abcdefghij" })).status).toBe(404);

    const sent = await request(server, {
      path: "/register/demo-university",
      form: { name: "Referred Friend", email: "referred.friend@demo.test" },
      cookie: ref,
      headers: { Origin: `http://localhost:${server.port}`, "X-Forwarded-For": "198.51.100.251" },
    });
    expect(sent.status).toBe(303);
    const setup = pathIn(
      (await mailTo("referred.friend@demo.test", /^Confirm your email/)).text,
      "/register/setup-account-redirection/",
    );
    expect((await post(setup, { password: "Marble-heron-512", confirm_password: "Marble-heron-512" })).status).toBe(
      303,
    );
    expect((await request(server, { path: "/edit-profile", cookie: referrer })).body).toContain(
      "1 friend has joined through your link.",
    );
    // Credited as an achievement.
    expect((await request(server, { path: "/achievements", cookie: referrer })).body).toContain("Bring a friend</h3>");
  });
});
