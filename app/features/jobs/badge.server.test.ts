import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { employerOrganisations, sponsorOrganisations } from "~/db/schema";
import { importRegister } from "~/features/sponsors/import.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { badgedOrganisations } from "./badge.server";

let database: Database;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const register =
    "Organisation Name,Town/City,County,Type & Rating,Route\nBadge Co Ltd,Leeds,,Worker (A rating),Skilled Worker\n";
  await importRegister(db, Readable.from([register]), { registerDate: "2026-11-20", source: "fixture" });
  const [entry] = await db.select().from(sponsorOrganisations).where(eq(sponsorOrganisations.name, "Badge Co Ltd"));
  const verifiedAt = new Date("2026-11-21T09:00:00Z");
  const organisations = {
    badged: { verifiedAt, registerOrgKey: entry!.orgKey },
    unverified: { registerOrgKey: entry!.orgKey },
    lost: { verifiedAt, registerOrgKey: entry!.orgKey, licenceLostAt: new Date("2026-11-22T09:00:00Z") },
    noLicence: { verifiedAt, holdsNoLicence: true },
    goneFromRegister: { verifiedAt, registerOrgKey: "no-such-key" },
  };
  for (const [name, extra] of Object.entries(organisations)) {
    const [row] = await db
      .insert(employerOrganisations)
      .values({ name, website: "https://badge.test", websiteDomain: "badge.test", ...extra })
      .returning();
    ids[name] = row!.id;
  }
});
afterAll(() => database?.close());

describe("the Verified licensed sponsor badge", () => {
  it("goes only to a verified organisation whose register entry lists a licence it has not lost", async () => {
    const badged = await badgedOrganisations(database.db, [...Object.values(ids), null]);
    expect([...badged]).toEqual([ids.badged]);
  });

  it("asks nothing for jobs from feeds", async () => {
    expect((await badgedOrganisations(database.db, [null, null])).size).toBe(0);
  });
});
