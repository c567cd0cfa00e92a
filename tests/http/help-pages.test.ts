import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReceivedMail, TestSmtpServer } from "../support/smtp";
import { type TestServer, loginAs, request, startServerWithMail } from "./harness";

// The help pages (FAQ, careers, universities, immigration guide, employers, toolkit) and their two
// public forms, served by the production build with the shipped content/, its email going to a real
// SMTP server. TRUST_PROXY lets each test post from an address of its own (X-Forwarded-For), so
// one test's limit does not spend another's.
const TEAM = "team@platform.test";
let server: TestServer;
let smtp: TestSmtpServer;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, smtp, stop } = await startServerWithMail({ TRUST_PROXY: "true", TEAM_EMAIL: TEAM }));
});
afterAll(() => stop?.());

const get = (path: string, cookie?: string) => request(server, { path, cookie });
const post = (path: string, form: Record<string, string>, ip: string, headers: Record<string, string> = {}) =>
  request(server, {
    path,
    form,
    headers: { Origin: `http://localhost:${server.port}`, "X-Forwarded-For": ip, ...headers },
  });
const robots = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? null;
const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? null;
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
type FaqLd = { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
const faqLd = (html: string) => jsonLd(html).find((d) => d["@type"] === "FAQPage") as FaqLd | undefined;
const summaries = (html: string) => [...html.matchAll(/<summary[^>]*>(.*?)<\/summary>/gs)].map((m) => m[1]!);
/** The email to the team about a post, told apart by a word only that post used. */
const teamMail = (marker: string) =>
  smtp.next((m: ReceivedMail) => m.envelopeTo.includes(TEAM) && `${m.subject} ${m.text}`.includes(marker));

describe("the help pages", () => {
  it.each([
    ["/universities", "Universities"],
    ["/universities/partners", "Our partner universities"],
    ["/universities/why-partner", "Why careers services partner with us"],
    ["/immigration-guide", "Immigration guide: working after your studies"],
    ["/faq", "Frequently asked questions"],
    ["/careers", "Careers with us"],
    ["/employers", "For employers"],
    ["/job-seekers-toolkit", "Job seekers&#x27; toolkit"],
    ["/partner-with-us", "Partner with us"],
    ["/campus-ambassadors", "Campus ambassadors"],
  ])("%s answers 200 with its own content, indexable", async (path, heading) => {
    const r = await get(path);
    expect(r.status).toBe(200);
    expect(h1(r.body)).toBe(heading);
    expect(r.body).not.toContain("This part of the platform is being built.");
    expect(robots(r.body)).toBeNull();
  });

  it("answers 404 for a kind of universities page that does not exist", async () => {
    expect((await get("/universities/nope")).status).toBe(404);
    // The overview has one address only.
    expect((await get("/universities/overview")).status).toBe(404);
  });

  it("sends students from the audience pages to their dashboard, and lets a university admin in", async () => {
    const student = await loginAs(server, "student@demo.test");
    const admin = await loginAs(server, "admin@demo.test");
    for (const path of ["/employers", "/job-seekers-toolkit", "/partner-with-us"]) {
      const r = await get(path, student);
      expect({ path, status: r.status, location: r.location }).toEqual({
        path,
        status: 302,
        location: "/student-dashboard",
      });
      expect((await get(path, admin)).status, path).toBe(200);
    }
    // The campus ambassadors' page is for students.
    const page = await get("/campus-ambassadors", student);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<input[^>]*id="email"[^>]*value="student@demo.test"/);
  });

  it("lists the partner universities with their logos and careers sites", async () => {
    const r = await get("/universities/partners");
    expect(r.body).toContain("Demo University");
    expect(r.body).toContain("Second University");
    expect(r.body).toMatch(/<img src="\/brand\/demo-university.svg" alt=""/);
    // Under PUBLIC_URL's scheme and port (http://localhost: port 80), never the port a client named.
    expect(r.body).toContain('href="http://demo-university.localhost"');
  });

  it("gives each country's route to work with the guide's dated rules and the official pages", async () => {
    const r = await get("/immigration-guide");
    for (const country of ["uk", "australia", "canada", "ireland"])
      expect(r.body).toContain(`href="/country-guide/${country}/visa-details"`);
    expect(r.body).toContain('href="https://www.gov.uk/graduate-visa"');
    expect(r.body).toContain(
      'href="https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/temporary-graduate-485"',
    );
    expect(r.body).toMatch(/Applies from <time dateTime="\d{4}-\d{2}-\d{2}">\d{1,2} \w+ \d{4}<\/time>/);
    expect(r.body).toContain("A Graduate visa lasts 2 years");
  });

  it("shows each open role in full under its anchor, with how to apply by email to the team", async () => {
    const r = await get("/careers");
    expect(r.body).toContain('href="#role-full-stack-engineer"');
    expect(r.body).toMatch(/<section id="role-full-stack-engineer"/);
    expect(r.body).toContain('id="role-full-stack-engineer-what-you-will-do"');
    expect(r.body).toContain(`href="mailto:${TEAM}?subject=Application%3A%20Full-stack%20engineer%20(TypeScript)"`);
    expect(r.body).toContain('href="/contact-us"');
    expect(r.body).toContain("Working with us");
  });

  it("points the employers' page and the toolkit at the platform's tools", async () => {
    const employers = await get("/employers");
    for (const href of ["/uk-work-visa-sponsor-licence-check", "/book-a-meeting", "/contact-us"])
      expect(employers.body).toContain(`href="${href}"`);
    expect(employers.body).toContain("Likely eligible for sponsorship");
    const toolkit = await get("/job-seekers-toolkit");
    for (const href of [
      "/jobs",
      "/part-time-jobs",
      "/my-cvs",
      "/cih",
      "/uk-work-visa-sponsor-licence-check",
      "/skilled-migration-points-calculator-australia",
      "/country-guide",
      "/workshop-and-webinars",
      "/book-a-meeting",
    ]) {
      expect(toolkit.body, href).toContain(`href="${href}"`);
    }
  });
});

