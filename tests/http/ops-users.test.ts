import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { auditLog, STAFF_TOTP_SEAL, sessions, staffAuthenticators, users } from "~/db/schema";
import { recordEvent } from "~/db/events.server";
import { issueToken } from "~/db/tokens.server";
import { SessionStore } from "~/features/auth/session.server";
import { seal } from "~/lib/secret-box.server";
import { TEST_PASSWORD, createSession, createUniversity, createUser } from "../support/factories";
import { type TestSmtpServer, startSmtpServer } from "../support/smtp";
import {
  DEMO_PASSWORD,
  DEMO_STAFF_TOTP,
  type TestServer,
  authenticatorCode,
  loginAs,
  loginAsStaff,
  request,
  startServerWithData,
} from "./harness";
import { TEST_SESSION_SECRET, TEST_SSO_SECRET_KEY } from "./server-template";

// /ops/users (issue 30): finding a person, their page (sessions without their hashes, recent events),
// and each change staff make, with its audit entry; the sensitive ones ask for a fresh code.
const SECOND_STAFF = { email: "second.staff@platform.test", totp: "KRSXG5CTMVRXEZLU" };

let started: Awaited<ReturnType<typeof startServerWithData<Awaited<ReturnType<typeof prepare>>>>>;
let stopped = false;
let server: TestServer;
let smtp: TestSmtpServer;
let p: typeof started.prepared;
let ops: string;
let secondStaff: string;

async function prepare(db: Db) {
  const university = await createUniversity(db, { name: "Harbour University", planCihPremium: true });
  const universityId = university.id;
  const student = await createUser(db, { name: "Zara Quinn", email: "zara.quinn@harbour.test", universityId });
  const flagged = await createUser(db, { name: "Omar Flagg", universityId });
  const loggedIn = await createUser(db, { name: "Lena Sessions", universityId });
  const unconfirmed = await createUser(db, {
    name: "Yusuf Pending",
    email: "yusuf.pending@harbour.test",
    universityId,
    passwordHash: null,
    emailVerifiedAt: null,
  });
  const second = await createUser(db, { email: SECOND_STAFF.email, role: "platform_staff" });
  await db.insert(staffAuthenticators).values({
    userId: second.id,
    secretSealed: seal(Buffer.from(TEST_SSO_SECRET_KEY, "base64"), STAFF_TOTP_SEAL, SECOND_STAFF.totp),
    enrolledAt: new Date(),
  });
  const [opsUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, "ops@demo.test"));
  const studentSession = await createSession(db, student.id, TEST_SESSION_SECRET);
  const lenaSessions = [
    (await createSession(db, loggedIn.id, TEST_SESSION_SECRET)).token,
    (await createSession(db, loggedIn.id, TEST_SESSION_SECRET)).token,
  ];
  await recordEvent(db, { kind: "cv.created", userId: student.id, universityId, at: new Date() });
  return {
    student,
    studentCookie: `sid=${studentSession.token}`,
    studentTokenHash: new SessionStore(db, TEST_SESSION_SECRET).hash(studentSession.token),
    flagged,
    loggedIn,
    lenaCookies: lenaSessions.map((t) => `sid=${t}`),
    unconfirmed,
    opsId: opsUser!.id,
    secondStaffId: second.id,
  };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  started = await startServerWithData(prepare, {
    SMTP_URL: smtp.url,
    PUBLIC_URL: "http://localhost",
    SESSION_SECRET: TEST_SESSION_SECRET,
  });
  ({ server, prepared: p } = started);
  ops = await loginAsStaff(server);
  secondStaff = await loginAsStaff(server, SECOND_STAFF.email, SECOND_STAFF.totp, TEST_PASSWORD);
});
afterAll(async () => {
  if (started && !stopped) await started.stop();
  await smtp?.close();
});

