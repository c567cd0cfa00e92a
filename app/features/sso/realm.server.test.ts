import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { universitySso } from "~/db/schema";
import { createUniversity } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { PRESETS } from "./mapping";
import { ssoRealmOfEmail } from "./realm.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** A university with single sign-on on (or off) for these domains. */
async function withSso(slug: string, emailDomains: string[], enabled = true) {
  const university = await createUniversity(database.db, { slug, emailDomains });
  await database.db.insert(universitySso).values({
    universityId: university.id,
    protocol: "oidc",
    enabled,
    attributePreset: "entra",
    attributeMapping: PRESETS.entra,
    spCertificate: "unused here",
    spPrivateKeyEncrypted: "unused here",
    updatedAt: new Date("2026-11-29T12:00:00Z"),
  });
  return university;
}

describe("the single sign-on an address starts at", () => {
  it("is the university holding its domain or one above it; of two that overlap, the closer domain's", async () => {
    // Made before domains were one university's each: the wider one first.
    await withSso("realm-wide", ["ac.example"]);
    await withSso("realm-close", ["Oxbridge.ac.example"]);
    await withSso("realm-off", ["off.example"], false);
    const slugOf = async (email: string) => (await ssoRealmOfEmail(database.db, email))?.slug ?? null;
    expect(await slugOf("ada@oxbridge.ac.example")).toBe("realm-close");
    expect(await slugOf("ada@cs.oxbridge.ac.example")).toBe("realm-close");
    expect(await slugOf("ada@other.ac.example")).toBe("realm-wide");
    expect(await slugOf("ada@off.example")).toBeNull();
    expect(await slugOf("ada@notac.example")).toBeNull();
    expect(await slugOf("no address")).toBeNull();
  });
});
