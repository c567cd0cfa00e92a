import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "~/db/client.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { RegisterImportError, importRegister } from "./import.server";
import { latestSnapshot, organisationBySlug, recentChanges } from "./queries.server";

const HEADER = "Organisation Name,Town/City,County,Type & Rating,Route";
const csv = (...lines: string[]) => [HEADER, ...lines].join("\n") + "\n";
async function* text(s: string) {
  yield s;
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const run = (content: string, registerDate: string) =>
  importRegister(database.db, text(content), { registerDate, source: `test-${registerDate}.csv` });
const organisations = () =>
  rowsOf<{ slug: string; routes: string[] }>(
    database.db,
    sql`select slug, routes from sponsor_organisations order by slug`,
  );
const count = async (table: string) =>
  (await rowsOf<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

const FIRST = csv(
  "Acme Widgets Limited,London,,Worker (A rating),Skilled Worker",
  "Acme Widgets Limited,London,,Worker (A rating),Intra-company Routes",
  "Bravo Ltd T/A Bravo Cafe,Leeds,West Yorkshire,Worker (A rating),Skilled Worker",
  "Charlie Care Ltd,Derby,,Worker (A rating),Skilled Worker,,", // trailing commas
);
const SECOND = csv(
  // Acme unchanged; Bravo's rating changed; Charlie dropped off; Delta added.
  "ACME WIDGETS LTD,London,,Worker (A rating),Intra-company Routes",
  "ACME WIDGETS LTD,London,,Worker (A rating),Skilled Worker",
  "Bravo Ltd T/A Bravo Cafe,Leeds,West Yorkshire,Worker (B rating),Skilled Worker",
  "Delta Dental Ltd,York,,Worker (A (SME+)),Skilled Worker",
);

describe("importing the register", () => {
  it("groups rows by organisation and keeps a snapshot with its counts; the first has nothing to compare with", async () => {
    const summary = await run(FIRST, "2026-01-01");
    expect(summary).toMatchObject({
      registerDate: "2026-01-01",
      rows: 4,
      organisations: 3,
      added: 0,
      removed: 0,
      changed: 0,
    });
    expect(await organisations()).toEqual([
      { slug: "acme-widgets-limited", routes: ["Intra-company Routes", "Skilled Worker"] },
      { slug: "bravo-ltd-t-a-bravo-cafe", routes: ["Skilled Worker"] },
      { slug: "charlie-care-ltd", routes: ["Skilled Worker"] },
    ]);
    // Legal name plus one trading name for Bravo.
    expect(await count("sponsor_names")).toBe(4);
    expect(await count("sponsor_changes")).toBe(0);
  });

  it("records what was added, removed and changed since the previous snapshot", async () => {
    const summary = await run(SECOND, "2026-02-01");
    expect(summary).toMatchObject({ rows: 4, organisations: 3, added: 1, removed: 1, changed: 1 });
    const snapshot = (await latestSnapshot(database.db))!;
    expect(snapshot).toMatchObject({
      registerDate: "2026-02-01",
      rowCount: 4,
      organisationCount: 3,
      added: 1,
      removed: 1,
      changed: 1,
    });
    expect(snapshot.routes).toEqual(["Intra-company Routes", "Skilled Worker"]);
    expect((await recentChanges(database.db, snapshot.id, "added", 10)).map((c) => c.name)).toEqual([
      "Delta Dental Ltd",
    ]);
    expect((await recentChanges(database.db, snapshot.id, "removed", 10)).map((c) => c.name)).toEqual([
      "Charlie Care Ltd",
    ]);
    expect((await recentChanges(database.db, snapshot.id, "changed", 10)).map((c) => c.name)).toEqual([
      "Bravo Ltd T/A Bravo Cafe",
    ]);
    const bravo = (await organisationBySlug(database.db, "bravo-ltd-t-a-bravo-cafe"))!;
    expect(bravo.history).toMatchObject([
      { kind: "changed", registerDate: "2026-02-01", before: [{ rating: "A" }], after: [{ rating: "B" }] },
    ]);
  });

  it("keeps an organisation's first date and address across imports, and the history of one that dropped off", async () => {
    // Acme's name changed case and legal form spelling only: the same organisation, same slug.
    const acme = (await organisationBySlug(database.db, "acme-widgets-limited"))!;
    expect(acme).toMatchObject({ live: true, firstSeen: "2026-01-01", history: [] });
    const delta = (await organisationBySlug(database.db, "delta-dental-ltd"))!;
    expect(delta).toMatchObject({
      live: true,
      firstSeen: "2026-02-01",
      history: [{ kind: "added", registerDate: "2026-02-01" }],
    });
    const charlie = (await organisationBySlug(database.db, "charlie-care-ltd"))!;
    expect(charlie).toMatchObject({
      live: false,
      name: "Charlie Care Ltd",
      history: [{ kind: "removed", registerDate: "2026-02-01" }],
    });
    expect(charlie.licences).toEqual([{ route: "Skilled Worker", type: "Worker", rating: "A" }]);
  });

  describe("a malformed file changes nothing and says what was wrong, with the line", () => {
    const cases: [string, string, string[]][] = [
      ["an empty file", "", ["line 1: the file is empty"]],
      [
        "the wrong header",
        "Name,Town,County,Rating,Route\nA Ltd,London,,Worker (A rating),Skilled Worker\n",
        ["line 1: the header must be"],
      ],
      ["a header and no rows", `${HEADER}\n\n`, ["line 1: the file has a header but no rows"]],
      [
        "a line with too few fields",
        csv("A Ltd,London,,Worker (A rating),Skilled Worker", "B Ltd,London,Worker (A rating)"),
        ["line 3: expected 5 fields, found 3"],
      ],
      [
        "a quote never closed",
        csv("A Ltd,London,,Worker (A rating),Skilled Worker", '"B Ltd,London,,Worker (A rating),Skilled Worker'),
        ["line 3: a quoted field is never closed"],
      ],
      [
        "an unreadable rating",
        csv("A Ltd,London,,Worker,Skilled Worker"),
        ['line 2: "Type & Rating" should look like'],
      ],
      [
        "a rating the register does not use",
        csv("A Ltd,London,,Worker (A rating),Skilled Worker", "B Ltd,London,,Worker (Z rating),Skilled Worker"),
        ['line 3: "Type & Rating" has the rating "Z"'],
      ],
      [
        "a licence type the register does not use",
        csv("A Ltd,London,,Wroker (A rating),Skilled Worker"),
        ['line 2: "Type & Rating" has the licence type "Wroker"'],
      ],
      // PostgreSQL cannot store a NUL in text: it must be refused while reading, not fail the write.
      [
        "a NUL byte in a name",
        csv("A Ltd,London,,Worker (A rating),Skilled Worker", "B\u0000 Ltd,London,,Worker (A rating),Skilled Worker"),
        ["line 3: the organisation name holds a control character (U+0000)"],
      ],
      [
        "a control character in a town",
        csv("A Ltd,Lon\u0007don,,Worker (A rating),Skilled Worker"),
        ["line 2: the town holds a control character (U+0007)"],
      ],
      [
        "several bad lines",
        csv(
          ",London,,Worker (A rating),Skilled Worker",
          "A Ltd,London,,Worker (A rating),Skilled Worker",
          "B Ltd,London,,Worker (A rating),",
        ),
        ["line 2: the organisation name is empty", "line 4: the route is empty"],
      ],
    ];
    it.each(cases)("%s", async (_label, content, messages) => {
      const before = {
        organisations: await organisations(),
        snapshots: await count("sponsor_snapshots"),
        changes: await count("sponsor_changes"),
      };
      const error = await run(content, "2026-03-01").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RegisterImportError);
      const problems = (error as RegisterImportError).problems.map((p) => p.message);
      expect(problems).toHaveLength(messages.length);
      messages.forEach((m, i) => expect(problems[i]).toContain(m));
      expect({
        organisations: await organisations(),
        snapshots: await count("sponsor_snapshots"),
        changes: await count("sponsor_changes"),
      }).toEqual(before);
    });
  });

  it("rolls back everything when the database fails half-way", async () => {
    const before = await organisations();
    // A register date PostgreSQL refuses fails the snapshot insert after the file was read.
    await expect(run(csv("Echo Ltd,Bath,,Worker (A rating),Skilled Worker"), "2026-02-30")).rejects.toThrow();
    expect(await organisations()).toEqual(before);
    expect(await count("sponsor_snapshots")).toBe(2);
  });
});
