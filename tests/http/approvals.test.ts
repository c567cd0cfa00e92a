import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestSmtpServer } from "../support/smtp";
import { type TestServer, cookieSet, loginAs, request, startServerWithMail } from "./harness";

let server: TestServer;
let smtp: TestSmtpServer;
let admin: string;
let stop = async () => {};
beforeAll(async () => {
  ({ server, smtp, stop } = await startServerWithMail({ TRUST_PROXY: "true" }));
  admin = await loginAs(server, "admin@demo.test");
});
afterAll(() => stop());

let client = 0;
const post = (path: string, form: Record<string, string>, cookie?: string) =>
  request(server, {
    path,
    form,
    cookie,
    headers: { Origin: `http://localhost:${server.port}`, "X-Forwarded-For": `203.0.113.${++client % 250}` },
  });
const mailTo = (to: string, subject: RegExp) =>
  smtp.next((m) => m.envelopeTo.includes(to) && subject.test(m.subject ?? ""));
const get = (path: string, cookie?: string) => request(server, { path, cookie });

/** Follows the confirmation email's link and chooses a password: the account is logged in, waiting. */
async function confirmAndChoosePassword(email: string): Promise<string> {
  const mail = await mailTo(email, /^Confirm your email/);
  const url = new URL(/https?:\/\/\S+\/register\/setup-account-redirection\/\S+/.exec(mail.text ?? "")![0]);
  const page = await get(url.pathname + url.search);
  expect(page.status).toBe(200);
  expect(page.body).not.toContain("Step 1 of");
  const chosen = await post(url.pathname + url.search, {
    password: "Harbour-light-2030",
    confirm_password: "Harbour-light-2030",
  });
  expect(chosen.status).toBe(303);
  expect(chosen.location).toBe("/pre-auth-student");
  return `sid=${cookieSet(chosen, "sid")}`;
}

/** The id of an account waiting on the admin's dashboard. */
async function waitingIdOf(name: string): Promise<string> {
  const body = (await get("/university-dashboard", admin)).body;
  const row = new RegExp(
    `<th scope="row"[^>]*>${name}</th>[\\s\\S]*?name="id" value="(\\d+)"[\\s\\S]*?value="approve-account"`,
  ).exec(body);
  if (!row) throw new Error(`${name} is not waiting on the dashboard`);
  return row[1]!;
}

