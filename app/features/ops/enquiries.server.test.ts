import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog, enquiries } from "~/db/schema";
import { readListQuery } from "~/lib/list-query";
import { createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { enquiryList, markEnquiryHandled } from "./enquiries.server";

let database: Database;
let ids: number[];
beforeAll(async () => {
  database = await createTestDatabase();
  const rows = await database.db
    .insert(enquiries)
    .values([
      {
        kind: "contact",
        name: "Ada",
        email: "ada@example.com",
        subject: "Hello",
        message: "m",
        createdAt: new Date("2026-11-01T10:00:00Z"),
      },
      {
        kind: "partner-with-us",
        name: "Bea",
        email: "bea@uni.example",
        subject: "Partner",
        message: "m",
        details: { organisation: "Northbridge 100% University" },
        createdAt: new Date("2026-11-02T10:00:00Z"),
      },
    ])
    .returning({ id: enquiries.id });
  ids = rows.map((r) => r.id);
});
afterAll(() => database.close());

const list = (search: string, filters = { kind: "", status: "" }) =>
  enquiryList(
    database.db,
    readListQuery(new URL(`http://x/ops/enquiries?${search}`), { sorts: ["date", "name"], sort: "date", dir: "desc" }),
    filters,
  );

describe("enquiries in the console", () => {
  it("lists the newest first, searches the organisation with its wildcards taken literally, and filters by form", async () => {
    expect((await list("")).rows.map((r) => [r.name, r.kind, r.organisation])).toEqual([
      ["Bea", "Partner with us", "Northbridge 100% University"],
      ["Ada", "Contact us", null],
    ]);
    expect((await list("sort=name&dir=asc")).rows.map((r) => r.name)).toEqual(["Ada", "Bea"]);
    expect((await list("q=100%25")).rows.map((r) => r.name)).toEqual(["Bea"]);
    expect((await list("q=1_0")).total).toBe(0);
    expect((await list("", { kind: "contact", status: "" })).rows.map((r) => r.name)).toEqual(["Ada"]);
  });

  it("marks one handled once, with the staff member, the note and its audit entry", async () => {
    const staff = await createUser(database.db, { role: "platform_staff", email: "staff@platform.test" });
    const actor = { id: staff.id, role: "platform_staff", ip: "198.51.100.9" };
    const now = new Date("2026-11-28T12:00:00Z");
    expect(await markEnquiryHandled(database.db, actor, ids[0]!, "Replied by email.", now)).toBe("handled");
    expect(await markEnquiryHandled(database.db, actor, ids[0]!, "Again", now)).toBe("already");
    expect(await markEnquiryHandled(database.db, actor, 999_999, "x", now)).toBe("missing");

    const [row] = await database.db.select().from(enquiries).where(eq(enquiries.id, ids[0]!));
    expect(row).toMatchObject({ handledAt: now, handledBy: staff.id, handledNote: "Replied by email." });
    expect((await list("", { kind: "", status: "handled" })).rows.map((r) => r.name)).toEqual(["Ada"]);
    expect((await list("", { kind: "", status: "open" })).rows.map((r) => r.name)).toEqual(["Bea"]);
    expect(await database.db.select().from(auditLog).where(eq(auditLog.action, "enquiry.handled"))).toEqual([
      expect.objectContaining({
        actorId: staff.id,
        ip: "198.51.100.9",
        targetType: "enquiry",
        targetId: String(ids[0]),
        changes: {
          handledAt: { before: null, after: now.toISOString() },
          handledNote: { before: null, after: "Replied by email." },
        },
      }),
    ]);
  });
});
