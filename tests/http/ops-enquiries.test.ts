import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { auditLog, enquiries, users } from "~/db/schema";
import { type TestServer, loginAs, loginAsStaff, request, startServerWithData } from "./harness";

// /ops/enquiries (issue 30): the public forms' enquiries, paged, sorted, searched and filtered on the
// server, each marked handled once with a note, audited in the same transaction.
let server: TestServer;
let stopAndRead: <R>(read: (db: Db) => Promise<R>) => Promise<R>;
let staff: string;
let ids: { partner: number; ambassador: number };
const NOTE = "Called Dr Osei; a demo is booked for Tuesday.";

beforeAll(async () => {
  const started = await startServerWithData(async (db) => {
    // 26 contact messages a day apart from 1 March, so the list has two pages.
    await db.insert(enquiries).values(
      Array.from({ length: 26 }, (_, i) => ({
        kind: "contact",
        name: `Visitor ${i + 1}`,
        email: `visitor${i + 1}@example.com`,
        subject: `Question ${i + 1}`,
        message: "Hello",
        createdAt: new Date(Date.UTC(2026, 2, 1 + i)),
      })),
    );
    const [partner] = await db
      .insert(enquiries)
      .values({
        kind: "partner-with-us",
        name: "Ama Osei",
        email: "ama@northbridge.ac.uk",
        subject: "Partnership enquiry from Northbridge University",
        message: "We would like to talk.\n\nOur students ask about visas.",
        details: { organisation: "Northbridge University", jobTitle: "Head of careers" },
        createdAt: new Date("2026-04-01T10:00:00Z"),
      })
      .returning({ id: enquiries.id });
    const [ambassador] = await db
      .insert(enquiries)
      .values({
        kind: "campus-ambassadors",
        name: "Li Wei",
        email: "li@student.example",
        subject: "Campus ambassador application from Eastfield University",
        message: "I help international students.",
        details: { university: "Eastfield University", course: "BSc Physics" },
        createdAt: new Date("2026-04-02T10:00:00Z"),
      })
      .returning({ id: enquiries.id });
    return { partner: partner!.id, ambassador: ambassador!.id };
  });
  ({ server, stopAndRead, prepared: ids } = started);
  staff = await loginAsStaff(server);
});
afterAll(() => server?.stop());

// React writes <!-- --> between adjacent pieces of text; the page as read leaves them out.
const page = async (path: string, cookie = staff) => {
  const reply = await request(server, { path, cookie });
  return { ...reply, body: reply.body.replaceAll("<!-- -->", "") };
};
const post = (path: string, form: Record<string, string>, cookie = staff) =>
  request(server, { path, cookie, headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin" }, form });

describe("/ops/enquiries", () => {
  it("lists the newest first in pages, sorts by date, and searches by name, address or organisation", async () => {
    const first = await page("/ops/enquiries");
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toMatch(/no-store/);
    expect(first.body).toContain("28 in all, page 1 of 2");
    expect(first.body.indexOf("Li Wei")).toBeLessThan(first.body.indexOf("Ama Osei"));
    expect(first.body).not.toContain("Visitor 1<");
    expect((await page("/ops/enquiries?page=2")).body).toContain("Visitor 1<");
    const oldest = await page("/ops/enquiries?sort=date&dir=asc");
    expect(oldest.body.indexOf("Visitor 1<")).toBeLessThan(oldest.body.indexOf("Visitor 2<"));
    expect(oldest.body).not.toContain("Li Wei");

    const byOrganisation = await page("/ops/enquiries?q=northbridge");
    expect(byOrganisation.body).toContain("1 in all");
    expect(byOrganisation.body).toContain(`href="/ops/enquiries/${ids.partner}"`);
    expect((await page("/ops/enquiries?q=eastfield")).body).toContain("Li Wei");
    expect((await page("/ops/enquiries?q=visitor7%40")).body).toContain("1 in all");
    // A % is looked for as itself, not as a wildcard.
    expect((await page("/ops/enquiries?q=%25")).body).toContain("No enquiry matches.");
    const ambassadors = await page("/ops/enquiries?kind=campus-ambassadors");
    expect(ambassadors.body).toContain("1 in all");
    expect(ambassadors.body).toContain("Li Wei");
  });

  it("shows one enquiry with everything its sender gave, to staff only", async () => {
    const one = await page(`/ops/enquiries/${ids.partner}`);
    expect(one.status).toBe(200);
    expect(one.body).toContain("Partnership enquiry from Northbridge University");
    expect(one.body).toContain("Head of careers");
    expect(one.body).toContain("Job title");
    expect(one.body).toContain("Our students ask about visas.");
    expect(one.body).toContain("Mark as handled");
    for (const path of ["/ops/enquiries/999999", "/ops/enquiries/x"]) expect((await page(path)).status).toBe(404);

    const admin = await loginAs(server, "admin@demo.test");
    expect((await page("/ops/enquiries", admin)).status).toBe(404);
    expect((await page(`/ops/enquiries/${ids.partner}`, admin)).status).toBe(404);
    expect((await post(`/ops/enquiries/${ids.partner}`, { note: "x" }, admin)).status).toBe(404);
  });

  it("refuses an empty or overlong note with 400, then marks it handled once, with the note", async () => {
    const path = `/ops/enquiries/${ids.partner}`;
    const empty = await post(path, { note: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body).toContain("Write a note: what was done, or why nothing was");
    const long = await post(path, { note: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body).toContain("The note is at most 2,000 characters");
    expect((await page("/ops/enquiries?status=handled")).body).toContain("No enquiry matches.");
    expect((await post("/ops/enquiries/999999", { note: NOTE })).status).toBe(404);

    const handled = await post(path, { note: NOTE });
    expect(handled.status).toBe(303);
    expect(handled.location).toBe(path);
    const shown = await page(path);
    expect(shown.body).toContain("Marked as handled by");
    expect(shown.body).toContain(NOTE);
    expect(shown.body).not.toContain("Mark as handled<");

    const again = await post(path, { note: "Another note" });
    expect(again.status).toBe(409);
    expect(again.body).toContain("This enquiry was marked as handled already.");

    const handledList = await page("/ops/enquiries?status=handled");
    expect(handledList.body).toContain("1 in all");
    expect(handledList.body).toContain("Ama Osei");
    expect((await page("/ops/enquiries?status=open")).body).toContain("27 in all");
  });
});

describe("the audit log", () => {
  it("holds one enquiry.handled entry, by the staff member, with the note", async () => {
    const { entries, staffId, row } = await stopAndRead(async (db) => ({
      entries: await db.select().from(auditLog).where(eq(auditLog.targetType, "enquiry")).orderBy(asc(auditLog.id)),
      staffId: (await db.select({ id: users.id }).from(users).where(eq(users.email, "ops@demo.test")))[0]!.id,
      row: (await db.select().from(enquiries).where(eq(enquiries.id, ids.partner)))[0]!,
    }));
    expect(row).toMatchObject({ handledBy: staffId, handledNote: NOTE });
    expect(entries).toEqual([
      expect.objectContaining({
        action: "enquiry.handled",
        actorId: staffId,
        actorRole: "platform_staff",
        targetId: String(ids.partner),
        changes: {
          handledAt: { before: null, after: row.handledAt!.toISOString() },
          handledNote: { before: null, after: NOTE },
        },
      }),
    ]);
  });
});
