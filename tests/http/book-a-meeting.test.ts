import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestSmtpServer } from "../support/smtp";
import { type Reply, type TestServer, request, startServerWithMail } from "./harness";

// Behind a trusted proxy each simulated visitor has an address of their own, so that fifty of them
// racing for one slot meet the database's rule and not the per-address limit.
let server: TestServer;
let smtp: TestSmtpServer;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, smtp, stop } = await startServerWithMail({ TRUST_PROXY: "true", TEAM_EMAIL: "team@platform.test" }));
});
afterAll(() => stop?.());

let visitor = 0;
const from = () => ({ "X-Forwarded-For": `203.0.113.${++visitor % 250}`, "Sec-Fetch-Site": "same-origin" });
const page = (query = "") => request(server, { path: `/book-a-meeting${query}`, headers: from() });
const post = (query: string, form: Record<string, string>, headers: Record<string, string> = from()) =>
  request(server, { path: `/book-a-meeting${query}`, form, headers });

/** The times offered on a page: each radio's value (the slot's start, UTC) and its label. */
function timesOn(body: string): { value: string; label: string }[] {
  return [...body.matchAll(/<input type="radio"[^>]*name="slot" value="([^"]+)"[^>]*\/?>([^<]*)<\/label>/g)].map(
    (m) => ({ value: m[1]!, label: m[2]!.trim() }),
  );
}
/** The days offered, as their ?day= values. */
const daysOn = (body: string) => [
  ...new Set(
    [...body.matchAll(/[?&]amp;day=(\d{4}-\d{2}-\d{2})|[?&]day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1] ?? m[2]!),
  ),
];
const manageLink = (reply: Reply) => reply.location!;
const booking = (slot: string, email: string, extra: Record<string, string> = {}) => ({
  intent: "book",
  slot,
  tz: "Europe/London",
  name: "Amara Okafor",
  email,
  role: "university",
  organisation: "Example University",
  topic: "Bringing the platform to our students",
  ...extra,
});
const icsOf = (mail: { attachments: { contentType: string; content: Buffer }[] }) =>
  mail.attachments
    .find((a) => a.contentType.startsWith("text/calendar"))!
    .content.toString("utf8")
    .replace(/\r\n /g, "");
const utc = (iso: string) => `${iso.replace(/[-:]/g, "").slice(0, 15)}Z`;

/** A slot at least two days ahead, so that none of it can slip inside the day's notice while the test runs. */
async function aLaterSlot(tz = "Europe/London", skip = 0) {
  const first = await page(`?tz=${encodeURIComponent(tz)}`);
  const day = daysOn(first.body)[1 + skip]!;
  const { body } = await page(`?tz=${encodeURIComponent(tz)}&day=${day}`);
  return { day, times: timesOn(body) };
}

