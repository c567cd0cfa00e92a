import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { careerManualPages, invitations, workshops } from "~/db/schema";
import { TEST_PASSWORD, accountIn, createUniversity, createUser } from "../support/factories";
import { type TestServer, cookieSet, loginAs, request, startServerWithData } from "./harness";

// A pre-departure account opens with any address, so it reads the university's own content (its
// career manual, its workshops and their joining links) only once its address, an invitation or an
// admin's approval vouches for it; the public pre-departure pages are open to it from the start.

async function prepare(db: Db) {
  const now = new Date();
  const domain = `offers-${now.getTime().toString(36)}.test`;
  const university = await createUniversity(db, { emailDomains: [domain] });
  const of = { universityId: university.id };
  const admin = await createUser(db, {
    ...of,
    role: "university_admin",
    email: `admin@${domain}`,
    ...accountIn("active", now),
  });
  const predeparture = (email: string) =>
    createUser(db, { ...of, role: "predeparture_student", email, emailVerifiedAt: now });
  const outside = await predeparture(`ana-${domain}@mail.example`);
  const ownAddress = await predeparture(`bo@students.${domain}`);
  const invited = await predeparture(`cy-${domain}@mail.example`);
  await db
    .insert(invitations)
    .values({ ...of, userId: invited.id, email: invited.email, invitedBy: admin.id, lastSentAt: now, acceptedAt: now });
  await db.insert(careerManualPages).values({
    ...of,
    title: "Your first week",
    bodyMarkdown: "Enrolment opens on Monday.",
    bodyHtml: "<p>Enrolment opens on Monday.</p>",
    position: 1,
    updatedAt: now,
  });
  const startsAt = new Date(now.getTime() + 7 * 86_400_000);
  const [workshop] = await db
    .insert(workshops)
    .values({
      ...of,
      slug: `arrival-briefing-${domain}`,
      title: "Arrival briefing for new students",
      summary: "What to do in your first week.",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      timeZone: "Europe/London",
      format: "online",
      joinUrl: `https://meet.example.org/${domain}-briefing`,
      capacity: 50,
      createdBy: admin.id,
    })
    .returning();
  return { university, admin, outside, ownAddress, invited, workshop: workshop! };
}

let data: Awaited<ReturnType<typeof startServerWithData<Awaited<ReturnType<typeof prepare>>>>>;
let server: TestServer;
let p: Awaited<ReturnType<typeof prepare>>;
beforeAll(async () => {
  data = await startServerWithData(prepare);
  ({ server, prepared: p } = data);
});
afterAll(() => data?.stop());

const sameSite = { "Sec-Fetch-Site": "same-origin" };
const get = (path: string, cookie: string) => request(server, { path, cookie });
const post = (path: string, form: Record<string, string>, cookie: string) =>
  request(server, { path, form, cookie, headers: sameSite });
const login = (email: string) => loginAs(server, email, "localhost", TEST_PASSWORD);
const manual = () => `/career-manual/${p.university.slug}`;

/** What the person sees of the university's own content: its manual, its workshop, and the joining link once registered. */
async function ownContent(cookie: string) {
  const page = await get(manual(), cookie);
  const listed = (await get("/workshop-and-webinars", cookie)).body.includes(p.workshop.title);
  const registered = await post(
    "/workshop-and-webinars",
    { intent: "register", workshop: String(p.workshop.id) },
    cookie,
  );
  const place = registered.status === 303 ? (await get(registered.location!, cookie)).body : "";
  return {
    manual: page.status,
    readsManual: page.body.includes("Enrolment opens on Monday."),
    listed,
    registered: registered.status,
    joinLink: place.includes(p.workshop.joinUrl!),
  };
}
const FULL = { manual: 200, readsManual: true, listed: true, registered: 303, joinLink: true };

describe("a pre-departure account's access to its university's own content", () => {
  it("is closed to an outside address until an admin approves it, while the public pre-departure pages stay open", async () => {
    const ana = await login(p.outside.email);
    expect(await ownContent(ana)).toEqual({
      manual: 404,
      readsManual: false,
      listed: false,
      registered: 404,
      joinLink: false,
    });
    for (const path of [
      "/jumpstart-dashboard",
      "/jumpstart/resources",
      "/jumpstart/top-30-employers",
      "/jumpstart-edit-profile",
    ]) {
      expect((await get(path, ana)).status, path).toBe(200);
    }

    const admin = await login(p.admin.email);
    const dashboard = (await get("/university-dashboard", admin)).body;
    // Only the account nothing vouches for waits for an approval.
    expect(dashboard).toContain(`aria-label="Approve ${p.outside.name} for your own pages"`);
    expect(dashboard).not.toContain(`aria-label="Approve ${p.ownAddress.name} for your own pages"`);
    expect(dashboard).not.toContain(`aria-label="Approve ${p.invited.name} for your own pages"`);
    const approved = await post(
      "/university-dashboard",
      { intent: "approve-predeparture", id: String(p.outside.id) },
      admin,
    );
    expect(approved.status).toBe(303);
    expect(decodeURIComponent(cookieSet(approved, "flash") ?? "")).toBe(
      `${p.outside.name} can now read your career manual and see your workshops; they have been told by email.`,
    );
    expect(
      (await post("/university-dashboard", { intent: "approve-predeparture", id: String(p.outside.id) }, admin)).status,
    ).toBe(409);
    expect((await get("/university-dashboard", admin)).body).not.toContain(
      `aria-label="Approve ${p.outside.name} for your own pages"`,
    );

    expect(await ownContent(ana)).toEqual(FULL);
  });

  it("is open to an address of the university's domains (its subdomains included) and to an invited account", async () => {
    expect(await ownContent(await login(p.ownAddress.email))).toEqual(FULL);
    expect(await ownContent(await login(p.invited.email))).toEqual(FULL);
  });

  it("stays open to the demo pre-departure student, whose address is Demo University's", async () => {
    const demo = await loginAs(server, "predeparture@demo.test");
    expect((await get("/career-manual/demo-university", demo)).status).toBe(200);
    expect((await get("/workshop-and-webinars", demo)).body).toContain("Interview practice with the careers service");
  });

  it("answers 404 to an approval of another university's pre-departure student", async () => {
    const other = await loginAs(server, "admin@demo.test");
    expect(
      (await post("/university-dashboard", { intent: "approve-predeparture", id: String(p.invited.id) }, other)).status,
    ).toBe(404);
  });
});
