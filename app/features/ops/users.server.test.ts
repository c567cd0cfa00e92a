import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { readListQuery } from "~/lib/list-query";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { PEOPLE_SORTS, type PeopleFilters, findPeople } from "./users.server";

let database: Database;
const now = new Date("2026-11-28T10:00:00Z");
const ANY: PeopleFilters = { role: null, status: null };

beforeAll(async () => {
  database = await createTestDatabase();
  const { id: universityId } = await createUniversity(database.db, { name: "Northgate University" });
  const day = (n: number) => new Date(now.getTime() - n * 86_400_000);
  await createUser(database.db, {
    name: "Amara Okafor",
    email: "amara@northgate.test",
    universityId,
    createdAt: day(3),
  });
  await createUser(database.db, {
    name: "Ben Okafor",
    email: "ben_o@mail.test",
    role: "university_admin",
    universityId,
    createdAt: day(2),
  });
  await createUser(database.db, {
    name: "Chloe Price",
    email: "chloe@northgate.test",
    accessStatus: "deactivated",
    universityId,
    createdAt: day(1),
  });
  await createUser(database.db, {
    name: "Dev Okafor",
    email: "dev@northgate.test",
    universityId,
    accessExpiresAt: day(1),
    createdAt: day(0),
  });
});
afterAll(() => database.close());

const find = (search: string, filters = ANY, pageSize?: number) =>
  findPeople(
    database.db,
    readListQuery(new URL(`http://x/ops/users?${search}`), {
      sorts: PEOPLE_SORTS,
      sort: "created",
      dir: "desc",
      pageSize,
    }),
    filters,
    now,
  );

describe("findPeople", () => {
  it("finds people by any part of their name or address, any letter case, newest first", async () => {
    const list = await find("q=OKAFOR");
    expect(list.rows.map((r) => r.name)).toEqual(["Dev Okafor", "Ben Okafor", "Amara Okafor"]);
    expect((await find("q=northgate.TEST")).total).toBe(3);
    expect(list.rows[2]).toEqual({
      id: expect.any(Number),
      name: "Amara Okafor",
      email: "amara@northgate.test",
      role: "student",
      status: "active",
      university: "Northgate University",
      createdAt: "2026-11-25T10:00:00.000Z",
    });
  });

  it("takes a search's wildcards literally", async () => {
    expect((await find("q=ben_o")).rows.map((r) => r.name)).toEqual(["Ben Okafor"]);
    expect((await find("q=b%25o")).total).toBe(0);
  });

  it("sorts by name or address either way, and pages on the server", async () => {
    expect((await find("q=okafor&sort=name&dir=asc")).rows.map((r) => r.name)).toEqual([
      "Amara Okafor",
      "Ben Okafor",
      "Dev Okafor",
    ]);
    expect((await find("q=northgate&sort=email&dir=desc")).rows.map((r) => r.email)).toEqual([
      "dev@northgate.test",
      "chloe@northgate.test",
      "amara@northgate.test",
    ]);
    const second = await find("q=okafor&sort=name&dir=asc&page=2", ANY, 2);
    expect(second).toMatchObject({ total: 3, pages: 2 });
    expect(second.rows.map((r) => r.name)).toEqual(["Dev Okafor"]);
  });

  it("filters by role and by status, an ended access being its own status", async () => {
    const admins = await find("q=okafor", { role: "university_admin", status: null });
    expect(admins.rows.map((r) => r.name)).toEqual(["Ben Okafor"]);
    const deactivated = await find("", { role: null, status: "deactivated" });
    expect(deactivated.rows.map((r) => [r.name, r.status])).toEqual([["Chloe Price", "deactivated"]]);
    const ended = await find("", { role: null, status: "expired" });
    expect(ended.rows.map((r) => [r.name, r.status])).toEqual([["Dev Okafor", "expired"]]);
    const active = await find("", { role: "student", status: "active" });
    expect(active.rows.map((r) => r.name)).toEqual(["Amara Okafor"]);
  });
});
