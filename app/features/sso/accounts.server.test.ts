import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { ssoIdentities, users } from "~/db/schema";
import { DEACTIVATED } from "~/features/auth/index.server";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { accountForLogin } from "./accounts.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const now = new Date("2026-11-29T09:00:00Z");
const person = (email: string) => ({ email, givenName: "Ada", familyName: "Quinn", affiliation: "student" as const });

describe("accountForLogin", () => {
  it("opens no account the platform's team deactivated, linked to the IdP or found by its address", async () => {
    const db = database.db;
    const university = await createUniversity(db, { emailDomains: ["sso.test"] });
    const linked = await createUser(db, { email: "linked@sso.test", universityId: university.id });
    expect(await accountForLogin(db, university, "oidc:linked", person("linked@sso.test"), now)).toMatchObject({
      ok: true,
      userId: linked.id,
      linked: true,
    });
    await db.update(users).set({ accessStatus: "deactivated" }).where(eq(users.id, linked.id));
    const refused = { ok: false, refusal: { title: "This account has been deactivated", message: DEACTIVATED } };
    expect(await accountForLogin(db, university, "oidc:linked", person("linked@sso.test"), now)).toEqual(refused);

    const unlinked = await createUser(db, {
      email: "unlinked@sso.test",
      universityId: university.id,
      accessStatus: "deactivated",
    });
    expect(await accountForLogin(db, university, "oidc:unlinked", person("unlinked@sso.test"), now)).toEqual(refused);
    // Nothing was linked to the refused account, and its name is as it was.
    expect(await db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, unlinked.id))).toEqual([]);
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, unlinked.id));
    expect(row!.name).toBe(unlinked.name);
  });
});
