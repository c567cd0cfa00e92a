import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createSession, createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { resolveAccess } from "./access.server";
import { MicrositeDirectory } from "./microsites.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("resolveAccess", () => {
  it("counts a session only where its user may log in: the main site, or their own university's microsite", async () => {
    const own = await createUniversity(database.db, { planCareerHub: true });
    const other = await createUniversity(database.db);
    const student = await createUser(database.db, { universityId: own.id });
    const { token, sessions } = await createSession(database.db, student.id);
    const microsites = new MicrositeDirectory(database.db, undefined);
    const at = (host: string) => resolveAccess({ sessions, microsites }, { cookie: `sid=${token}`, host });

    expect((await at("localhost:3000")).state).toMatchObject({ isLoggedIn: true, role: "student", isMicrosite: false });
    expect((await at(`${own.micrositeHost}:3000`)).state).toMatchObject({ isLoggedIn: true, isMicrosite: true });
    // A session brought to another university's microsite (a hand-made client): a visitor there.
    const elsewhere = await at(`${other.micrositeHost}:3000`);
    expect(elsewhere.state).toMatchObject({ isLoggedIn: false, role: null, isMicrosite: true });
    expect(elsewhere.user).toBeNull();
  });
});
