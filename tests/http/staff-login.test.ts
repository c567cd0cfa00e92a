import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiries } from "~/db/schema";
import { createUser } from "../support/factories";
import {
  DEMO_STAFF_TOTP,
  type TestServer,
  authenticatorCode,
  cookieSet,
  loginAs,
  loginAsStaff,
  request,
  startServerWithData,
} from "./harness";

// Platform staff log in with a password and then an authenticator code (issue 30): enrolment at the
// first login, a wrong, a reused and a recovery code, the limit on tries, and the console's 404 for
// everyone else and on microsites.
let server: TestServer;
const NEW_STAFF = "new.staff@platform.test";
const NEW_STAFF_PASSWORD = "Staff-Password#2026";
const GUESSER = "guesser@platform.test";
beforeAll(async () => {
  ({ server } = await startServerWithData(async (db) => {
    const { hashPassword } = await import("~/lib/password.server");
    const passwordHash = await hashPassword(NEW_STAFF_PASSWORD);
    await createUser(db, { email: NEW_STAFF, name: "Noor Haddad", role: "platform_staff", passwordHash });
    await createUser(db, { email: GUESSER, role: "platform_staff", passwordHash });
    // Two enquiries to answer, for the overview's count.
    const enquiry = { email: "someone@example.test", subject: "Hello", message: "A question" };
    await db.insert(enquiries).values([
      { ...enquiry, name: "First Sender" },
      { ...enquiry, name: "Second Sender" },
    ]);
  }));
});
afterAll(() => server?.stop());

const sameSite = () => ({ Origin: server.origin, "Sec-Fetch-Site": "same-origin" });

async function passwordStep(email: string, password = "DemoPass#2026") {
  const reply = await request(server, { path: "/login", headers: sameSite(), form: { email, password } });
  expect(reply.status).toBe(303);
  expect(reply.headers.location).toBe("/login/second-factor");
  // No session before the second factor.
  expect(cookieSet(reply, "sid")).toBeUndefined();
  const challenge = cookieSet(reply, "second_factor");
  expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return `second_factor=${challenge}`;
}

const sendCode = (cookie: string, code: string) =>
  request(server, { path: "/login/second-factor", cookie, headers: sameSite(), form: { code } });

