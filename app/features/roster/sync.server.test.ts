import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database } from "~/db/client.server";
import {
  type RosterMode,
  type University,
  analyticsDaily,
  auditLog,
  emailOutbox,
  events,
  invitations,
  rosterRecords,
  studentProfiles,
  universitySso,
  users,
} from "~/db/schema";
import { Outbox } from "~/features/email/outbox.server";
import { manualClock } from "../../../tests/support/clock";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { type SyncActor, syncRoster } from "./sync.server";

const HEADER = "student_id,email,first_name,last_name,course,level,expected_graduation,status";
const clock = manualClock();
let database: Database;
let ours: University;
let theirs: University;
let admin: SyncActor;

beforeAll(async () => {
  database = await createTestDatabase();
  ours = await createUniversity(database.db);
  theirs = await createUniversity(database.db);
  admin = {
    source: "upload",
    adminId: (await createUser(database.db, { role: "university_admin", universityId: ours.id })).id,
  };
});
afterAll(() => database.close());

const sync = (
  lines: string[],
  {
    mode = "partial" as RosterMode,
    dryRun = false,
    university = ours,
    actor = admin,
    expectLeft = undefined as number | undefined,
  } = {},
) => {
  clock.advance(60_000);
  return syncRoster(
    { db: database.db, outbox: new Outbox(clock, "platform.test"), now: clock(), origin: "https://careers.example" },
    university,
    actor,
    [[HEADER, ...lines].join("\n")],
    { mode, dryRun, expectLeft },
  );
};
const counts = ({ status, created, updated, unchanged, left }: Awaited<ReturnType<typeof sync>>) => ({
  status,
  created,
  updated,
  unchanged,
  left,
});
const recordsOf = (university: University) =>
  database.db
    .select()
    .from(rosterRecords)
    .where(eq(rosterRecords.universityId, university.id))
    .orderBy(rosterRecords.studentId);
const mailTo = async (address: string) =>
  (await database.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.toAddress, address)))[0]!.n;
const openInvitation = async (address: string) =>
  (
    await database.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.email, address), isNull(invitations.revokedAt)))
  )[0];
const account = async (id: number) => (await database.db.select().from(users).where(eq(users.id, id)))[0]!;
const userCount = async () => (await database.db.select({ n: count() }).from(users))[0]!.n;

