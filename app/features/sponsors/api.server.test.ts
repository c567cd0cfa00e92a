import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { sponsorSearchAnswer } from "./api.server";
import { importRegister } from "./import.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const answer = (today: string) =>
  sponsorSearchAnswer(database.db, false, new URLSearchParams({ q: "acme" }), false, today);

describe("GET /api/sponsors and the register's age", () => {
  it("has no date, age or warning before a register is imported", async () => {
    expect((await answer("2026-07-11")).body).toMatchObject({
      registerDate: null,
      registerAgeDays: null,
      registerStale: false,
      total: 0,
    });
  });

  it("says how old the register is, and that it is stale from its 15th day", async () => {
    const file =
      "Organisation Name,Town/City,County,Type & Rating,Route\nAcme Ltd,Leeds,,Worker (A rating),Skilled Worker\n";
    await importRegister(database.db, Readable.from([file]), { registerDate: "2026-06-26", source: "fixture" });
    expect((await answer("2026-07-10")).body).toMatchObject({
      registerDate: "2026-06-26",
      registerAgeDays: 14,
      registerStale: false,
      total: 1,
    });
    expect((await answer("2026-07-11")).body).toMatchObject({
      registerDate: "2026-06-26",
      registerAgeDays: 15,
      registerStale: true,
      total: 1,
    });
  });

  it("leaves the type-ahead's answer as it was", async () => {
    const suggest = await sponsorSearchAnswer(
      database.db,
      false,
      new URLSearchParams({ q: "acme" }),
      true,
      "2026-07-11",
    );
    expect(suggest.body).toEqual({
      status: true,
      suggestions: [{ slug: "acme-ltd", name: "Acme Ltd", town: "Leeds" }],
    });
  });
});
