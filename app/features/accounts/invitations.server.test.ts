import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "~/db/client.server";
import { type University, auditLog, emailOutbox, invitations, users } from "~/db/schema";
import { Outbox } from "~/features/email/outbox.server";
import { verifyPassword } from "~/lib/password.server";
import { manualClock } from "../../../tests/support/clock";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase, createUnmigratedTestDatabase } from "../../../tests/support/test-db";
import { acceptInvitation, checkInvitation, inviteStudents } from "./invitations.server";
import { hashToken } from "~/db/tokens.server";

const clock = manualClock();
let database: Database;
let ours: University;
let theirs: University;
let adminId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  ours = await createUniversity(database.db);
  theirs = await createUniversity(database.db);
  adminId = (await createUser(database.db, { role: "university_admin", universityId: ours.id })).id;
  await createUser(database.db, { email: "our.student@uni.example", universityId: ours.id });
  await createUser(database.db, { email: "their.student@other.example", universityId: theirs.id });
});
afterAll(() => database.close());

const deps = () => ({
  db: database.db,
  outbox: new Outbox(clock, "platform.test"),
  now: clock(),
  origin: "https://careers.example",
});
const invite = (emails: string[], university = ours) =>
  inviteStudents(deps(), { id: adminId, role: "university_admin" }, university, emails);
const userCount = async () => (await database.db.select({ n: count() }).from(users))[0]!.n;

/** The account id and token of the newest invitation emailed to an address. */
async function linkTo(email: string) {
  const [mail] = await database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const [, userId, token] = /\/register-invite\/(\d+)\?token=([\w-]{43})/.exec(mail!.textBody)!;
  return { userId: Number(userId), token: token! };
}

describe("invitations", () => {
  it("make no account until one is accepted", async () => {
    const before = await userCount();
    expect(await invite(["no.account.yet@mail.example", "nor.this@mail.example"])).toEqual({ invited: 2, skipped: [] });
    expect(await userCount()).toBe(before);
    const { userId } = await linkTo("no.account.yet@mail.example");
    expect(await database.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    // The list is one entry of the university's audit log.
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "invitations.sent"));
    expect(entry).toMatchObject({
      actorId: adminId,
      universityId: ours.id,
      changes: { invited: { before: null, after: 2 } },
    });
  });

  it("treat an address with an account at another university like any new one", async () => {
    expect(await invite(["their.student@other.example", "brand.new@mail.example"])).toEqual({
      invited: 2,
      skipped: [],
    });
    const [elsewhere, fresh] = await Promise.all(
      ["their.student@other.example", "brand.new@mail.example"].map(
        async (to) => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)))[0]!,
      ),
    );
    expect(elsewhere!.subject).toBe(fresh!.subject);
    expect(elsewhere!.textBody.replace(/\/register-invite\/\S+/, "")).toBe(
      fresh!.textBody.replace(/\/register-invite\/\S+/, ""),
    );
    // An open invitation of another university is not this one's business either.
    await invite(["wanted.twice@mail.example"], theirs);
    expect(await invite(["wanted.twice@mail.example"])).toEqual({ invited: 1, skipped: [] });
  });

  it("skip only what the university sees anyway: its own accounts and open invitations", async () => {
    const outcome = await invite(["our.student@uni.example", "brand.new@mail.example", "another.one@mail.example"]);
    expect(outcome.invited).toBe(1);
    expect(outcome.skipped.map((s) => s.email)).toEqual(["our.student@uni.example", "brand.new@mail.example"]);
  });

  it("make the account on acceptance, with the id the link named, once", async () => {
    await invite(["accepts@mail.example"]);
    const { userId, token } = await linkTo("accepts@mail.example");
    expect(await checkInvitation(database.db, userId, token, clock())).toEqual({
      ok: true,
      email: "accepts@mail.example",
    });
    expect(await checkInvitation(database.db, userId - 1, token, clock())).toEqual({ ok: false, reason: "unknown" });
    const input = { name: "Ama Mensah", password: "Saffron-delta-63" };
    const [first, second] = await Promise.all([
      acceptInvitation(database.db, userId, token, input, clock()),
      acceptInvitation(database.db, userId, token, input, clock()),
    ]);
    expect([first!.ok, second!.ok].sort()).toEqual([false, true]);
    const [account] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(account).toMatchObject({
      email: "accepts@mail.example",
      name: "Ama Mensah",
      role: "student",
      universityId: ours.id,
      emailVerifiedAt: clock(),
    });
    expect(await verifyPassword(account!.passwordHash, input.password)).toBe(true);
    const [row] = await database.db.select().from(invitations).where(eq(invitations.userId, userId));
    expect(row!.acceptedAt).toEqual(clock());
    expect(await acceptInvitation(database.db, userId, token, input, clock())).toEqual({ ok: false, reason: "used" });
  });

  it("tell an address that found an account meanwhile to log in, and change nothing", async () => {
    await invite(["registered.since@mail.example"]);
    const { userId, token } = await linkTo("registered.since@mail.example");
    await createUser(database.db, { email: "Registered.Since@mail.example", universityId: theirs.id });
    const before = await userCount();
    expect(await checkInvitation(database.db, userId, token, clock())).toEqual({ ok: false, reason: "taken" });
    expect(
      await acceptInvitation(database.db, userId, token, { name: "Late Comer", password: "Saffron-delta-63" }, clock()),
    ).toEqual({ ok: false, reason: "taken" });
    expect(await userCount()).toBe(before);
    const [row] = await database.db.select().from(invitations).where(sql`${invitations.userId} = ${userId}`);
    expect(row!.acceptedAt).toBeNull();
  });
});

