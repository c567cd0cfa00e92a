import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { type University, auditLog, universities, universityEmployers } from "~/db/schema";
import { readListQuery } from "~/lib/list-query";
import {
  createEmployerOrganisation,
  createJobPosting,
  createUniversity,
  createUser,
} from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import {
  EMPLOYER_SORTS,
  decideOnEmployer,
  employersHiddenFrom,
  hiddenEmployersFor,
  listEmployers,
  setEmployerPolicy,
} from "./queries.server";

const NOW = new Date("2026-11-23T12:00:00Z");
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** Two universities, an admin of the first, and one organisation of each standing. */
async function setUp() {
  const db = database.db;
  const [mine, other] = [await createUniversity(db), await createUniversity(db)];
  const admin = await createUser(db, { role: "university_admin", universityId: mine.id });
  const actor = { id: admin.id, role: "university_admin", ip: "192.0.2.1" };
  const licensed = await createEmployerOrganisation(db, { name: "Licensed Ltd", registerOrgKey: "licensed-ltd" });
  const plain = await createEmployerOrganisation(db, { name: "Plain Ltd" });
  const lost = await createEmployerOrganisation(db, { registerOrgKey: "lost-ltd", licenceLostAt: NOW });
  const unverified = await createEmployerOrganisation(db, { verifiedAt: null, verification: null });
  return { db, mine, other, admin, actor, licensed, plain, lost, unverified };
}

const entriesOf = (university: University) =>
  database.db.select().from(auditLog).where(eq(auditLog.universityId, university.id)).orderBy(auditLog.id);

describe("employersHiddenFrom", () => {
  it("hides, under the default policy, unverified organisations and those the university blocked, from it only", async () => {
    const { db, mine, other, actor, plain, licensed, lost, unverified } = await setUp();
    const before = await employersHiddenFrom(db, mine.id);
    expect([licensed.id, plain.id, lost.id].filter((id) => before.has(id))).toEqual([]);
    expect(before.has(unverified.id)).toBe(true);

    await decideOnEmployer(db, actor, mine.id, plain.id, "blocked", NOW);
    expect((await employersHiddenFrom(db, mine.id)).has(plain.id)).toBe(true);
    expect((await employersHiddenFrom(db, other.id)).has(plain.id)).toBe(false);
  });

  it("hides under licensed-only all but verified licensed sponsors, and under approved-only all but the approved", async () => {
    const { db, mine, actor, plain, licensed, lost } = await setUp();
    await setEmployerPolicy(db, actor, mine.id, "licensed-only", NOW);
    let hidden = await employersHiddenFrom(db, mine.id);
    expect([licensed.id, plain.id, lost.id].map((id) => hidden.has(id))).toEqual([false, true, true]);

    await decideOnEmployer(db, actor, mine.id, plain.id, "approved", NOW);
    await setEmployerPolicy(db, actor, mine.id, "approved-only", NOW);
    hidden = await employersHiddenFrom(db, mine.id);
    expect([licensed.id, plain.id, lost.id].map((id) => hidden.has(id))).toEqual([true, false, true]);
  });

  it("applies to students and pre-departure students of a university, to nobody else", async () => {
    const { db, mine, actor, plain } = await setUp();
    await decideOnEmployer(db, actor, mine.id, plain.id, "blocked", NOW);
    for (const role of ["student", "predeparture_student"])
      expect((await hiddenEmployersFor(db, { role, universityId: mine.id }))?.has(plain.id)).toBe(true);
    for (const viewer of [
      null,
      { role: "university_admin", universityId: mine.id },
      { role: "employer", universityId: null },
      { role: "platform_staff", universityId: null },
    ])
      expect(await hiddenEmployersFor(db, viewer)).toBeNull();
  });
});