describe("/book-a-meeting", () => {
  it("offers the team's times in the visitor's time zone, from a day's notice", async () => {
    const london = await aLaterSlot();
    const toronto = await page(`?tz=America/Toronto&day=${london.day}`);
    expect(london.times.length).toBeGreaterThan(0);
    const first = london.times[0]!;
    const inToronto = new Intl.DateTimeFormat("en-GB", {
      timeZone: "America/Toronto",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date(first.value));
    expect(timesOn(toronto.body).find((t) => t.value === first.value)?.label).toMatch(new RegExp(`^${inToronto} to `));
    expect(toronto.body).toContain("Times are in America/Toronto");
    // Nothing within a day's notice is offered.
    const all = timesOn((await page()).body);
    expect(all.every((t) => Date.parse(t.value) >= Date.now() + 23.9 * 3_600_000)).toBe(true);
    // An unknown time zone falls back to the team's.
    expect((await page("?tz=Mars%2FOlympus")).body).toContain("Times are in Europe/London");
  });

  it("books a slot: a confirmation with a calendar file to the person, a note to the team, and a signed page to manage it", async () => {
    const { times } = await aLaterSlot();
    const slot = times[0]!.value;
    const reply = await post("", booking(slot, "amara@example.test", { tz: "Asia/Kolkata" }));
    expect(reply.status).toBe(303);
    expect(manageLink(reply)).toMatch(/^\/book-a-meeting\?booking=\d+&sig=[\w-]+&done=booked$/);

    const mine = await smtp.next((m) => m.envelopeTo.includes("amara@example.test"));
    expect(mine.subject).toBe("Your meeting with the Career Platform team is booked");
    const inKolkata = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Kolkata",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date(slot));
    expect(mine.text).toContain(`, ${inKolkata} to `);
    expect(mine.text).toContain("(Asia/Kolkata)");
    const ics = icsOf(mine);
    expect(ics).toContain("METHOD:PUBLISH");
    expect(ics).toContain(`DTSTART:${utc(slot)}`);
    expect(ics).toContain(`DTEND:${utc(new Date(Date.parse(slot) + 30 * 60_000).toISOString())}`);
    expect(ics).toContain("SEQUENCE:0");
    const team = await smtp.next(
      (m) => m.envelopeTo.includes("team@platform.test") && m.subject!.includes("Amara Okafor"),
    );
    expect(team.subject).toMatch(/^Meeting booked: Amara Okafor, /);
    expect(team.text).toContain("Example University");

    // The email's link opens the booking; the same link with another signature is not found.
    const link = /https?:\/\/[^\s]+\/book-a-meeting\?booking=\d+&sig=[\w-]+/.exec(mine.text!)![0];
    const managed = await request(server, { path: new URL(link).pathname + new URL(link).search });
    expect(managed.status).toBe(200);
    expect(managed.body).toContain("Your meeting");
    expect(managed.body).toContain("Bringing the platform to our students");
    const forged = new URL(link);
    forged.searchParams.set("sig", "x".repeat(43));
    expect((await request(server, { path: forged.pathname + forged.search })).status).toBe(404);
    const calendar = await request(server, { path: `/book-a-meeting/meeting.ics${new URL(link).search}` });
    expect(calendar.headers["content-type"]).toContain("text/calendar");
    expect(calendar.body).toContain(`DTSTART:${utc(slot)}`);
    expect((await request(server, { path: `/book-a-meeting/meeting.ics${forged.search}` })).status).toBe(404);

    // The slot is no longer offered.
    expect(timesOn((await page(`?day=${(await aLaterSlot()).day}`)).body).map((t) => t.value)).not.toContain(slot);
  });

  it("gives one slot to exactly one of fifty people asking at once; the others are told it has just been taken", async () => {
    const { times } = await aLaterSlot("Europe/London", 1);
    const slot = times.at(-1)!.value;
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post("", booking(slot, `racer${i}@example.test`))),
    );
    const won = replies.filter((r) => r.status === 303);
    const lost = replies.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const r of lost) expect(r.body).toContain("That slot has just been taken. Choose another time.");
    // What the losers typed is kept for them to choose another time.
    expect(lost[0]!.body).toMatch(/value="racer\d+@example.test"/);
    const winner = await smtp.next(
      (m) => /^racer\d+@example\.test$/.test(m.envelopeTo[0] ?? "") && m.subject!.endsWith("is booked"),
    );
    expect(icsOf(winner)).toContain(`DTSTART:${utc(slot)}`);
    expect(smtp.received.filter((m) => m.envelopeTo.some((to) => to.startsWith("racer"))).length).toBe(1);
  });

  it("refuses a form with mistakes, a time not offered and a cross-site post, storing nothing; a filled honeypot is thanked and ignored", async () => {
    const { times } = await aLaterSlot();
    const slot = times[1]!.value;
    const bad = await post("", {
      intent: "book",
      slot,
      tz: "Europe/London",
      name: "",
      email: "not-an-email",
      role: "alien",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Enter your full name");
    expect(bad.body).toContain("Enter an email address in the right format");
    expect(bad.body).toContain("Choose what describes you best");
    const soon = new Date(Date.now() + 2 * 3_600_000);
    soon.setUTCMinutes(0, 0, 0);
    const notOffered = await post("", booking(soon.toISOString(), "early@example.test"));
    expect(notOffered.status).toBe(422);
    expect(notOffered.body).toContain("That time is no longer open to book.");
    const crossSite = await post("", booking(slot, "csrf@example.test"), {
      "X-Forwarded-For": "198.51.100.7",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
    const bot = await post("", { ...booking(slot, "bot@example.test"), website: "https://spam.example" });
    expect(bot.status).toBe(303);
    expect(bot.location).toBe("/book-a-meeting");
    // The slot is still free.
    expect(timesOn((await page(`?day=${(await aLaterSlot()).day}`)).body).map((t) => t.value)).toContain(slot);
    expect(
      smtp.received.some((m) =>
        m.envelopeTo.some((to) => ["early@example.test", "csrf@example.test", "bot@example.test"].includes(to)),
      ),
    ).toBe(false);
  });

  it("moves a meeting through its signed link (the same calendar event, the old time freed) and cancels it", async () => {
    const { day, times } = await aLaterSlot();
    const [first, second] = [times.at(-2)!.value, times.at(-3)!.value];
    const made = await post("", booking(first, "mover@example.test"));
    expect(made.status).toBe(303);
    const manage = manageLink(made).replace(/&done=booked$/, "");
    const booked = icsOf(
      await smtp.next((m) => m.envelopeTo.includes("mover@example.test") && m.subject!.endsWith("is booked")),
    );
    const uid = /UID:(.+)\r\n/.exec(booked)![1];

    const moved = await post(manage.slice("/book-a-meeting".length), {
      intent: "move",
      slot: second,
      tz: "Europe/London",
    });
    expect(moved.status).toBe(303);
    const movedMail = await smtp.next(
      (m) => m.envelopeTo.includes("mover@example.test") && m.subject!.endsWith("has moved"),
    );
    const movedIcs = icsOf(movedMail);
    expect(movedIcs).toContain(`UID:${uid}`);
    expect(movedIcs).toContain("SEQUENCE:1");
    expect(movedIcs).toContain(`DTSTART:${utc(second)}`);
    const offered = timesOn((await page(`?day=${day}`)).body).map((t) => t.value);
    expect(offered).toContain(first);
    expect(offered).not.toContain(second);
    // The old link now says the meeting moved, and cannot move it again.
    expect((await request(server, { path: manage })).body).toContain("Moved to another time");

    const newManage = manageLink(moved).replace(/&done=moved$/, "");
    const cancelled = await post(newManage.slice("/book-a-meeting".length), { intent: "cancel" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toContain("cancelled=1");
    const cancelMail = await smtp.next(
      (m) => m.envelopeTo.includes("mover@example.test") && m.subject!.endsWith("is cancelled"),
    );
    const cancelIcs = icsOf(cancelMail);
    expect(cancelIcs).toContain("METHOD:CANCEL");
    expect(cancelIcs).toContain("STATUS:CANCELLED");
    expect(cancelIcs).toContain(`UID:${uid}`);
    expect(timesOn((await page(`?day=${day}`)).body).map((t) => t.value)).toContain(second);
    // A cancel without a valid signature is not found.
    expect((await post(`?booking=1&sig=nope`, { intent: "cancel" })).status).toBe(404);
  });
});