const sameSite = () => ({ Origin: server.origin, "Sec-Fetch-Site": "same-origin" });
const page = (path: string, cookie = ops) => request(server, { path, cookie });
/** A post of the person's page; `fields` may repeat a name (the access boxes). */
const post = (id: number, fields: [string, string][], cookie = ops) =>
  request(server, {
    path: `/ops/users/${id}`,
    cookie,
    headers: { ...sameSite(), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
/** Whether a session cookie still logs its holder in (the access check answers who is asking). */
const loggedIn = async (cookie: string) =>
  JSON.parse((await request(server, { path: "/api/check-user-redirections", cookie })).body).isLoggedIn as boolean;

describe("/ops/users", () => {
  it("finds a person by part of their name or address, filtered by role and status, for staff only", async () => {
    const found = await page("/ops/users?q=QUINN");
    expect(found.status).toBe(200);
    expect(found.headers["cache-control"]).toMatch(/no-store/);
    expect(found.body).toContain(`href="/ops/users/${p.student.id}"`);
    expect(found.body).toContain("Harbour University");
    expect(found.body).not.toContain("Omar Flagg");
    expect((await page("/ops/users?q=harbour.test&sort=email&dir=asc")).body).toContain("yusuf.pending@harbour.test");
    expect((await page("/ops/users?q=quinn&role=university_admin")).body).not.toContain("Zara Quinn");
    expect((await page("/ops/users?q=quinn&status=active&role=student")).body).toContain("Zara Quinn");

    const admin = await loginAs(server, "admin@demo.test", "localhost", DEMO_PASSWORD);
    for (const cookie of [p.studentCookie, admin]) {
      expect((await page("/ops/users", cookie)).status).toBe(404);
      expect((await page(`/ops/users/${p.student.id}`, cookie)).status).toBe(404);
      expect((await post(p.flagged.id, [["intent", "deactivate"]], cookie)).status).toBe(404);
    }
  });

  it("shows a person's account, open sessions (never their hashes) and recent events; 404 for no such person", async () => {
    const reply = await page(`/ops/users/${p.student.id}`);
    expect(reply.status).toBe(200);
    expect(reply.headers["cache-control"]).toMatch(/no-store/);
    for (const text of ["Zara Quinn", "zara.quinn@harbour.test", "Student", "Active", "Harbour University"])
      expect(reply.body).toContain(text);
    expect(reply.body).toContain("1 open.");
    expect(reply.body).toContain("cv.created");
    expect(reply.body).not.toContain(p.studentTokenHash);
    expect(reply.body).toContain("Deactivate account");
    expect((await page("/ops/users/987654")).status).toBe(404);
    expect((await page("/ops/users/abc")).status).toBe(404);
  });

  it("deactivates an account: its session ends, its password login and emailed links are refused, and reactivating lets it back", async () => {
    expect(await loggedIn(p.studentCookie)).toBe(true);
    // A reset link sent before the deactivation.
    const link = `/reset-password/${await started.withDatabase((db) =>
      issueToken(db, { userId: p.student.id, purpose: "reset_password" }, new Date()),
    )}`;
    expect((await request(server, { path: link })).status).toBe(200);
    const done = await post(p.student.id, [["intent", "deactivate"]]);
    expect(done.status).toBe(303);
    expect(done.location).toBe(`/ops/users/${p.student.id}`);
    expect(await loggedIn(p.studentCookie)).toBe(false);
    const shown = await page(`/ops/users/${p.student.id}`);
    expect(shown.body).toContain("Deactivated");
    expect(shown.body).toContain("Reactivate account");

    const login = await request(server, {
      path: "/login",
      headers: sameSite(),
      form: { email: p.student.email, password: TEST_PASSWORD },
    });
    expect(login.status).toBe(403);
    expect(login.body).toContain("This account has been deactivated");
    const deactivatedLink =
      "This password reset link no longer works: its account has been deactivated. If you think this is a mistake, contact us.";
    const opened = await request(server, { path: link });
    expect(opened.status).toBe(410);
    expect(opened.body).toContain(deactivatedLink);
    const chosen = await request(server, {
      path: link,
      headers: sameSite(),
      form: { password: "A-new-password-2026", confirm_password: "A-new-password-2026" },
    });
    expect(chosen.status).toBe(410);
    expect(chosen.body).toContain(deactivatedLink);

    expect((await post(p.student.id, [["intent", "reactivate"]])).status).toBe(303);
    // Refused, not used up: the link works again.
    expect((await request(server, { path: link })).status).toBe(200);
    await loginAs(server, p.student.email, "localhost", TEST_PASSWORD);
  });

  it("refuses to let staff deactivate themselves, or grant another member of staff access", async () => {
    const self = await post(p.opsId, [["intent", "deactivate"]]);
    expect(self.status).toBe(403);
    expect(self.body).toContain("This is your own account: another member of staff can change it.");
    expect((await page("/ops/users", ops)).status).toBe(200);
    expect((await page(`/ops/users/${p.opsId}`)).body).not.toContain("Deactivate account");
    const unknown = await post(p.flagged.id, [["intent", "impersonate"]]);
    expect(unknown.status).toBe(400);
  });

  it("grants access only with a fresh authentication code, refusing bad input and a missing, wrong or reused code", async () => {
    const bad = await post(p.flagged.id, [
      ["intent", "access"],
      ["access", "everything"],
      ["code", authenticatorCode(DEMO_STAFF_TOTP, 1)],
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Choose from the access listed");
    for (const code of ["", "12345x"]) {
      const refused = await post(p.flagged.id, [
        ["intent", "access"],
        ["access", "cih_premium"],
        ["code", code],
      ]);
      expect(refused.status).toBe(401);
      expect(refused.body).toContain(code ? "That code is not right" : "Enter the authentication code from your app");
    }
    expect((await page(`/ops/users/${p.flagged.id}`)).body).not.toMatch(
      /Premium career hub access<\/dt><dd[^>]*>Granted/,
    );

    const code = authenticatorCode(DEMO_STAFF_TOTP, 1);
    const granted = await post(p.flagged.id, [
      ["intent", "access"],
      ["access", "cih_premium"],
      ["access", "country_guide"],
      ["code", code],
    ]);
    expect(granted.status).toBe(303);
    expect((await page(`/ops/users/${p.flagged.id}`)).body).toMatch(/Premium career hub access<\/dt><dd[^>]*>Granted/);
    const reused = await post(p.flagged.id, [
      ["intent", "access"],
      ["code", code],
    ]);
    expect(reused.status).toBe(401);
    expect((await page(`/ops/users/${p.flagged.id}`)).body).toMatch(/Country guides access<\/dt><dd[^>]*>Granted/);
  });

  it("ends all of a person's sessions with a fresh code", async () => {
    for (const cookie of p.lenaCookies) expect(await loggedIn(cookie)).toBe(true);
    const refused = await post(p.loggedIn.id, [["intent", "end-sessions"]], secondStaff);
    expect(refused.status).toBe(401);
    for (const cookie of p.lenaCookies) expect(await loggedIn(cookie)).toBe(true);
    const ended = await post(
      p.loggedIn.id,
      [
        ["intent", "end-sessions"],
        ["code", authenticatorCode(SECOND_STAFF.totp, 1)],
      ],
      secondStaff,
    );
    expect(ended.status).toBe(303);
    for (const cookie of p.lenaCookies) expect(await loggedIn(cookie)).toBe(false);
    expect((await page(`/ops/users/${p.loggedIn.id}`)).body).toContain("No open sessions.");
  });

  it("resends the confirmation email of an unconfirmed address, and refuses a confirmed one", async () => {
    expect((await page(`/ops/users/${p.unconfirmed.id}`)).body).toContain("Resend confirmation email");
    const sent = await post(p.unconfirmed.id, [["intent", "resend-confirmation"]]);
    expect(sent.status).toBe(303);
    const mail = await smtp.next((m) => m.envelopeTo.includes("yusuf.pending@harbour.test"));
    expect(mail.subject).toBe("Confirm your email for Harbour University careers");
    expect(mail.text).toContain(
      "http://localhost/register/setup-account-redirection/yusuf.pending%40harbour.test?token=",
    );

    expect((await page(`/ops/users/${p.student.id}`)).body).not.toContain("Resend confirmation email");
    const confirmed = await post(p.student.id, [["intent", "resend-confirmation"]]);
    expect(confirmed.status).toBe(409);
  });

  it("records each change in the audit log, by whom and from where, and nothing for what was refused", async () => {
    stopped = true;
    const { entries, lena } = await started.stopAndRead(async (db) => ({
      entries: await db
        .select()
        .from(auditLog)
        .where(
          inArray(
            auditLog.targetId,
            [p.student, p.flagged, p.loggedIn, p.unconfirmed].map((u) => String(u.id)).concat(String(p.opsId)),
          ),
        )
        .orderBy(auditLog.id),
      lena: await db.select().from(sessions).where(eq(sessions.userId, p.loggedIn.id)),
    }));
    expect(entries.map((e) => [e.action, Number(e.targetId), e.actorId])).toEqual([
      ["user.deactivated", p.student.id, p.opsId],
      ["user.reactivated", p.student.id, p.opsId],
      ["user.flags_changed", p.flagged.id, p.opsId],
      ["user.sessions_ended", p.loggedIn.id, p.secondStaffId],
      ["user.confirmation_resent", p.unconfirmed.id, p.opsId],
    ]);
    expect(entries[0]).toMatchObject({
      actorRole: "platform_staff",
      universityId: p.student.universityId,
      ip: expect.any(String),
      changes: { accessStatus: { before: "active", after: "deactivated" }, openSessions: { before: 1, after: 0 } },
    });
    expect(entries[2]!.changes).toEqual({
      cihPremiumAccess: { before: false, after: true },
      countryGuideAccess: { before: false, after: true },
    });
    expect(entries[3]!.changes).toEqual({ openSessions: { before: 2, after: 0 } });
    expect(lena.every((s) => s.revokedAt !== null)).toBe(true);
  });
});