describe("/faq", () => {
  it("shows every question by category, each in a disclosure, and describes them as an FAQPage", async () => {
    const r = await get("/faq");
    const questions = summaries(r.body);
    expect(questions.length).toBeGreaterThanOrEqual(20);
    for (const heading of [
      "For students",
      "Visas and working after your studies",
      "Your account and your data",
      "For universities",
      "For employers",
    ])
      expect(r.body).toContain(`>${heading}</h2>`);
    expect(r.body).toMatch(/<label for="faq-q"[^>]*>Search the questions<\/label>/);
    const ld = faqLd(r.body)!;
    expect(ld.mainEntity).toHaveLength(questions.length);
    // The site's own links are absolute in the data.
    expect(ld.mainEntity.map((q) => q.acceptedAnswer.text).join("")).toContain(`href="http://localhost/jobs"`);
    expect(r.body).toContain('<link rel="canonical" href="http://localhost/faq"/>');
  });

  it("filters by the words searched for, in questions and answers, with the data of the questions shown", async () => {
    const all = summaries((await get("/faq")).body);
    const r = await get("/faq?q=graduate+visa");
    expect(r.status).toBe(200);
    const shown = summaries(r.body);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(all.length);
    expect(shown.some((q) => q.includes("Can I stay in the UK to work after I graduate?"))).toBe(true);
    expect(shown.some((q) => q.includes("How do I delete my account?"))).toBe(false);
    expect(faqLd(r.body)!.mainEntity).toHaveLength(shown.length);
    expect(r.body).toMatch(/<input[^>]*id="faq-q"[^>]*value="graduate visa"/);
    expect(r.body).toContain(`of the ${all.length} questions`);
    // The answers found are open; a search is not a page of its own for search engines.
    expect(r.body).toMatch(/<details[^>]*open=""/);
    expect(robots(r.body)).toBe("noindex, follow");
    // A word found only in an answer.
    expect(summaries((await get("/faq?q=DOCX")).body).some((q) => q.includes("CV"))).toBe(true);
  });

  it("says when nothing matches, and carries no FAQ data then", async () => {
    const r = await get("/faq?q=zzqxv");
    expect(r.status).toBe(200);
    expect(r.body).toContain("No question matches “zzqxv”");
    expect(r.body).toContain("No questions match your search.");
    expect(summaries(r.body)).toEqual([]);
    expect(faqLd(r.body)).toBeUndefined();
  });
});

const PARTNER = {
  name: "Amara Okafor",
  email: "amara@uni.example",
  organisation: "Example University",
  job_title: "Head of Careers",
  students: "2000-4999",
  message: "We would like a demonstration for our careers team.",
  website: "",
};
const YEAR = String(new Date().getUTCFullYear() + 1);
const AMBASSADOR = {
  name: "Lucía Fernández",
  email: "lucia@student.example",
  university: "Example University",
  course: "MSc Data Science",
  graduation_month: "6",
  graduation_year: YEAR,
  why: "I run the international students' society and help new students find part-time work every term.",
  website: "",
};

