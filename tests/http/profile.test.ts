import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestSmtpServer } from "../support/smtp";
import { DEMO_PASSWORD, type TestServer, cookieSet, loginAs, request, startServerWithMail } from "./harness";

let server: TestServer;
let smtp: TestSmtpServer;
let stop = async () => {};
beforeAll(async () => {
  ({ server, smtp, stop } = await startServerWithMail());
});
afterAll(() => stop());

const post = (path: string, body: string, cookie: string) =>
  request(server, {
    path,
    body,
    cookie,
    headers: { Origin: `http://localhost:${server.port}`, "Content-Type": "application/x-www-form-urlencoded" },
  });
const form = (fields: [string, string][]) => new URLSearchParams(fields).toString();

const PROFILE: [string, string][] = [
  ["name", "Aisha Khan"],
  ["email", "student@demo.test"],
  ["phone_text", "07400 123456"],
  ["phone_country", "GB"],
  ["home_country", "104"],
  ["course", "MSc Data Science"],
  ["study_level", "postgraduate_taught"],
  ["graduation", "2027-09"],
  ["visa_type", "student"],
  ["visa_expiry", "2028-01-31"],
  ["sectors", "data-technology"],
  ["sectors", "consulting"],
  ["locations", "London, Manchester, London"],
  ["job_types", "graduate-scheme"],
  ["linkedin_url", "https://www.linkedin.com/in/aisha-khan"],
  ["job_alerts", "on"],
];