describe("syncRoster", () => {
  it("previews without writing, then creates the records and invites each active student, with an event each", async () => {
    const file = [
      "A1,ada@ours.example,Ada,Lovelace,Mathematics,undergraduate,2027-06,active",
      "A2,alan@ours.example,Alan,Turing,Computing,postgraduate_research,2026-09,active",
      "A3,grace@ours.example,Grace,Hopper,Navy,,,suspended",
    ];
    const users = await userCount();
    const preview = await sync(file, { dryRun: true });
    expect(counts(preview)).toEqual({ status: "preview", created: 3, updated: 0, unchanged: 0, left: 0 });
    expect(preview.changes.map((c) => [c.line, c.studentId, c.kind])).toEqual([
      [2, "A1", "created"],
      [3, "A2", "created"],
      [4, "A3", "created"],
    ]);
    expect(await recordsOf(ours)).toEqual([]);
    expect(await mailTo("ada@ours.example")).toBe(0);

    expect(counts(await sync(file))).toEqual({ status: "applied", created: 3, updated: 0, unchanged: 0, left: 0 });
    const records = await recordsOf(ours);
    expect(records.map((r) => [r.studentId, r.email, r.level, r.expectedGraduation, r.status])).toEqual([
      ["A1", "ada@ours.example", "undergraduate", "2027-06", "active"],
      ["A2", "alan@ours.example", "postgraduate_research", "2026-09", "active"],
      ["A3", "grace@ours.example", null, null, "suspended"],
    ]);
    // Invitations, not accounts: each record holds the account id its invitation reserved.
    expect(await userCount()).toBe(users);
    expect(await mailTo("ada@ours.example")).toBe(1);
    expect(await mailTo("grace@ours.example")).toBe(0);
    expect(records[0]!.userId).toBe((await openInvitation("ada@ours.example"))!.userId);
    const recorded = await database.db
      .select({ kind: events.kind, userId: events.userId, data: events.data })
      .from(events)
      .where(and(eq(events.universityId, ours.id), sql`${events.kind} like 'roster.%'`));
    expect(recorded.map((e) => [e.kind, e.userId, e.data.student_id, e.data.source, e.data.by])).toEqual([
      ["roster.created", null, "A1", "upload", admin.source === "upload" && admin.adminId],
      ["roster.created", null, "A2", "upload", admin.source === "upload" && admin.adminId],
      ["roster.created", null, "A3", "upload", admin.source === "upload" && admin.adminId],
    ]);
    // The applied sync is one entry of the audit log; the preview is none.
    const log = await database.db.select().from(auditLog).where(eq(auditLog.action, "roster.synced"));
    expect(log.map((e) => [e.actorId, e.universityId, e.changes])).toEqual([
      [
        admin.source === "upload" && admin.adminId,
        ours.id,
        {
          mode: { before: null, after: "partial" },
          created: { before: null, after: 3 },
          updated: { before: null, after: 0 },
          left: { before: null, after: 0 },
        },
      ],
    ]);
  });

  it("counts a line as it was unchanged, and changes the record and its account's name and profile otherwise", async () => {
    const alan = (await openInvitation("alan@ours.example"))!;
    // Alan registered with his address instead of following the link: the record finds his account by it.
    const own = await createUser(database.db, { email: "alan@ours.example", universityId: ours.id });
    const outcome = await sync([
      "A1,ada@ours.example,Ada,Lovelace,Mathematics,undergraduate,2027-06,active",
      "A2,alan@ours.example,Alan,Turing,Computer Science,postgraduate_research,2026-12,active",
    ]);
    expect(counts(outcome)).toEqual({ status: "applied", created: 0, updated: 1, unchanged: 1, left: 0 });
    expect(outcome.changes).toEqual([
      { line: 3, studentId: "A2", kind: "updated", fields: ["course", "expected_graduation"] },
    ]);
    expect(alan.userId).not.toBe(own.id);
    expect((await account(own.id)).name).toBe("Alan Turing");
    const [profile] = await database.db.select().from(studentProfiles).where(eq(studentProfiles.userId, own.id));
    expect(profile).toMatchObject({
      course: "Computer Science",
      studyLevel: "postgraduate_research",
      graduationDate: "2026-12-01",
    });
    expect((await recordsOf(ours)).find((r) => r.studentId === "A2")!.userId).toBe(own.id);
    // The university's doing, not the student's: the account is named in the event, which the analytics do not count.
    const [event] = await database.db
      .select()
      .from(events)
      .where(and(eq(events.universityId, ours.id), eq(events.kind, "roster.updated")));
    expect(event).toMatchObject({
      userId: null,
      data: { student_id: "A2", account: own.id, fields: ["course", "expected_graduation"] },
    });
    const counted = await database.db
      .select({ n: count() })
      .from(analyticsDaily)
      .where(and(eq(analyticsDaily.universityId, ours.id), sql`${analyticsDaily.metric} like 'roster.%'`));
    expect(counted[0]!.n).toBe(0);
  });

  it("moves an account to a new address for the same student number, never making a second one", async () => {
    const [own] = await database.db.select().from(users).where(eq(users.email, "alan@ours.example"));
    const before = await userCount();
    const outcome = await sync([
      "A2,alan.turing@ours.example,Alan,Turing,Computer Science,postgraduate_research,2026-12,active",
    ]);
    expect(counts(outcome)).toMatchObject({ updated: 1, created: 0 });
    expect(await userCount()).toBe(before);
    expect((await account(own!.id)).email).toBe("alan.turing@ours.example");
    expect(await mailTo("alan.turing@ours.example")).toBe(0);
  });

  it("sends a student without an account the invitation at the new address and withdraws the old one", async () => {
    await sync(["A1,ada.l@ours.example,Ada,Lovelace,Mathematics,undergraduate,2027-06,active"]);
    expect(await openInvitation("ada@ours.example")).toBeUndefined();
    expect(await openInvitation("ada.l@ours.example")).toBeDefined();
    expect(await mailTo("ada.l@ours.example")).toBe(1);
    const [record] = (await recordsOf(ours)).filter((r) => r.studentId === "A1");
    expect(record!.userId).toBe((await openInvitation("ada.l@ours.example"))!.userId);
  });

  it("in a full sync marks the students missing from the file as left and ends their accounts' access", async () => {
    const [alan] = await database.db.select().from(users).where(eq(users.email, "alan.turing@ours.example"));
    const file = ["A3,grace@ours.example,Grace,Hopper,Navy,,,suspended"];
    expect(counts(await sync(file, { mode: "partial" }))).toMatchObject({ left: 0, unchanged: 1 });
    const preview = await sync(file, { mode: "full", dryRun: true });
    expect(counts(preview)).toEqual({ status: "preview", created: 0, updated: 0, unchanged: 1, left: 2 });
    expect(preview.changes).toEqual([
      { line: null, studentId: "A1", kind: "left", fields: ["status"] },
      { line: null, studentId: "A2", kind: "left", fields: ["status"] },
    ]);
    expect((await account(alan!.id)).accessExpiresAt).toBeNull();
    // Confirmed for another number than the sync would mark (the records changed since): nothing is applied.
    expect(counts(await sync(file, { mode: "full", expectLeft: 1 }))).toMatchObject({ status: "preview", left: 2 });
    expect((await recordsOf(ours)).filter((r) => r.status === "left")).toEqual([]);

    await sync(file, { mode: "full", expectLeft: 2 });
    expect((await recordsOf(ours)).map((r) => [r.studentId, r.status])).toEqual([
      ["A1", "left"],
      ["A2", "left"],
      ["A3", "suspended"],
    ]);
    expect((await account(alan!.id)).accessExpiresAt).toEqual(clock());
    expect(await openInvitation("ada.l@ours.example")).toBeUndefined();
    // Already left: a second full sync has nobody more to mark.
    expect(counts(await sync(file, { mode: "full" }))).toMatchObject({ left: 0, unchanged: 1 });
  });

  it("opens the account again when its student is active again", async () => {
    const [alan] = await database.db.select().from(users).where(eq(users.email, "alan.turing@ours.example"));
    await sync(["A2,alan.turing@ours.example,Alan,Turing,Computer Science,postgraduate_research,2026-12,active"]);
    expect((await account(alan!.id)).accessExpiresAt).toBeNull();
    await sync(["A2,alan.turing@ours.example,Alan,Turing,Computer Science,postgraduate_research,2026-12,suspended"]);
    expect((await account(alan!.id)).accessExpiresAt).toEqual(clock());
  });

  it("refuses a whole list with no students, which would mark everyone as left", async () => {
    const before = await recordsOf(ours);
    const outcome = await sync([], { mode: "full" });
    expect(outcome.status).toBe("invalid");
    expect(outcome.errors).toEqual([
      { line: 1, field: "file", reason: expect.stringMatching(/^The file has no students/) },
    ]);
    expect(await recordsOf(ours)).toEqual(before);
    expect(counts(await sync([], { mode: "partial" }))).toMatchObject({ status: "applied", unchanged: 0 });
  });

  it("applies nothing while any line is bad, and names each bad line", async () => {
    const before = await recordsOf(ours);
    const outcome = await sync([
      "A9,new@ours.example,New,Student,Law,,,active",
      "A3,grace@ours.example,Grace,,Navy,,2027-13,left",
    ]);
    expect(counts(outcome)).toEqual({ status: "invalid", created: 0, updated: 0, unchanged: 0, left: 0 });
    expect(outcome.errors).toEqual([
      { line: 3, field: "last_name", reason: "Enter the last name" },
      { line: 3, field: "expected_graduation", reason: "Write the month as YYYY-MM, like 2027-06" },
    ]);
    expect(await recordsOf(ours)).toEqual(before);
    expect(await mailTo("new@ours.example")).toBe(0);
  });

  it("refuses an address another student of the university keeps, or another account uses", async () => {
    await createUser(database.db, { email: "taken@elsewhere.example", universityId: theirs.id });
    const outcome = await sync([
      "A9,grace@ours.example,New,Student,Law,,,active",
      "A2,taken@elsewhere.example,Alan,Turing,Computer Science,postgraduate_research,2026-12,active",
    ]);
    expect(outcome.errors).toEqual([
      { line: 2, field: "email", reason: "Student A3 has this address in your records" },
      { line: 3, field: "email", reason: "Another account uses this address" },
    ]);
    expect(outcome.status).toBe("invalid");
  });

  it("reaches only the university's own students", async () => {
    const theirAlan = await createUser(database.db, {
      email: "alan@theirs.example",
      name: "Their Alan",
      universityId: theirs.id,
    });
    const ourRecords = await recordsOf(ours);
    // Their full sync with a student number we use marks none of ours as left, nor changes ours.
    expect(
      counts(await sync(["A2,x@theirs.example,X,Y,Maths,,,active"], { university: theirs, mode: "full" })),
    ).toMatchObject({ created: 1, left: 0 });
    expect(await recordsOf(ours)).toEqual(ourRecords);
    // Our record with their student's address: invited, never linked to their account or changing it.
    await sync(["B1,alan@theirs.example,Someone,Else,Law,,,active"]);
    expect((await account(theirAlan.id)).name).toBe("Their Alan");
    const [b1] = (await recordsOf(ours)).filter((r) => r.studentId === "B1");
    expect(b1!.userId).not.toBe(theirAlan.id);
    expect(
      (
        await database.db
          .select({ n: count() })
          .from(invitations)
          .where(and(eq(invitations.universityId, ours.id), inArray(invitations.email, ["alan@theirs.example"])))
      )[0]!.n,
    ).toBe(1);
  });

  it("with single sign-on on, makes each active student of the university's domains an account its login opens, instead of inviting them", async () => {
    const sso = await createUniversity(database.db, { emailDomains: ["sso.example"] });
    await database.db.insert(universitySso).values({
      universityId: sso.id,
      protocol: "oidc",
      enabled: true,
      attributePreset: "entra",
      attributeMapping: {
        email: "email",
        givenName: "given_name",
        familyName: "family_name",
        affiliation: "groups",
        student: ["students"],
        staff: ["staff"],
        alum: [],
      },
      spCertificate: "unused here",
      spPrivateKeyEncrypted: "unused here",
      updatedAt: clock(),
    });
    const ssoAdmin: SyncActor = {
      source: "upload",
      adminId: (await createUser(database.db, { role: "university_admin", universityId: sso.id })).id,
    };
    const outcome = await sync(
      [
        "S1,ada@sso.example,Ada,Lovelace,Mathematics,undergraduate,2027-06,active",
        "S2,grace@elsewhere.example,Grace,Hopper,Navy,,,active",
        "S3,alan@sso.example,Alan,Turing,Computing,,,suspended",
      ],
      { university: sso, actor: ssoAdmin },
    );
    expect(counts(outcome)).toEqual({ status: "applied", created: 3, updated: 0, unchanged: 0, left: 0 });
    const [s1, s2, s3] = await recordsOf(sso);
    const ada = await account(s1!.userId!);
    expect(ada).toMatchObject({
      email: "ada@sso.example",
      name: "Ada Lovelace",
      role: "student",
      accessStatus: "active",
      universityId: sso.id,
      passwordHash: null,
    });
    expect(ada.emailVerifiedAt).toEqual(clock());
    const [profile] = await database.db.select().from(studentProfiles).where(eq(studentProfiles.userId, ada.id));
    expect(profile).toMatchObject({ course: "Mathematics", studyLevel: "undergraduate", graduationDate: "2027-06-01" });
    expect(await mailTo("ada@sso.example")).toBe(0);
    expect(await openInvitation("ada@sso.example")).toBeUndefined();
    // An address outside the domains cannot come through the university's login: it is invited.
    expect(await mailTo("grace@elsewhere.example")).toBe(1);
    expect(s2!.userId).toBe((await openInvitation("grace@elsewhere.example"))!.userId);
    // A suspended student gets neither.
    expect(s3!.userId).toBeNull();
    expect(await mailTo("alan@sso.example")).toBe(0);
    const [made] = await database.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.universityId, sso.id), eq(events.kind, "roster.created")))
      .orderBy(events.id)
      .limit(1);
    expect(made!.data).toMatchObject({ student_id: "S1", account: ada.id });
  });
});
