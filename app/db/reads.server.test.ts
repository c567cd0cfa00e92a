import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { RateLimiter } from "~/db/rate-limiter.server";
import { GET_WROTE, asRead } from "~/db/reads.server";
import { universities } from "~/db/schema";
import { createUniversity } from "../../tests/support/factories";
import { createTestDatabase } from "../../tests/support/test-db";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("asRead", () => {
  it("logs each statement that writes while a GET is answered, reads and a rate limit's count aside, and nothing outside one", async () => {
    const db = database.db;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await createUniversity(db);
      await asRead(
        () => "GET /somewhere",
        async () => {
          await db.select().from(universities);
          await new RateLimiter(db).spend("test:reads", { max: 5, windowSeconds: 60 });
          await db.update(universities).set({ name: "Renamed" }).where(sql`false`);
          await db.execute(
            sql`with gone as (delete from universities where false returning id) select count(*) from gone`,
          );
        },
      );
      expect(logged.mock.calls.map((c) => String(c[0]))).toEqual([
        expect.stringMatching(new RegExp(`^${GET_WROTE} \\(GET /somewhere\\): update "universities" set`)),
        expect.stringMatching(
          new RegExp(`^${GET_WROTE} \\(GET /somewhere\\): with gone as \\(delete from universities`),
        ),
      ]);
    } finally {
      logged.mockRestore();
    }
  });
});
