import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReceivedMail, TestSmtpServer } from "../support/smtp";
import { type TestServer, loginAs, request, startServerWithMail } from "./harness";

let server: TestServer;
let smtp: TestSmtpServer;
let stop: () => Promise<void>;
let admin: string;
beforeAll(async () => {
  ({ server, smtp, stop } = await startServerWithMail());
  admin = await loginAs(server, "admin@demo.test");
});
afterAll(() => stop?.());

const sameSite = { "Sec-Fetch-Site": "same-origin" };
const get = (path: string, cookie?: string) => request(server, { path, cookie });
const post = (path: string, form: Record<string, string>, cookie?: string) =>
  request(server, { path, form, cookie, headers: sameSite });
/** The workshop ids of a page's register buttons and forms, by the heading before them. */
function workshopIds(body: string): Map<string, number> {
  return new Map(
    [...body.matchAll(/<h3 id="workshop-(\d+)"[^>]*>([^<]+)<\/h3>/g)].map((m) => [
      m[2]!.replaceAll("&#x27;", "'"),
      Number(m[1]),
    ]),
  );
}
const icsOf = (mail: ReceivedMail) =>
  mail.attachments
    .find((a) => a.contentType.startsWith("text/calendar"))!
    .content.toString("utf8")
    .replace(/\r\n /g, "");
const linkIn = (mail: ReceivedMail) =>
  new URL(/https?:\/\/\S+\/workshop-and-webinars\/registration\?registration=\d+&sig=[\w-]+/.exec(mail.text!)![0]);

