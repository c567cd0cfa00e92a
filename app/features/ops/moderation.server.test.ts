import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { successStories } from "~/db/schema";
import { readListQuery } from "~/lib/list-query";
import { createTestDatabase } from "../../../tests/support/test-db";
import { moderationKind } from "./moderation-kinds.server";
import { moderationQueue } from "./moderation.server";

let database: Database;
const ids: number[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  const story = (name: string, email: string | null, role: string, day: number, status: "pending" | "approved") => ({
    source: "submission" as const,
    status,
    name,
    email,
    university: "University of Leeds",
    course: "MSc",
    homeCountry: "India",
    role,
    employer: "Acme",
    storyHtml: "<p>s</p>",
    createdAt: new Date(Date.UTC(2026, 10, day)),
  });
  const rows = await database.db
    .insert(successStories)
    .values([
      story("Priya", "priya@example.com", "Analyst", 3, "pending"),
      story("Ravi", null, "Nurse", 1, "pending"),
      story("Published", "p@example.com", "Engineer", 2, "approved"),
    ])
    .returning({ id: successStories.id });
  ids.push(...rows.map((r) => r.id));
});
afterAll(() => database.close());

const queue = (search: string, kind = "") =>
  moderationQueue(
    database.db,
    readListQuery(new URL(`http://x/ops/moderation?${search}`), {
      sorts: ["submitted", "kind"],
      sort: "submitted",
      dir: "asc",
      pageSize: 1,
    }),
    kind,
  );

describe("the moderation queue", () => {
  it("holds only what waits, oldest first, a page at a time, each with the address of its page", async () => {
    const first = await queue("");
    expect(first).toMatchObject({ total: 2, pages: 2 });
    expect(first.rows).toEqual([
      {
        key: `success-story/${ids[1]}`,
        href: `/ops/moderation/success-story/${ids[1]}`,
        kind: "Success story",
        title: "Nurse at Acme",
        submitter: "Ravi",
        submitterEmail: null,
        submittedAt: "2026-11-01T00:00:00.000Z",
      },
    ]);
    expect((await queue("page=2")).rows.map((r) => r.title)).toEqual(["Analyst at Acme"]);
    expect((await queue("dir=desc")).rows.map((r) => r.title)).toEqual(["Analyst at Acme"]);
  });

  it("searches titles, names and addresses, and filters by kind", async () => {
    expect((await queue("q=PRIYA%40")).total).toBe(1);
    expect((await queue("q=nurse")).rows.map((r) => r.submitter)).toEqual(["Ravi"]);
    expect((await queue("q=engineer")).total).toBe(0);
    expect((await queue("", "success-story")).total).toBe(2);
    // Employers wait in the same queue (issue 31); none has registered here.
    expect((await queue("", "employer")).total).toBe(0);
    expect(moderationKind("no-such-kind")).toBeUndefined();
  });

  it("shows an item that waits, and none that was decided", async () => {
    const kind = moderationKind("success-story")!;
    expect(await kind.item(database.db, ids[0]!)).toMatchObject({
      title: "Analyst at Acme",
      submitter: "Priya",
      submitterEmail: "priya@example.com",
      facts: expect.arrayContaining([{ label: "Course", value: "MSc" }]),
    });
    expect(await kind.item(database.db, ids[2]!)).toBeNull();
  });
});