describe.each([
  {
    path: "/partner-with-us",
    good: PARTNER,
    marker: "organisation" as const,
    subject: "Partner with us: Partnership enquiry from",
    net: "198.51.100",
  },
  {
    path: "/campus-ambassadors",
    good: AMBASSADOR,
    marker: "university" as const,
    subject: "Campus ambassadors: Campus ambassador application from",
    net: "203.0.113",
  },
])("the form of $path", ({ path, good, marker, subject, net }) => {
  const ip = (n: number) => `${net}.${n}`;
  const sent = `${path}?sent=1`;

  it("answers errors with 400, each linked from the summary, keeping what was typed", async () => {
    const typed = {
      ...good,
      name: "Amara <O'Kafor>",
      email: "not-an-email",
      [marker]: "",
      ...(path === "/partner-with-us" ? { message: "Line one\nshort" } : { why: "Line one\nshort" }),
    };
    const r = await post(path, typed, ip(1));
    expect(r.status).toBe(400);
    expect(r.body).toContain("There is a problem");
    expect(r.body).toContain(
      '<a href="#email" class="underline">Enter an email address in the right format, like name@example.com</a>',
    );
    expect(r.body).toContain(`<a href="#${marker}" class="underline">`);
    expect(r.body).toContain('value="Amara &lt;O&#x27;Kafor&gt;"');
    expect(r.body).toContain('value="not-an-email"');
    expect(r.body).toContain("Line one\nshort</textarea>");
    if (path === "/partner-with-us") expect(r.body).toMatch(/<option value="2000-4999" selected="">/);
    else expect(r.body).toMatch(new RegExp(`<option value="${YEAR}" selected="">`));
  });

  it("stores a good one, confirms it, and emails the team with the sender to reply to", async () => {
    const r = await post(path, { ...good, [marker]: `Good ${path} University` }, ip(2));
    expect(r.status).toBe(303);
    expect(r.location).toBe(sent);
    const page = await get(sent);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/role="status"/);
    expect(page.body).not.toContain('name="website"');
    const mail = await teamMail(`Good ${path} University`);
    expect(mail.subject).toBe(`${subject} Good ${path} University`);
    expect(mail.replyTo?.text).toBe(good.email);
    expect(mail.text).toContain(`${good.name} (${good.email})`);
  });

  it("thanks a bot that fills the honeypot, and neither stores nor sends anything", async () => {
    const r = await post(
      path,
      { ...good, [marker]: `Honeypot ${path} University`, website: "https://spam.example" },
      ip(3),
    );
    expect(r.status).toBe(303);
    expect(r.location).toBe(sent);
    // A real post after it: once its email is here, the bot's would have been too.
    expect(
      (await post(path, { ...good, email: "after.bot@uni.example", [marker]: `After ${path} University` }, ip(3)))
        .status,
    ).toBe(303);
    await teamMail(`After ${path} University`);
    expect(smtp.received.some((m) => `${m.subject} ${m.text}`.includes(`Honeypot ${path} University`))).toBe(false);
  });

  it.each([
    ["an Origin of another site", { Origin: "https://evil.example" }],
    ["Sec-Fetch-Site cross-site", { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }],
  ])("refuses a post with %s", async (_name, headers) => {
    expect((await post(path, good, ip(4), headers)).status).toBe(403);
  });

  it("takes 5 an hour from one connection, then answers 429 keeping what was typed", async () => {
    for (let i = 1; i <= 5; i++) {
      const r = await post(path, { ...good, email: `limit${i}@uni.example` }, ip(5));
      expect(r.status, `post ${i}`).toBe(303);
    }
    const sixth = await post(path, { ...good, email: "limit6@uni.example" }, ip(5));
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(3000);
    expect(sixth.body).toContain('value="limit6@uni.example"');
    expect((await post(path, { ...good, email: "other@uni.example" }, ip(6))).status).toBe(303);
  });

  it("takes 3 a day from one email address, whatever the connection", async () => {
    for (let i = 1; i <= 3; i++)
      expect((await post(path, { ...good, email: "Same@Uni.example" }, ip(10 + i))).status, `post ${i}`).toBe(303);
    const fourth = await post(path, { ...good, email: "same@uni.example" }, ip(14));
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers["retry-after"])).toBeGreaterThan(3600);
  });
});

describe("the Contact us form", () => {
  it("emails the team too, with the sender to reply to", async () => {
    const r = await post(
      "/contact-us",
      {
        name: "Kwame Mensah",
        email: "kwame@example.com",
        phone_text: "",
        phone_country: "GB",
        subject: "Help pages contact check",
        message: "Where do I find the FAQ?",
        website: "",
      },
      "192.0.2.1",
    );
    expect(r.status).toBe(303);
    const mail = await teamMail("Help pages contact check");
    expect(mail.subject).toBe("Contact us: Help pages contact check");
    expect(mail.replyTo?.text).toBe("kwame@example.com");
    expect(mail.text).toContain("Where do I find the FAQ?");
  });
});
