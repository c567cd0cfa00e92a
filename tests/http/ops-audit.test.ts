import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "~/db/audit.server";
import { universities, users } from "~/db/schema";
import { type TestServer, loginAs, loginAsStaff, request, startServerWithData } from "./harness";

// The console's audit log (issue 30): every entry, filtered by who, what, when (UK calendar days) and
// university, sorted by time, and the same entries as CSV through the one CSV writer, written as it
// reads them, its cells safe from spreadsheet formulas.
let server: TestServer;
let staff: string;
let ids: { staff: number; admin: number; demo: number; second: number };

beforeAll(async () => {
  ({ server, prepared: ids } = await startServerWithData(async (db) => {
    const people = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ["ops@demo.test", "admin@demo.test"]));
    const idOf = (email: string) => people.find((p) => p.email === email)!.id;
    const [demo] = await db.select().from(universities).where(eq(universities.slug, "demo-university"));
    const [second] = await db.select().from(universities).where(eq(universities.slug, "second-university"));
    const entry = (actor: number, role: string, action: string, universityId: number, at: string, extra = {}) =>
      recordAudit(db, {
        actor: { id: actor, role, ip: "198.51.100.7" },
        action,
        universityId,
        target: { type: "university", id: universityId },
        at: new Date(at),
        ...extra,
      });
    await entry(idOf("ops@demo.test"), "platform_staff", "university.created", demo!.id, "2026-06-01T10:00:00Z", {
      after: { name: "Demo University" },
    });
    await entry(idOf("ops@demo.test"), "platform_staff", "university.plan_changed", second!.id, "2026-06-20T10:00:00Z");
    // 00:30 on 2 July in the UK (summer time).
    await entry(idOf("admin@demo.test"), "university_admin", "student.approved", demo!.id, "2026-07-01T23:30:00Z");
    await recordAudit(db, {
      actor: { id: idOf("admin@demo.test"), role: "university_admin" },
      action: "workshop.updated",
      universityId: demo!.id,
      target: { type: "workshop", id: "@SUM(1+1)" },
      before: { title: "Careers fair" },
      after: { title: '=HYPERLINK("http://evil.test","Click")' },
      at: new Date("2026-07-10T09:00:00Z"),
    });
    return { staff: idOf("ops@demo.test"), admin: idOf("admin@demo.test"), demo: demo!.id, second: second!.id };
  }));
  staff = await loginAsStaff(server);
});
afterAll(() => server?.stop());

const get = (path: string, cookie = staff) => request(server, { path, cookie });
const OURS = ["university.created", "university.plan_changed", "student.approved", "workshop.updated"];
/** Which of this file's actions a page shows, in its order. */
const shown = (body: string) =>
  OURS.filter((a) => body.includes(`>${a}</a>`)).sort((a, b) => body.indexOf(`>${a}</a>`) - body.indexOf(`>${b}</a>`));

describe("/ops/audit", () => {
  it("shows staff every entry, newest first, with who, what, which record, the changes and the address; 404 for others", async () => {
    const page = await get("/ops/audit");
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toMatch(/private|no-store/);
    expect(shown(page.body)).toEqual([...OURS].reverse());
    expect(page.body).toContain("Priya Natarajan (ops@demo.test)");
    expect(page.body).toContain("name: null → &quot;Demo University&quot;");
    expect(page.body).toContain("198.51.100.7");
    expect((await get("/ops/audit", await loginAs(server, "admin@demo.test"))).status).toBe(404);
    expect((await get("/ops/audit.csv", await loginAs(server, "admin@demo.test"))).status).toBe(404);
  });

  it("filters by who, what, when (UK days, both ends included) and university, and sorts oldest first", async () => {
    expect(shown((await get("/ops/audit?who=ADMIN%40demo")).body)).toEqual(["workshop.updated", "student.approved"]);
    expect(shown((await get(`/ops/audit?who=${ids.staff}`)).body)).toEqual([
      "university.plan_changed",
      "university.created",
    ]);
    expect(shown((await get("/ops/audit?what=university.")).body)).toEqual([
      "university.plan_changed",
      "university.created",
    ]);
    expect(shown((await get("/ops/audit?what=university.created")).body)).toEqual(["university.created"]);
    expect(shown((await get("/ops/audit?from=2026-07-02&to=2026-07-10")).body)).toEqual([
      "workshop.updated",
      "student.approved",
    ]);
    expect(shown((await get("/ops/audit?from=2026-06-01&to=2026-07-01")).body)).toEqual([
      "university.plan_changed",
      "university.created",
    ]);
    expect(shown((await get(`/ops/audit?university=${ids.second}`)).body)).toEqual(["university.plan_changed"]);
    expect(shown((await get("/ops/audit?what=university.&sort=at&dir=asc")).body)).toEqual([
      "university.created",
      "university.plan_changed",
    ]);
  });

  it("refuses a filter it cannot read with 400 and says which", async () => {
    const bad = await get("/ops/audit?from=2026-02-30");
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("From: a date such as 2026-11-28");
    expect(shown(bad.body)).toEqual([]);
    const backwards = await get("/ops/audit?from=2026-07-02&to=2026-07-01");
    expect(backwards.status).toBe(400);
    expect(backwards.body).toContain("To: a day on or after From");
    expect((await get("/ops/audit.csv?what=drop%20table")).status).toBe(400);
  });
});

describe("/ops/audit.csv", () => {
  it("is the filtered entries as a private CSV download, the page linking to it with its filters", async () => {
    const page = await get("/ops/audit?what=workshop.&university=" + ids.demo);
    expect(page.body).toContain(`href="/ops/audit.csv?what=workshop.&amp;university=${ids.demo}"`);
    const csv = await get(`/ops/audit.csv?what=workshop.&university=${ids.demo}`);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.headers["cache-control"]).toMatch(/private/);
    // Written as it is read: no length known beforehand.
    expect(csv.headers["transfer-encoding"]).toBe("chunked");
    const lines = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "When (UTC),Actor id,Actor email,Actor role,Action,University id,University,Record type,Record id,Changes,From address",
    );
    expect(lines.slice(1)).toHaveLength(2);
    const row = lines[1]!;
    expect(
      row.startsWith(
        `2026-07-10T09:00:00.000Z,${ids.admin},admin@demo.test,university_admin,workshop.updated,${ids.demo},`,
      ),
    ).toBe(true);
    // A record id and a change that a spreadsheet would read as formulas stay text.
    expect(row).toContain(",workshop,'@SUM(1+1),");
    // The changes as JSON in one quoted cell; the formula inside it is not at the cell's start.
    expect(row).toContain(',"{""title"":{""after"":""=HYPERLINK(');
    expect(row).toContain('""before"":""Careers fair""}}",');
    expect(lines[2]).toBe("");
  });

  it("holds every entry the filters pick, in the page's order", async () => {
    const csv = await get("/ops/audit.csv?what=university.&dir=asc");
    const actions = csv.body
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.split(",")[4]);
    expect(actions).toEqual(["university.created", "university.plan_changed"]);
  });
});
