import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog, emailOutbox, employerOrganisations, sponsorOrganisations } from "~/db/schema";
import { Outbox } from "~/features/email/index.server";
import { importRegister } from "~/features/sponsors/index.server";
import { createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { checkEmployerLicences } from "./licences.server";

const HEADER = "Organisation Name,Town/City,County,Type & Rating,Route";
const ACME = "Acme Trading Ltd,Leeds,,Worker (A rating),Skilled Worker";
const OTHER = "Zephyr Foods Ltd,Leeds,,Worker (A rating),Skilled Worker";
let database: Database;
let acmeId: number;
let day = 20;

const now = () => new Date(`2026-11-${day}T09:00:00Z`);
const importLines = (...lines: string[]) =>
  importRegister(database.db, Readable.from([`${[HEADER, ...lines].join("\n")}\n`]), {
    registerDate: `2026-11-${day}`,
    source: "fixture",
  });
const check = () =>
  checkEmployerLicences({
    db: database.db,
    outbox: new Outbox(now, "test.example"),
    now: now(),
    origin: "https://x.test",
  });
const acme = async () =>
  (await database.db.select().from(employerOrganisations).where(eq(employerOrganisations.id, acmeId)))[0]!;

beforeAll(async () => {
  database = await createTestDatabase();
  await importLines(ACME, OTHER);
  const [entry] = await database.db
    .select({ orgKey: sponsorOrganisations.orgKey })
    .from(sponsorOrganisations)
    .where(eq(sponsorOrganisations.name, "Acme Trading Ltd"));
  const [organisation] = await database.db
    .insert(employerOrganisations)
    .values({
      name: "Acme Trading",
      website: "https://acme-trading.test",
      websiteDomain: "acme-trading.test",
      registerOrgKey: entry!.orgKey,
      verifiedAt: now(),
      verification: "register_a_rated",
    })
    .returning({ id: employerOrganisations.id });
  acmeId = organisation!.id;
  await createUser(database.db, { role: "employer", email: "jo@acme-trading.test", employerOrganisationId: acmeId });
  // Invited, not joined: no email for them.
  await createUser(database.db, {
    role: "employer",
    email: "rae@acme-trading.test",
    employerOrganisationId: acmeId,
    passwordHash: null,
  });
});
afterAll(() => database?.close());

describe("checkEmployerLicences", () => {
  it("changes nothing while the entry is on the register", async () => {
    expect(await check()).toEqual({ lost: 0, regained: 0 });
    expect((await acme()).licenceLostAt).toBeNull();
  });

  it("takes the badge from an organisation whose entry left, tells its people once, audited", async () => {
    day = 21;
    await importLines(OTHER);
    expect(await check()).toEqual({ lost: 1, regained: 0 });
    expect((await acme()).licenceLostAt).toEqual(now());
    const mail = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "employer-licence-lost"));
    expect(mail.map((m) => m.toAddress)).toEqual(["jo@acme-trading.test"]);
    expect(mail[0]!.subject).toBe("Acme Trading is no longer on the register of licensed sponsors");
    day = 22;
    expect(await check()).toEqual({ lost: 0, regained: 0 });
    expect((await acme()).licenceLostAt).toEqual(new Date("2026-11-21T09:00:00Z"));
  });

  it("gives it back when a register lists the entry again", async () => {
    day = 23;
    await importLines(ACME, OTHER);
    expect(await check()).toEqual({ lost: 0, regained: 1 });
    expect((await acme()).licenceLostAt).toBeNull();
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetType, "employer_organisation"));
    expect(audit.map((a) => [a.action, a.actorRole])).toEqual([
      ["employer.licence_lost", "system"],
      ["employer.licence_regained", "system"],
    ]);
  });
});