describe("alumni registration", () => {
  it("asks for the name, any email, the course and the graduation year, and explains a wrong year", async () => {
    const page = await get("/alumni-student-registration/demo-university");
    expect(page.status).toBe(200);
    for (const [id, label] of [
      ["name", "Full name"],
      ["email", "Email"],
      ["course", "Course"],
      ["graduation_year", "Graduation year"],
    ]) {
      expect(page.body).toMatch(new RegExp(`<label for="${id}"[^>]*>${label}</label>`));
    }
    const bad = await post("/alumni-student-registration/demo-university", {
      name: "Leo Park",
      email: "leo@mail.example",
      course: "BSc Physics",
      graduation_year: "3020",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Enter the year you graduated, from 1950 to");
    expect(bad.body).toContain('value="leo@mail.example"');
    expect((await get("/alumni-student-registration/nowhere")).status).toBe(404);
  });

  it("makes an account that waits, logged in, on /pre-auth-student until the university approves it", async () => {
    const email = "priya.raman@mail.example";
    const sent = await post("/alumni-student-registration/demo-university", {
      name: "Priya Raman",
      email,
      course: "MSc Finance",
      graduation_year: "2019",
    });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe("/alumni-student-registration/demo-university?sent=1");
    const graduate = await confirmAndChoosePassword(email);

    const status = await get("/pre-auth-student", graduate);
    expect(status.status).toBe(200);
    expect(status.body).toContain("Your account is waiting for approval");
    expect(status.body).toContain("A graduate account: MSc Finance, graduated in 2019");
    for (const page of [
      "/student-dashboard",
      "/edit-profile",
      "/sponsorship-licence-checker",
      "/university-dashboard",
    ]) {
      expect((await get(page, graduate)).location, page).toBe("/pre-auth-student");
    }
    expect((await get("/account/your-data.json", graduate)).status).toBe(200);
    expect((await get("/blog", graduate)).status).toBe(200);

    const notice = await mailTo("admin@demo.test", /^Priya Raman waits for your approval$/);
    expect(notice.text).toContain("a graduate account: msc finance, graduated in 2019");
    const dashboard = (await get("/university-dashboard", admin)).body;
    expect(dashboard).toContain("Accounts waiting for approval");
    expect(dashboard).toContain("Not a Demo University address");

    const approved = await post(
      "/university-dashboard",
      { intent: "approve-account", id: await waitingIdOf("Priya Raman") },
      admin,
    );
    expect(approved.status).toBe(303);
    expect(cookieSet(approved, "flash")).toContain("Priya Raman's account is approved");
    const mail = await mailTo(email, /account is approved$/);
    expect(mail.text).toContain("/login");
    // Demo University gives graduates 36 months.
    const until = /your account is open until (\d{1,2} \w+ (\d{4}))\./.exec(mail.text ?? "");
    expect(Number(until?.[2])).toBe(new Date().getUTCFullYear() + 3);
    expect(cookieSet(approved, "flash")).toContain(`, until ${until?.[1]};`);
    // The decision shows on the graduate's very next request.
    expect((await get("/student-dashboard", graduate)).status).toBe(200);
    expect((await get("/pre-auth-student", graduate)).body).toContain("Your account is active");
  });

  it("does not show an address that was never confirmed to the approvers", async () => {
    await post("/alumni-student-registration/demo-university", {
      name: "Never Confirmed",
      email: "typo@mail.example",
      course: "BA History",
      graduation_year: "2015",
    });
    await mailTo("typo@mail.example", /^Confirm your email/);
    expect((await get("/university-dashboard", admin)).body).not.toContain("Never Confirmed");
  });
});

describe("university staff registration", () => {
  it("asks for the university, name, work email and job title", async () => {
    const page = await get("/university-user-registration");
    for (const [id, label] of [
      ["university", "University"],
      ["name", "Full name"],
      ["email", "Work email"],
      ["job_title", "Job title"],
    ]) {
      expect(page.body).toMatch(new RegExp(`<label for="${id}"[^>]*>${label}</label>`));
    }
    expect(page.body).toContain('<option value="second-university">Second University</option>');
    const bad = await post("/university-user-registration", {
      university: "nowhere",
      name: "Tom Baker",
      email: "tom@demo.test",
      job_title: "",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Choose your university from the list");
    expect(bad.body).toContain("Enter your job title");
  });

  it("is refused by an admin of the same university, and the person sees it", async () => {
    const email = "tom.baker@demo.test";
    expect(
      (
        await post("/university-user-registration", {
          university: "demo-university",
          name: "Tom Baker",
          email,
          job_title: "Careers adviser",
        })
      ).location,
    ).toBe("/university-user-registration?sent=1");
    const staff = await confirmAndChoosePassword(email);
    expect((await get("/university-dashboard", staff)).location).toBe("/pre-auth-student");
    expect((await get("/pre-auth-student", staff)).body).toContain("An administrator account (Careers adviser)");
    await mailTo("admin@demo.test", /^Tom Baker waits for your approval$/);

    const refused = await post(
      "/university-dashboard",
      { intent: "refuse-account", id: await waitingIdOf("Tom Baker") },
      admin,
    );
    expect(refused.status).toBe(303);
    const mail = await mailTo(email, /^Your Demo University careers account$/);
    expect(mail.text).toContain("careers@demo-university.test");
    const status = await get("/pre-auth-student", staff);
    expect(status.body).toContain("Your account was not approved");
    expect(status.body).toContain('href="mailto:careers@demo-university.test"');
    expect((await get("/university-dashboard", staff)).location).toBe("/pre-auth-student");
  });

  it("answers 404 for an account of another university, 409 for one already decided", async () => {
    const email = "second.staff@second.test";
    await post("/university-user-registration", {
      university: "second-university",
      name: "Second Staff",
      email,
      job_title: "Adviser",
    });
    const staff = await confirmAndChoosePassword(email);
    const own = JSON.parse((await get("/account/your-data.json", staff)).body) as { account: { id: number } };
    expect(
      (await post("/university-dashboard", { intent: "approve-account", id: String(own.account.id) }, admin)).status,
    ).toBe(404);
    expect((await get("/university-dashboard", admin)).body).not.toContain(email);
    expect((await get("/university-dashboard", staff)).location).toBe("/pre-auth-student");
  });

  it("says the same for an address that already has an account, and tells its owner", async () => {
    const sent = await post("/university-user-registration", {
      university: "demo-university",
      name: "Aisha Khan",
      email: "student@demo.test",
      job_title: "Adviser",
    });
    expect(sent.location).toBe("/university-user-registration?sent=1");
    await mailTo("student@demo.test", /^You already have an account$/);
  });
});
