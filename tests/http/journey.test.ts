import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, loginAs, request, startServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const PROFILE: [string, string][] = [
  ["name", "Daniel Okafor"],
  ["email", "basic.student@demo.test"],
  ["home_country", "104"],
  ["course", "MSc Finance"],
  ["study_level", "postgraduate_taught"],
  ["graduation", "2027-09"],
  ["visa_type", "student"],
  ["visa_expiry", "2028-01-31"],
];

describe("my journey", () => {
  it("asks for the dates it needs, then shows the visa clock and gives it as calendar reminders", async () => {
    const cookie = await loginAs(server, "basic.student@demo.test");
    const before = (await request(server, { path: "/my-journey", cookie })).body;
    expect(before).toContain("To work out your dates, the clock needs");
    expect(before).toContain('href="/edit-profile"');

    const saved = await request(server, {
      path: "/edit-profile",
      cookie,
      body: new URLSearchParams(PROFILE).toString(),
      headers: { "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(saved.status).toBe(303);

    const page = (await request(server, { path: "/my-journey", cookie })).body;
    expect(page).not.toContain("the clock needs");
    expect(page).toContain('<time dateTime="2028-01-31">31 January 2028</time>');
    expect(page).toContain("Your Student visa ends");
    // September 2027 is the graduation month: its last day.
    expect(page).toContain('<time dateTime="2027-09-30">30 September 2027</time>');
    expect(page).toContain('href="/my-journey/visa-dates.ics"');

    const ics = await request(server, { path: "/my-journey/visa-dates.ics", cookie });
    expect(ics.status).toBe(200);
    expect(ics.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(ics.headers["content-disposition"]).toBe('attachment; filename="visa-dates.ics"');
    expect(ics.body).toContain("DTSTART;VALUE=DATE:20280131\r\n");
    expect(ics.body.match(/BEGIN:VEVENT/g)?.length).toBeGreaterThanOrEqual(4);

    // The steps: one nothing records is ticked by hand; one an event ticks is not.
    const tick = (step: string, intent = "tick") =>
      request(server, {
        path: "/my-journey",
        cookie,
        form: { intent, step },
        headers: { "Sec-Fetch-Site": "same-origin" },
      });
    const ticked = await tick("bank-account");
    expect(ticked.status).toBe(303);
    expect(ticked.location).toBe("/my-journey");
    expect((await request(server, { path: "/my-journey", cookie })).body).toContain(
      'aria-label="Mark as not done: Open a UK bank account"',
    );
    expect((await tick("cv-created")).status).toBe(400);
    await tick("bank-account", "untick");
    expect((await request(server, { path: "/my-journey", cookie })).body).toContain(
      'aria-label="Mark as done: Open a UK bank account"',
    );

    // Another person's calendar is their own: a visitor is sent to log in.
    const visitor = await request(server, { path: "/my-journey/visa-dates.ics" });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe("/login");
  });
});

describe("achievements", () => {
  it("shows the next badge to a newcomer, then the one a real action earned, with its date, once", async () => {
    const cookie = await loginAs(server, "student@demo.test");
    const before = (await request(server, { path: "/achievements", cookie })).body;
    expect(before).toContain("None yet.");
    const created = await request(server, {
      path: "/api/cvs",
      method: "POST",
      cookie,
      body: JSON.stringify({ template: "uk", name: "My CV" }),
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
    });
    expect(created.status).toBe(201);
    const after = (await request(server, { path: "/achievements", cookie })).body;
    expect(after).toContain("Earned (1)");
    expect(after).toContain("First CV");
    expect(after).toMatch(/Earned on \d{1,2} [A-Z][a-z]+ \d{4}/);
    // Read again: still one.
    expect((await request(server, { path: "/achievements", cookie })).body).toContain("Earned (1)");
    const data = JSON.parse((await request(server, { path: "/account/your-data.json", cookie })).body);
    expect(data.achievements).toEqual([expect.objectContaining({ badge: "first-cv" })]);
  });
});

describe("achievements awarded with their events", () => {
  it("awards the fifth save's badge when five saves are posted at once, each counted with the others", async () => {
    const cookie = await loginAs(server, "basic.student@demo.test");
    const slugs: string[] = JSON.parse((await request(server, { path: "/api/jobs?sort=date" })).body)
      .results.slice(0, 5)
      .map((r: { slug: string }) => r.slug);
    expect(slugs).toHaveLength(5);
    const saves = await Promise.all(
      slugs.map((slug) =>
        request(server, {
          path: "/my-saved-jobs",
          form: { intent: "save", slug },
          cookie,
          headers: { "Sec-Fetch-Site": "same-origin" },
        }),
      ),
    );
    expect(saves.map((r) => r.status)).toEqual([303, 303, 303, 303, 303]);
    const page = (await request(server, { path: "/achievements", cookie })).body;
    const earned = page.slice(page.indexOf('id="earned-heading"'), page.indexOf('id="open-heading"'));
    expect(earned).toContain("On the lookout");
    expect(earned).toContain("Shortlist of five");
  });
});

describe("the pre-departure area", () => {
  it("gives a student about to travel their checklist, ticked by hand, and the employers that sponsor", async () => {
    const cookie = await loginAs(server, "predeparture@demo.test");
    const page = (await request(server, { path: "/jumpstart-dashboard", cookie })).body;
    expect(page).toContain("Before you travel (0 of 6 done)");
    expect(page).toContain('href="https://www.gov.uk/student-visa"');
    expect(page).toContain('href="/jumpstart/employability-video-guide"');
    const ticked = await request(server, {
      path: "/jumpstart-dashboard",
      cookie,
      form: { intent: "tick", step: "visa-applied" },
      headers: { "Sec-Fetch-Site": "same-origin" },
    });
    expect(ticked.status).toBe(303);
    expect(ticked.location).toBe("/jumpstart-dashboard");
    expect((await request(server, { path: "/jumpstart-dashboard", cookie })).body).toContain(
      "Before you travel (1 of 6 done)",
    );

    const employers = await request(server, { path: "/jumpstart/top-30-employers", cookie });
    expect(employers.status).toBe(200);
    // This server holds no jobs: the page says so and points to the register.
    expect(employers.body).toContain("No job on the platform is likely to be sponsored just now.");
  });

  it("shows a visitor what the area holds, and where to log in", async () => {
    const page = (await request(server, { path: "/jumpstart" })).body;
    expect(page).toContain("Jumpstart: prepare before you travel</h1>");
    expect(page).toContain('href="/jumpstart-login"');
    expect(page).toContain("LinkedIn starter playbook</h3>");
  });
});
