import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "~/db/client.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { RegisterImportError } from "./import.server";
import { latestSnapshot } from "./queries.server";
import { RefreshError, refreshRegister } from "./refresh.server";
import { NEWEST_PATH, OLDER_PATH, PAGE_PATH, servePublication } from "./test-fixtures/publication-server";

let database: Database;
let gov: Awaited<ReturnType<typeof servePublication>>;
beforeAll(async () => {
  database = await createTestDatabase();
  gov = await servePublication({
    "/no-register": `<html><body><a href="/guidance.pdf">Guidance</a></body></html>`,
    "/undated": `<a href="/media/x/Worker_and_Temporary_Worker.csv">Worker and Temporary Worker</a>`,
    "/broken-newest": `<a href="/media/y/2026-07-03_-_Worker_and_Temporary_Worker.csv">Register</a>`,
    "/media/y/2026-07-03_-_Worker_and_Temporary_Worker.csv":
      "Organisation Name,Town/City,County,Type & Rating,Route\nZulu Ltd,Hull,,Worker (Z rating),Skilled Worker\n",
  });
});
afterAll(async () => {
  await gov?.close();
  await database?.close();
});

const snapshots = async () =>
  (await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from sponsor_snapshots`))[0]!.n;

describe("refreshing the register from its publication page", () => {
  it("refuses a page that cannot be read, or links no dated register, and changes nothing", async () => {
    await expect(refreshRegister(database.db, `${gov.base}/moved`)).rejects.toThrow(
      `Cannot read the register's page ${gov.base}/moved: it answered 404 Not Found.`,
    );
    await expect(refreshRegister(database.db, `${gov.base}/no-register`)).rejects.toThrow(
      `The page ${gov.base}/no-register links no register file (.csv).`,
    );
    const undated = refreshRegister(database.db, `${gov.base}/undated`);
    await expect(undated).rejects.toBeInstanceOf(RefreshError);
    await expect(undated).rejects.toThrow("links 1 CSV file but none says its date");
    expect(await snapshots()).toBe(0);
  });

  it("imports the newest register the page links, dated by its link", async () => {
    gov.requests.length = 0;
    const outcome = await refreshRegister(database.db, gov.pageUrl);
    expect(outcome).toMatchObject({
      kind: "imported",
      found: { date: "2026-06-26", url: `${gov.base}${NEWEST_PATH}` },
      summary: { registerDate: "2026-06-26", rows: 3, organisations: 2 },
    });
    expect(gov.requests).toEqual([PAGE_PATH, NEWEST_PATH]);
    expect(gov.requests).not.toContain(OLDER_PATH);
    expect(await latestSnapshot(database.db)).toMatchObject({
      registerDate: "2026-06-26",
      source: `${gov.base}${NEWEST_PATH}`,
      rowCount: 3,
    });
  });

  it("does nothing when that register is already imported, without downloading it", async () => {
    gov.requests.length = 0;
    expect(await refreshRegister(database.db, gov.pageUrl)).toMatchObject({
      kind: "current",
      held: "2026-06-26",
      found: { date: "2026-06-26" },
    });
    expect(gov.requests).toEqual([PAGE_PATH]);
    expect(await snapshots()).toBe(1);
  });

  it("refuses a newer register the importer refuses, with its line, and keeps the one held", async () => {
    const error = await refreshRegister(database.db, `${gov.base}/broken-newest`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegisterImportError);
    expect((error as RegisterImportError).message).toContain('line 2: "Type & Rating" has the rating "Z"');
    expect(await latestSnapshot(database.db)).toMatchObject({ registerDate: "2026-06-26" });
    expect(await snapshots()).toBe(1);
  });
});