describe("edit profile", () => {
  it("saves every answer and shows it again", async () => {
    const cookie = await loginAs(server, "student@demo.test");
    const page = await request(server, { path: "/edit-profile", cookie });
    expect(page.status).toBe(200);
    for (const label of [
      "Full name",
      "Email",
      "Home country",
      "Course",
      "Level of study",
      "Graduation date",
      "Current visa",
      "Visa expiry date",
      "Preferred locations",
      "LinkedIn profile",
    ]) {
      expect(page.body).toMatch(new RegExp(`<label for="[a-z_]+"[^>]*>${label}</label>`));
    }
    expect(page.body).toContain('<legend class="font-medium">Sectors</legend>');

    const saved = await post("/edit-profile", form(PROFILE), cookie);
    expect(saved.status).toBe(303);
    expect(decodeURIComponent(cookieSet(saved, "flash") ?? "")).toBe("Your profile is saved.");
    // Every part filled in: an achievement.
    expect((await request(server, { path: "/achievements", cookie })).body).toContain("All about you</h3>");
    const again = (await request(server, { path: "/edit-profile", cookie })).body;
    expect(again).toContain('value="MSc Data Science"');
    expect(again).toContain('value="2027-09"');
    expect(again).toContain('value="London, Manchester"');
    // React orders the attributes its own way (checked before value): find each box by its name and value.
    const box = (name: string, value?: string) =>
      (again.match(/<input type="checkbox"[^>]*>/g) ?? []).find(
        (tag) => tag.includes(`name="${name}"`) && (!value || tag.includes(`value="${value}"`)),
      ) ?? "";
    expect(box("sectors", "consulting")).toContain('checked=""');
    expect(box("sectors", "law")).not.toContain("checked");
    expect(box("job_alerts")).toContain('checked=""');
    expect(box("newsletters")).not.toContain("checked");
    expect(again).toContain(`value="+44 7400 123456"`);
  });

  it("names each wrong answer and keeps what was typed", async () => {
    const cookie = await loginAs(server, "student@demo.test");
    const bad = PROFILE.map(([k, v]): [string, string] => [
      k,
      k === "linkedin_url"
        ? "https://evil.example/in/x"
        : k === "visa_expiry"
          ? "2028-02-30"
          : k === "phone_text"
            ? "12"
            : v,
    ]);
    const r = await post("/edit-profile", form([...bad, ["sectors", "gambling"]]), cookie);
    expect(r.status).toBe(400);
    expect(r.body).toContain("Enter your LinkedIn profile&#x27;s address");
    expect(r.body).toContain("Enter the expiry date as it is on your visa");
    expect(r.body).toContain("Choose sectors from the list");
    expect(r.body).toContain('value="https://evil.example/in/x"');
  });

  it("changes the email address only with the current password", async () => {
    const cookie = await loginAs(server, "student@demo.test");
    const page = (await request(server, { path: "/edit-profile", cookie })).body;
    expect(page).toMatch(/<label for="current_password"[^>]*>Current password<\/label>/);
    const fields = (password: string | null) => [
      ...PROFILE.map(([k, v]): [string, string] => [
        k,
        k === "email" ? "aisha.elsewhere@mail.example" : k === "course" ? "MSc Not Saved" : v,
      ]),
      ...(password === null ? [] : [["current_password", password] as [string, string]]),
    ];
    const missing = await post("/edit-profile", form(fields(null)), cookie);
    expect(missing.status).toBe(400);
    expect(missing.body).toContain("Enter your current password to change your email address");
    const wrong = await post("/edit-profile", form(fields("Not-my-password-1")), cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain("Your current password is not right");
    // What was typed comes back, except the password; nothing was saved.
    expect(wrong.body).toContain('value="aisha.elsewhere@mail.example"');
    expect(wrong.body).not.toContain("Not-my-password-1");
    expect((await request(server, { path: "/edit-profile", cookie })).body).not.toContain("MSc Not Saved");
    // Without a change of address, no password is needed.
    expect((await post("/edit-profile", form(PROFILE), cookie)).status).toBe(303);
  });

  it("changes the email address only once the new one is confirmed, and tells the old one", async () => {
    const cookie = await loginAs(server, "basic.student@demo.test");
    const fields = PROFILE.map(([k, v]): [string, string] => [
      k,
      k === "email" ? "daniel.new@mail.example" : k === "name" ? "Daniel Okafor" : v,
    ]);
    const saved = await post("/edit-profile", form([...fields, ["current_password", DEMO_PASSWORD]]), cookie);
    expect(decodeURIComponent(cookieSet(saved, "flash") ?? "")).toContain(
      "We have sent a link to daniel.new@mail.example",
    );
    expect((await request(server, { path: "/edit-profile", cookie })).body).toContain(
      'value="basic.student@demo.test"',
    );

    const mail = await smtp.next((m) => m.envelopeTo.includes("daniel.new@mail.example"));
    const link = new URL(/https?:\/\/\S+\/edit-profile\?confirm_email=\S+/.exec(mail.text ?? "")![0]);

    // Opened by someone else's session, the link does nothing and stays usable.
    const other = await loginAs(server, "student@demo.test");
    const refused = await request(server, { path: link.pathname + link.search, cookie: other });
    expect(decodeURIComponent(cookieSet(refused, "flash") ?? "")).toContain("does not work");

    const confirmed = await request(server, { path: link.pathname + link.search, cookie });
    expect(confirmed.location).toBe("/edit-profile");
    expect(decodeURIComponent(cookieSet(confirmed, "flash") ?? "")).toBe(
      "Your email address is now daniel.new@mail.example.",
    );
    await smtp.next(
      (m) => m.envelopeTo.includes("basic.student@demo.test") && m.subject === "Your email address has been changed",
    );
    const login = await request(server, {
      path: "/login",
      form: { email: "daniel.new@mail.example", password: DEMO_PASSWORD },
      headers: { Origin: `http://localhost:${server.port}` },
    });
    expect(login.status).toBe(303);
  });
});

describe("the pre-departure profile", () => {
  it("keeps the offer, phone and home country", async () => {
    const cookie = await loginAs(server, "predeparture@demo.test");
    // Reached from the pre-departure area's own navigation, not only by its address.
    const dashboard = (await request(server, { path: "/jumpstart-dashboard", cookie })).body;
    expect(dashboard).toMatch(/<a[^>]*href="\/jumpstart-edit-profile"[^>]*>Edit profile<\/a>/);
    expect(dashboard).toMatch(/<a[^>]*href="\/jumpstart-change-password"[^>]*>Change password<\/a>/);
    const page = await request(server, { path: "/jumpstart-edit-profile", cookie });
    expect(page.status).toBe(200);
    for (const label of ["Full name", "Email", "Home country", "Course", "Course start date"])
      expect(page.body).toMatch(new RegExp(`<label for="[a-z_]+"[^>]*>${label}</label>`));
    const fields: [string, string][] = [
      ["name", "Wei Chen"],
      ["email", "predeparture@demo.test"],
      ["phone_text", ""],
      ["phone_country", "CN"],
      ["home_country", ""],
      ["course", "MSc Finance"],
      ["course_start", "2027-09-21"],
    ];
    const bad = await post(
      "/jumpstart-edit-profile",
      form(fields.map(([k, v]): [string, string] => [k, k === "course_start" ? "soon" : v])),
      cookie,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Enter the date your course starts");
    const saved = await post("/jumpstart-edit-profile", form(fields), cookie);
    expect(saved.status).toBe(303);
    const again = (await request(server, { path: "/jumpstart-edit-profile", cookie })).body;
    expect(again).toContain('value="MSc Finance"');
    expect(again).toContain('value="2027-09-21"');
  });
});