describe("/workshop-and-webinars", () => {
  it("shows visitors the platform's workshops and past recordings, not a university's own", async () => {
    const page = await get("/workshop-and-webinars?tz=Asia/Tokyo");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Finding an employer that can sponsor you");
    expect(page.body).not.toContain("Interview practice with the careers service");
    expect(page.body).toContain('href="/cih/standard/star-interview-answers"');
    // Times in the visitor's zone, with the event's beside them.
    expect(page.body).toMatch(/\(Asia\/Tokyo\)/);
    expect(page.body).toMatch(/Event time: [^<]+\(Europe\/London\)/);
    // A student is sent to their dashboard, where their workshops are.
    const student = await loginAs(server, "student@demo.test");
    expect((await get("/workshop-and-webinars", student)).location).toBe("/student-dashboard");
    const dashboard = await get("/student-dashboard", student);
    expect(dashboard.body).toContain("Interview practice with the careers service");
  });

  it("registers a visitor with a calendar invitation, and lets them give the place up through the email's link", async () => {
    const ids = workshopIds((await get("/workshop-and-webinars")).body);
    const clinic = ids.get("UK CV clinic: two pages that get read")!;
    const bad = await post("/workshop-and-webinars", {
      intent: "register",
      workshop: String(clinic),
      name: "",
      email: "nope",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Enter your full name");
    const done = await post("/workshop-and-webinars", {
      intent: "register",
      workshop: String(clinic),
      name: "Priya Shah",
      email: "priya@example.test",
    });
    expect(done.status).toBe(303);
    expect(done.location).toBe("/workshop-and-webinars?sent=1");
    expect((await get(done.location!)).body).toContain("Check your email");
    const mail = await smtp.next((m) => m.envelopeTo.includes("priya@example.test"));
    expect(mail.subject).toBe("You're registered: UK CV clinic: two pages that get read");
    expect(icsOf(mail)).toContain("METHOD:PUBLISH");
    expect(icsOf(mail)).toContain(`UID:workshop-${clinic}@career-platform`);
    expect(mail.text).toContain("https://meet.example.org/cv-clinic");

    const link = linkIn(mail);
    const place = await get(link.pathname + link.search);
    expect(place.body).toContain("Registered");
    const forged = await get(`${link.pathname}?registration=${link.searchParams.get("registration")}&sig=forged`);
    expect(forged.status).toBe(404);
    const given = await post(link.pathname + link.search, { intent: "give-up" });
    expect(given.status).toBe(303);
    const cancelled = await smtp.next(
      (m) => m.envelopeTo.includes("priya@example.test") && m.subject!.startsWith("Your place is cancelled"),
    );
    expect(icsOf(cancelled)).toContain("METHOD:CANCEL");
    expect((await get(link.pathname + link.search)).body).toContain("Given up");
  });

  it("answers a visitor typing an address that already has a place as it answers a new one, and emails that place's link to the address only", async () => {
    const ids = workshopIds((await get("/workshop-and-webinars")).body);
    const sponsor = String(ids.get("Finding an employer that can sponsor you")!);
    const first = await post("/workshop-and-webinars", {
      intent: "register",
      workshop: sponsor,
      name: "Amara Okafor",
      email: "amara@example.test",
    });
    const mail = await smtp.next(
      (m) =>
        m.envelopeTo.includes("amara@example.test") &&
        m.subject === "You're registered: Finding an employer that can sponsor you",
    );
    // Someone else types Amara's address (in other letters' case): the answer is the same, and says nothing of her place.
    const again = await post("/workshop-and-webinars", {
      intent: "register",
      workshop: sponsor,
      name: "Eve Taker",
      email: "AMARA@example.test",
    });
    const answer = (r: typeof first) => ({
      status: r.status,
      location: r.location,
      cookies: r.setCookies,
      body: r.body,
    });
    expect(answer(again)).toEqual(answer(first));
    const page = await get(again.location!);
    expect(page.body).not.toContain("sig=");
    expect(page.body).not.toContain("Amara");
    // Amara is told, with the link to her place; whoever typed her address gets nothing.
    const told = await smtp.next(
      (m) =>
        m.envelopeTo.includes("amara@example.test") &&
        m.subject === "Your place: Finding an employer that can sponsor you",
    );
    expect(told.envelopeTo).toEqual(["amara@example.test"]);
    expect(told.text).toContain("It has a place already, so nothing has changed.");
    expect(told.text).toContain("Hello Amara Okafor,");
    expect(linkIn(told).search).toBe(linkIn(mail).search);
    const place = await get(linkIn(told).pathname + linkIn(told).search);
    expect(place.body).toContain("Registered");
  });

  it("lets a university admin add a workshop for their students, fills it to capacity under concurrent registrations, and moves the waiting list up", async () => {
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const invalid = await post(
      "/workshop-and-webinars",
      {
        intent: "add-workshop",
        title: "Mock",
        summary: "short",
        day: "2020-01-01",
        time: "9am",
        minutes: "60",
        timeZone: "Europe/London",
        format: "online",
        joinUrl: "",
        capacity: "2",
      },
      admin,
    );
    expect(invalid.status).toBe(400);
    for (const message of [
      "at least 5 characters",
      "at least 20 characters",
      "hours and minutes",
      "Enter the joining link",
    ])
      expect(invalid.body).toContain(message);
    const added = await post(
      "/workshop-and-webinars",
      {
        intent: "add-workshop",
        title: "Assessment centre rehearsal",
        summary: "A group exercise and a presentation, with feedback from advisers.",
        day,
        time: "15:00",
        minutes: "90",
        timeZone: "Europe/London",
        format: "in-person",
        venue: "Careers Centre, Room 1.02",
        capacity: "2",
      },
      admin,
    );
    expect(added.status).toBe(303);
    const id = workshopIds((await get("/workshop-and-webinars", admin)).body).get("Assessment centre rehearsal")!;
    expect(id).toBeGreaterThan(0);
    // Another university's admin and a visitor cannot see it, nor register for it.
    const second = await loginAs(server, "admin@second.test");
    expect((await get("/workshop-and-webinars", second)).body).not.toContain("Assessment centre rehearsal");
    expect((await post("/workshop-and-webinars", { intent: "register", workshop: String(id) }, second)).status).toBe(
      404,
    );
    expect(
      (
        await post("/workshop-and-webinars", {
          intent: "register",
          workshop: String(id),
          name: "Eve Visitor",
          email: "eve@example.test",
        })
      ).status,
    ).toBe(404);

    const [student, basic, predeparture] = await Promise.all([
      loginAs(server, "student@demo.test"),
      loginAs(server, "basic.student@demo.test"),
      loginAs(server, "predeparture@demo.test"),
    ]);
    const replies = await Promise.all([
      post("/student-dashboard", { intent: "register-workshop", workshop: String(id) }, student),
      post("/student-dashboard", { intent: "register-workshop", workshop: String(id) }, basic),
      post("/workshop-and-webinars", { intent: "register", workshop: String(id) }, predeparture),
      post("/workshop-and-webinars", { intent: "register", workshop: String(id) }, admin),
    ]);
    const outcomes = replies.map((r) => /done=(\w+)$/.exec(r.location ?? "")?.[1]);
    expect(outcomes.filter((o) => o === "registered")).toHaveLength(2);
    expect(outcomes.filter((o) => o === "waiting")).toHaveLength(2);
    const attendees = (await get("/workshop-and-webinars", admin)).body;
    expect(attendees).toContain("Assessment centre rehearsal: 2 of 2 places taken");

    // One with a place gives it up: the first on the waiting list is given it and told.
    const holder = replies[outcomes.indexOf("registered")]!.location!;
    expect((await post(holder.replace(/&done=\w+$/, ""), { intent: "give-up" })).status).toBe(303);
    const promoted = await smtp.next((m) => m.subject === "A place has opened for you: Assessment centre rehearsal");
    expect(icsOf(promoted)).toContain(`UID:workshop-${id}@career-platform`);
    expect((await get("/workshop-and-webinars", admin)).body).toContain(
      "Assessment centre rehearsal: 2 of 2 places taken",
    );

    // Only its own university's admin can call it off; then nobody is offered it.
    expect(
      (await post("/workshop-and-webinars", { intent: "cancel-workshop", workshop: String(id) }, second)).status,
    ).toBe(404);
    expect(
      (await post("/workshop-and-webinars", { intent: "cancel-workshop", workshop: String(id) }, admin)).status,
    ).toBe(303);
    expect((await get("/workshop-and-webinars", admin)).body).not.toContain("Assessment centre rehearsal");
    expect((await get("/student-dashboard", student)).body).not.toContain("Assessment centre rehearsal");
  });

  it("tells a student on their dashboard when they have registered too often, with 429", async () => {
    const student = await loginAs(server, "student@demo.test");
    const id = /name="workshop" value="(\d+)"/.exec((await get("/student-dashboard", student)).body)?.[1];
    expect(id).toBeDefined();
    // The limit is 20 an hour; an earlier test may have spent some of this student's.
    let refused;
    let accepted = 0;
    for (let i = 0; i < 21 && !refused; i++) {
      const reply = await post("/student-dashboard", { intent: "register-workshop", workshop: id! }, student);
      if (reply.status === 303) accepted++;
      else refused = reply;
    }
    expect(accepted).toBeGreaterThan(10);
    if (!refused) throw new Error("21 registrations in a row were all accepted");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.body).toMatch(
      /<p role="alert"[^>]*>You have registered for workshops 20 times in the last hour\. Try again in \d+ minutes?\.<\/p>/,
    );
    expect(refused.body).toContain("Workshops and webinars</h2>");
  });
});