describe("decideOnEmployer", () => {
  it("stores each decision of this university and audits it, clearing too; the same decision again changes nothing", async () => {
    const { db, mine, other, admin, actor, plain } = await setUp();
    expect(await decideOnEmployer(db, actor, mine.id, plain.id, "approved", NOW)).toEqual({
      ok: true,
      name: "Plain Ltd",
      changed: true,
    });
    expect((await decideOnEmployer(db, actor, mine.id, plain.id, "approved", NOW)).ok).toBe(true);
    await decideOnEmployer(db, actor, mine.id, plain.id, "blocked", NOW);
    const stored = await db
      .select()
      .from(universityEmployers)
      .where(eq(universityEmployers.employerOrganisationId, plain.id));
    expect(stored).toEqual([
      {
        universityId: mine.id,
        employerOrganisationId: plain.id,
        decision: "blocked",
        decidedBy: admin.id,
        decidedAt: NOW,
      },
    ]);
    await decideOnEmployer(db, actor, mine.id, plain.id, null, NOW);
    expect(await db.select().from(universityEmployers).where(eq(universityEmployers.universityId, mine.id))).toEqual(
      [],
    );

    const entries = await entriesOf(mine);
    expect(entries.map((e) => [e.action, e.targetType, e.targetId, e.actorId, e.ip, e.changes])).toEqual([
      [
        "university_employer.approved",
        "employer_organisation",
        String(plain.id),
        admin.id,
        "192.0.2.1",
        { decision: { before: null, after: "approved" } },
      ],
      [
        "university_employer.blocked",
        "employer_organisation",
        String(plain.id),
        admin.id,
        "192.0.2.1",
        { decision: { before: "approved", after: "blocked" } },
      ],
      [
        "university_employer.cleared",
        "employer_organisation",
        String(plain.id),
        admin.id,
        "192.0.2.1",
        { decision: { before: "blocked", after: null } },
      ],
    ]);
    expect(await entriesOf(other)).toEqual([]);
  });

  it("refuses an organisation that is not verified (or does not exist), storing nothing", async () => {
    const { db, mine, actor, unverified } = await setUp();
    expect(await decideOnEmployer(db, actor, mine.id, unverified.id, "approved", NOW)).toEqual({ ok: false });
    expect(await decideOnEmployer(db, actor, mine.id, 2_000_000_000, "blocked", NOW)).toEqual({ ok: false });
    expect(await db.select().from(universityEmployers).where(eq(universityEmployers.universityId, mine.id))).toEqual(
      [],
    );
    expect(await entriesOf(mine)).toEqual([]);
  });
});

describe("setEmployerPolicy", () => {
  it("changes the university's policy, audited; the same policy again is no change", async () => {
    const { db, mine, admin, actor } = await setUp();
    expect(await setEmployerPolicy(db, actor, mine.id, "approved-only", NOW)).toBe(true);
    expect(await setEmployerPolicy(db, actor, mine.id, "approved-only", NOW)).toBe(false);
    const [row] = await db.select().from(universities).where(eq(universities.id, mine.id));
    expect(row!.employerPolicy).toBe("approved-only");
    const entries = await entriesOf(mine);
    expect(entries.map((e) => [e.action, e.targetType, e.targetId, e.actorId, e.changes])).toEqual([
      [
        "university.employer_policy_changed",
        "university",
        String(mine.id),
        admin.id,
        { employerPolicy: { before: "all-verified", after: "approved-only" } },
      ],
    ]);
  });
});

describe("listEmployers", () => {
  it("lists verified organisations found by name or website, with open jobs and this university's decision", async () => {
    const { db, mine, other, actor, licensed, plain, unverified } = await setUp();
    await createJobPosting(db, { employerOrganisationId: licensed.id });
    await createJobPosting(db, { employerOrganisationId: licensed.id });
    await createJobPosting(db, { employerOrganisationId: licensed.id, status: "closed" });
    await decideOnEmployer(db, actor, mine.id, plain.id, "blocked", NOW);
    await decideOnEmployer(db, actor, other.id, licensed.id, "blocked", NOW);
    const query = (q: string) =>
      readListQuery(new URL(`http://x/?q=${encodeURIComponent(q)}`), {
        sorts: EMPLOYER_SORTS,
        sort: "name",
        dir: "asc",
      });

    const found = await listEmployers(db, mine, query("ltd"));
    const rows = found.rows.filter((r) => [licensed.id, plain.id].includes(r.id));
    expect(rows).toEqual([
      {
        id: licensed.id,
        name: "Licensed Ltd",
        website: licensed.website,
        licensedSponsor: true,
        openJobs: 2,
        decision: null,
        reaches: true,
      },
      {
        id: plain.id,
        name: "Plain Ltd",
        website: plain.website,
        licensedSponsor: false,
        openJobs: 0,
        decision: "blocked",
        reaches: false,
      },
    ]);
    expect((await listEmployers(db, mine, query(unverified.name))).total).toBe(0);
    const byWebsite = await listEmployers(db, mine, query(new URL(plain.website).host));
    expect(byWebsite.rows.map((r) => r.id)).toEqual([plain.id]);
  });
});