describe("platform staff login", () => {
  it("asks the enrolled for the authentication code after the password, refuses a wrong one, then opens the console", async () => {
    const challenge = await passwordStep("ops@demo.test");
    const page = await request(server, { path: "/login/second-factor", cookie: challenge });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Authentication code");
    expect(page.body).not.toContain("QR code of your authenticator key");
    expect(page.headers["cache-control"]).toMatch(/no-store/);

    const wrong = await sendCode(challenge, authenticatorCode(DEMO_STAFF_TOTP, 5));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain("That code is not right, or has been used already");
    expect(cookieSet(wrong, "sid")).toBeUndefined();

    const code = authenticatorCode(DEMO_STAFF_TOTP);
    const right = await sendCode(challenge, code);
    expect(right.status).toBe(303);
    expect(right.headers.location).toBe("/ops");
    const sid = cookieSet(right, "sid");
    expect(sid).toBeTruthy();
    // The staff session's cookie lasts 8 hours, not a student's 30 days.
    expect(right.setCookies.find((c) => c.startsWith("sid="))).toContain(`Max-Age=${8 * 3600}`);
    const consoleHome = await request(server, { path: "/ops", cookie: `sid=${sid}` });
    expect(consoleHome.status).toBe(200);
    expect(consoleHome.body).toContain("Operations console");
    // What waits for the team, each linked to its section.
    expect(consoleHome.body).toMatch(/<a [^>]*href="\/ops\/enquiries\?status=open"[^>]*>2 enquiries not handled<\/a>/);
    expect(consoleHome.body).toMatch(/\d+ items? waiting for moderation/);
    expect(consoleHome.headers["cache-control"]).toMatch(/no-store/);

    // The code and the waiting login are used up.
    const again = await passwordStep("ops@demo.test");
    expect((await sendCode(again, code)).status).toBe(401);
    expect((await sendCode(challenge, authenticatorCode(DEMO_STAFF_TOTP, 1))).headers.location).toBe("/login");
  });

  it("enrols an authenticator at the first login, shows the recovery codes once, and takes each recovery code once", async () => {
    const challenge = await passwordStep(NEW_STAFF, NEW_STAFF_PASSWORD);
    const page = await request(server, { path: "/login/second-factor", cookie: challenge });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Set up two-step login");
    expect(page.body).toMatch(/<div role="img" aria-label="QR code of your authenticator key"[^>]*><svg/);
    const secret = /Key: <!-- -->?<code[^>]*>([A-Z2-7 ]+)<\/code>|Key: <code[^>]*>([A-Z2-7 ]+)<\/code>/.exec(page.body);
    const key = (secret?.[1] ?? secret?.[2])?.replace(/ /g, "");
    expect(key).toMatch(/^[A-Z2-7]{32}$/);

    expect((await sendCode(challenge, "123456")).status).toBe(401);
    const enrolled = await sendCode(challenge, authenticatorCode(key!));
    expect(enrolled.status).toBe(200);
    expect(enrolled.headers["cache-control"]).toMatch(/no-store/);
    const codes = [...enrolled.body.matchAll(/<li>([A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4})<\/li>/g)].map(
      (m) => m[1]!,
    );
    expect(codes).toHaveLength(10);
    const sid = cookieSet(enrolled, "sid");
    expect((await request(server, { path: "/ops", cookie: `sid=${sid}` })).status).toBe(200);

    // The next login asks for a code, not the enrolment, and takes a recovery code instead, once.
    const next = await passwordStep(NEW_STAFF, NEW_STAFF_PASSWORD);
    const asked = await request(server, { path: "/login/second-factor", cookie: next });
    expect(asked.body).not.toContain("Set up two-step login");
    const recovered = await sendCode(next, codes[0]!.toLowerCase());
    expect(recovered.status).toBe(303);
    expect(cookieSet(recovered, "sid")).toBeTruthy();
    const reuse = await passwordStep(NEW_STAFF, NEW_STAFF_PASSWORD);
    expect((await sendCode(reuse, codes[0]!)).status).toBe(401);
  });

  it("stops guessing after five wrong codes", async () => {
    const challenge = await passwordStep(GUESSER, NEW_STAFF_PASSWORD);
    for (let i = 0; i < 5; i++) expect((await sendCode(challenge, "000000")).status).toBe(401);
    const limited = await sendCode(challenge, "000000");
    expect(limited.status).toBe(429);
    expect(limited.body).toContain("Too many codes tried");
    expect(limited.headers["retry-after"]).toBeDefined();
  });

  it("asks a visit without a waiting login to log in, and sends a code posted without one back to the login page", async () => {
    const page = await request(server, { path: "/login/second-factor" });
    expect(page.body).toContain("No login is waiting for a code here");
    expect(page.body).not.toContain('name="code"');
    const forged = "second_factor=" + "a".repeat(43);
    expect((await request(server, { path: "/login/second-factor", cookie: forged })).body).toContain(
      "No login is waiting",
    );
    const posted = await sendCode(forged, "123456");
    expect(posted.status).toBe(302);
    expect(posted.headers.location).toBe("/login");
  });
});

describe("the operations console", () => {
  it("answers 404 to visitors and every other role, and to staff on a microsite", async () => {
    expect((await request(server, { path: "/ops" })).status).toBe(404);
    for (const email of ["student@demo.test", "admin@demo.test", "predeparture@demo.test"]) {
      const reply = await request(server, { path: "/ops", cookie: await loginAs(server, email) });
      expect(reply.status, email).toBe(404);
    }
    const staff = await loginAsStaff(server);
    expect((await request(server, { path: "/ops", cookie: staff })).status).toBe(200);
    expect((await request(server, { path: "/ops", cookie: staff, host: "demo-university.localhost" })).status).toBe(
      404,
    );
  });

  it("lets no staff member log in on a microsite", async () => {
    const reply = await request(server, {
      path: "/login",
      host: "demo-university.localhost",
      headers: { Origin: `http://demo-university.localhost:${server.port}`, "Sec-Fetch-Site": "same-origin" },
      form: { email: "ops@demo.test", password: "DemoPass#2026" },
    });
    expect(reply.status).toBe(401);
    expect(cookieSet(reply, "second_factor")).toBeUndefined();
  });
});