describe("the migration to invitations without accounts", () => {
  // Migrating a database from nothing, twice over: seconds, not milliseconds.
  it("moves an open invitation's link to it and removes the account that was never used", async () => {
    // The migrations up to this one, then the old kind of invitation, then the rest.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "invitations-migration-"));
    fs.cpSync(path.join(process.cwd(), "drizzle"), folder, { recursive: true });
    const journalFile = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag.endsWith("_invitations_without_accounts"));
    fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    const old = await createUnmigratedTestDatabase();
    try {
      await old.migrate(folder);
      const one = async <T>(query: ReturnType<typeof sql>) => (await rowsOf<T>(old.db, query))[0]!;
      await old.db.execute(sql`insert into countries (id, iso2, name) values (226, 'GB', 'United Kingdom')`);
      const { id: universityId } = await one<{ id: number }>(
        sql`insert into universities (slug, name, country_id) values ('old-uni', 'Old University', 226) returning id`,
      );
      const account = (email: string, passwordHash: string | null) =>
        one<{ id: number }>(
          sql`insert into users (email, name, role, university_id, password_hash) values (${email}, '', 'student', ${universityId}, ${passwordHash}) returning id`,
        );
      const invited = await account("invited.before@mail.example", null);
      const registering = await account("registering@mail.example", null);
      const member = await account("member@mail.example", "$argon2id$not-checked-here");
      await old.db.execute(
        sql`insert into invitations (university_id, user_id, email, last_sent_at) values (${universityId}, ${invited.id}, 'invited.before@mail.example', now())`,
      );
      const token = "A".repeat(43);
      await old.db.execute(
        sql`insert into account_tokens (token_hash, purpose, user_id, expires_at) values (${hashToken(token)}, 'invitation', ${invited.id}, ${clock().toISOString()}::timestamptz + interval '14 days')`,
      );

      fs.writeFileSync(journalFile, JSON.stringify(journal));
      await old.migrate(folder);
      const remaining = await rowsOf<{ id: number }>(old.db, sql`select id from users order by id`);
      expect(remaining.map((u) => u.id)).toEqual([registering.id, member.id]);
      expect(await checkInvitation(old.db, invited.id, token, clock())).toEqual({
        ok: true,
        email: "invited.before@mail.example",
      });
      expect(
        await acceptInvitation(old.db, invited.id, token, { name: "Came Back", password: "Saffron-delta-63" }, clock()),
      ).toMatchObject({ ok: true });
    } finally {
      await old.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
