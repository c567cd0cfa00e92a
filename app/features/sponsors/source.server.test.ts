import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "~/db/client.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { readRegister } from "./import.server";
import { dateInName, demoRegisterFile, openRegisterSource, startDemoRegisterImport } from "./source.server";

const SHIPPED = demoRegisterFile(process.cwd(), undefined);
const SAMPLE = path.join(process.cwd(), "seed-data/uk-sponsor-register/format-sample-2026-06-26.csv");
/** The sample's rows: its lines less the header. */
const SAMPLE_ROWS = fs.readFileSync(SAMPLE, "utf8").trim().split("\n").length - 1;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const snapshots = async () =>
  (await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from sponsor_snapshots`))[0]!.n;
const organisations = async () =>
  (await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from sponsor_organisations`))[0]!.n;

describe("the demo register on first start", () => {
  it("leaves nothing behind when the server stops during the import", async () => {
    // A named pipe as the register: the import is provably under way (it opened the file and
    // waits for more rows) when the server stops, and it would finish if stopping did nothing.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "register-pipe-"));
    const file = path.join(dir, "register-2026-01-05.csv");
    execFileSync("mkfifo", [file]);
    const lines = zlib.gunzipSync(fs.readFileSync(SHIPPED!)).toString("utf8").split("\n");
    try {
      const run = startDemoRegisterImport(database.db, file);
      const writer = fs.createWriteStream(file);
      await new Promise<void>((resolve) => writer.write(lines.slice(0, 501).join("\n") + "\n", () => resolve()));
      expect(run.loading).toBe(true);
      const stopped = run.stop();
      writer.end(lines.slice(501, 2_001).join("\n") + "\n");
      await stopped;
      expect(run.loading).toBe(false);
      expect(await snapshots()).toBe(0);
      expect(await organisations()).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // The shipped file's 48,684 rows are read in register.test.ts and imported by the HTTP suite's
  // sponsor checker tests (tests/http/sponsors.test.ts); here the sample, for what the import does.
  it("imports a demo register once, dated by its file name; the default is the shipped 2021 one", async () => {
    expect(dateInName(SHIPPED!)).toBe("2021-11-02");
    const first = startDemoRegisterImport(database.db, SAMPLE);
    await first.done;
    expect(first.loading).toBe(false);
    const [snapshot] = await rowsOf<{ register_date: string; row_count: number }>(
      database.db,
      sql`select register_date::text, row_count from sponsor_snapshots`,
    );
    expect(snapshot).toEqual({ register_date: "2026-06-26", row_count: SAMPLE_ROWS });
    await startDemoRegisterImport(database.db, SAMPLE).done;
    expect(await snapshots()).toBe(1);
  });

  it("imports nothing when DEMO_SPONSOR_REGISTER is none", () => {
    expect(demoRegisterFile("/srv/app", "none")).toBeNull();
    expect(demoRegisterFile("/srv/app", "tests/fixtures/small.csv")).toBe("/srv/app/tests/fixtures/small.csv");
    expect(startDemoRegisterImport(database.db, null).loading).toBe(false);
  });

  it("does nothing on a PostgreSQL server, where db:seed --demo imports it", async () => {
    const run = startDemoRegisterImport(null, SHIPPED);
    expect(run.loading).toBe(false);
    await run.done;
  });
});

it("reads the register date from a file name or address", () => {
  expect(dateInName("/data/register-2021-11-02.csv.gz")).toBe("2021-11-02");
  expect(dateInName("https://example.gov.uk/files/2026-06-26_Worker_and_Temporary_Worker.csv?x=1")).toBe("2026-06-26");
  expect(dateInName("register.csv")).toBeNull();
});

describe("register sources", () => {
  const dir = path.resolve(import.meta.dirname, "../../../seed-data/uk-sponsor-register");

  it("streams a register over HTTP, gzipped or not, and reports an address that fails", async () => {
    // The 217-row sample, as it is and gzipped: every row of the 48,684 is read by register.test.ts.
    const sample = fs.readFileSync(path.join(dir, "format-sample-2026-06-26.csv"));
    const files: Record<string, Buffer> = { "/sample.csv": sample, "/sample.csv.gz": zlib.gzipSync(sample) };
    const server = http.createServer((req, res) => {
      const body = files[req.url ?? ""];
      if (!body) return res.writeHead(404).end();
      res.end(body);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await readRegister(await openRegisterSource(`${base}/sample.csv`))).rows).toBe(217);
      expect((await readRegister(await openRegisterSource(`${base}/sample.csv.gz`))).rows).toBe(217);
      await expect(openRegisterSource(`${base}/missing.csv`)).rejects.toThrow(`${base}/missing.csv answered 404`);
    } finally {
      server.close();
    }
  });

  it("reports a missing file", async () => {
    await expect(openRegisterSource(path.join(dir, "missing.csv"))).rejects.toThrow("ENOENT");
  });
});
