import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OidcIdp, newSigningKey, signInAtIdp, startOidcIdp } from "../support/oidc-idp";
import { type Reply, type TestServer, cookieSet, loginAs, request, startServer } from "./harness";

// Logging in with a university's OpenID Connect IdP, against a certified OpenID provider
// (oidc-provider) in this process: a full login, the accounts made just in time, and each attack
// the relying party must refuse.
let server: TestServer;
let idp: OidcIdp;
const sameSite = { "Sec-Fetch-Site": "same-origin" };

const ACCOUNTS = {
  newStudent: { email: "nia.adeyemi@demo.test", given_name: "Nia", family_name: "Adeyemi", groups: ["students"] },
  newStaff: { email: "tom.price@demo.test", given_name: "Tom", family_name: "Price", groups: ["staff"] },
  outsider: { email: "someone@example.com", given_name: "Some", family_name: "One", groups: ["students"] },
  existing: { email: "student@demo.test", given_name: "Aisha", family_name: "Khan-Renamed", groups: ["students"] },
  secondStudent: { email: "li.wei@second.test", given_name: "Li", family_name: "Wei", groups: ["students"] },
  noAffiliation: { email: "guest@demo.test", given_name: "Gus", family_name: "Est", groups: ["visitors"] },
};

beforeAll(async () => {
  server = await startServer();
  const redirect = (slug: string) => `${server.origin}/sso/oidc/${slug}/callback`;
  idp = await startOidcIdp(
    [
      { client_id: "careers-demo", client_secret: "demo-secret", redirect_uris: [redirect("demo-university")] },
      { client_id: "careers-second", client_secret: "second-secret", redirect_uris: [redirect("second-university")] },
    ],
    Object.entries(ACCOUNTS).map(([sub, claims]) => ({ sub, claims: { ...claims, email_verified: true } })),
  );
  // Each university's admin configures its single sign-on on the profile page, as in production.
  for (const [admin, client, secret] of [
    ["admin@demo.test", "careers-demo", "demo-secret"],
    ["admin@second.test", "careers-second", "second-secret"],
  ] as const) {
    const saved = await request(server, {
      path: "/university-user-profile/sso",
      cookie: await loginAs(server, admin),
      headers: sameSite,
      form: {
        intent: "save-sso",
        protocol: "oidc",
        issuer_url: idp.issuer,
        client_id: client,
        client_secret: secret,
        attribute_preset: "entra",
        values_student: "students",
        values_staff: "staff",
        mode: "alongside",
        enabled: "on",
      },
    });
    expect(saved.status).toBe(303);
  }
});
afterAll(async () => {
  await server?.stop();
  await idp?.stop();
});

/** A login started at /sso/{university}: the IdP's address to go to, and this browser's cookie. */
async function start(slug = "demo-university") {
  const started = await request(server, { path: `/sso/${slug}` });
  expect(started.status).toBe(302);
  const location = started.headers.location!;
  return { authorize: new URL(location), cookie: `sso_state=${cookieSet(started, "sso_state")}` };
}

/** The IdP's answer delivered to our callback (the path and query it sent the browser to). */
const deliver = (answer: URL, cookie: string, pathname = answer.pathname) =>
  request(server, { path: `${pathname}${answer.search}`, cookie });

/** A whole login of the IdP's account `login`: start, the IdP's forms, the callback. */
async function logIn(login: keyof typeof ACCOUNTS, slug = "demo-university") {
  const { authorize, cookie } = await start(slug);
  const answer = await signInAtIdp(authorize.href, login);
  return { answer, cookie, reply: await deliver(answer, cookie) };
}

const sessionOf = (reply: Reply) => `sid=${cookieSet(reply, "sid")}`;
const headingOf = (reply: Reply) => /<h1[^>]*>([^<]*)<\/h1>/.exec(reply.body)?.[1]?.replaceAll("&#x27;", "'");

describe("an OpenID Connect login", () => {
  it("starts at the IdP with state, nonce and PKCE S256, for our client and redirect URI", async () => {
    const { authorize, cookie } = await start();
    expect(authorize.origin).toBe(idp.issuer);
    const q = authorize.searchParams;
    expect(q.get("client_id")).toBe("careers-demo");
    expect(q.get("redirect_uri")).toBe(`${server.origin}/sso/oidc/demo-university/callback`);
    expect(q.get("response_type")).toBe("code");
    expect(q.get("scope")).toBe("openid email profile");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(q.get("nonce")).toMatch(/^[\w-]{43}$/);
    expect(cookie).toBe(`sso_state=${q.get("state")}`);
    // A university without single sign-on has no login here.
    expect((await request(server, { path: "/sso/demo-university-docklands" })).status).toBe(404);
  });

  it("makes an unknown student of the university an active student, logged in, landing on their home", async () => {
    const { reply } = await logIn("newStudent");
    expect(reply.status).toBe(303);
    expect(reply.location).toBe("/login-success");
    expect(cookieSet(reply, "sso_state")).toBe("");
    const landed = await request(server, { path: "/login-success", cookie: sessionOf(reply) });
    expect(landed.location).toBe("/student-dashboard");
    const dashboard = await request(server, { path: "/student-dashboard", cookie: sessionOf(reply) });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toContain("Nia");

    // The next login finds the same account (the IdP's subject is linked) and takes the name it sends.
    idp.setAccount({
      sub: "newStudent",
      claims: { ...ACCOUNTS.newStudent, given_name: "Niamh", email_verified: true },
    });
    const again = await logIn("newStudent");
    expect(again.reply.status).toBe(303);
    const edit = await request(server, { path: "/edit-profile", cookie: sessionOf(again.reply) });
    expect(edit.body).toContain("Niamh Adeyemi");
    expect(edit.body).toContain("nia.adeyemi@demo.test");
  });

  it("makes staff an account awaiting approval, never an admin by itself", async () => {
    const { reply } = await logIn("newStaff");
    expect(reply.status).toBe(303);
    const cookie = sessionOf(reply);
    const dashboard = await request(server, { path: "/university-dashboard", cookie });
    expect(dashboard.status).toBe(302);
    expect(dashboard.location).not.toBe("/university-dashboard");
    expect((await request(server, { path: "/university-user-profile/sso", cookie })).status).not.toBe(200);
  });

  it("links an existing account with the same address instead of making a second one", async () => {
    const { reply } = await logIn("existing");
    expect(reply.status).toBe(303);
    const cookie = sessionOf(reply);
    expect((await request(server, { path: "/login-success", cookie })).location).toBe("/student-dashboard");
    // The demo student's own data: the same account, renamed by the IdP.
    const edit = await request(server, { path: "/edit-profile", cookie });
    expect(edit.body).toContain("Aisha Khan-Renamed");
    expect(edit.body).toContain("student@demo.test");
  });

  it("refuses with a clear page an address outside the university's domains, or one without an affiliation", async () => {
    const outsider = await logIn("outsider");
    expect(outsider.reply.status).toBe(403);
    expect(headingOf(outsider.reply)).toBe("This address is not one of your university's");
    expect(outsider.reply.body).toContain("someone@example.com");
    expect(cookieSet(outsider.reply, "sid")).toBeUndefined();

    const guest = await logIn("noAffiliation");
    expect(guest.reply.status).toBe(403);
    expect(headingOf(guest.reply)).toBe("Your university did not say who you are");
  });
});

describe("a test sign-in", () => {
  it("shows the university's admin what the IdP sent, making and opening no account", async () => {
    const admin = await loginAs(server, "admin@demo.test");
    const started = await request(server, { path: "/sso/demo-university?test=1", cookie: admin });
    expect(started.status).toBe(302);
    const cookie = `${admin}; sso_state=${cookieSet(started, "sso_state")}`;
    // The outsider's address would be refused by a login: a test shows it instead.
    const answer = await signInAtIdp(started.headers.location!, "outsider");
    const shown = await request(server, { path: `${answer.pathname}${answer.search}`, cookie });
    expect(shown.status).toBe(200);
    expect(headingOf(shown)).toBe("Test sign-in: what the IdP sent");
    expect(shown.body).toContain("someone@example.com");
    expect(shown.body).toContain("No account was made or opened");
    expect(cookieSet(shown, "sid")).toBeUndefined();
    expect(shown.headers["cache-control"]).toContain("no-store");
  });

  it("is only for the university's own admins", async () => {
    for (const who of ["student@demo.test", "admin@second.test"]) {
      const cookie = await loginAs(server, who);
      expect((await request(server, { path: "/sso/demo-university?test=1", cookie })).status).toBe(404);
    }
    expect((await request(server, { path: "/sso/demo-university?test=1" })).status).toBe(404);
  });
});

describe("the relying party refuses", () => {
  const expectRefused = (reply: Reply) => {
    expect(reply.status).toBe(400);
    expect(cookieSet(reply, "sid")).toBeUndefined();
    expect(headingOf(reply)).toBe("This login cannot be finished");
  };

  it("a state that is not this browser's, or none", async () => {
    const { authorize, cookie } = await start();
    const answer = await signInAtIdp(authorize.href, "newStudent");
    // Someone else's browser (login CSRF): the answer without, or with another, login cookie.
    expectRefused(await deliver(answer, ""));
    const other = await start();
    expectRefused(await deliver(answer, other.cookie));
    const forged = new URL(answer);
    forged.searchParams.set("state", "forged-state");
    expectRefused(await deliver(forged, "sso_state=forged-state"));
    // The genuine answer still works once.
    expect((await deliver(answer, cookie)).status).toBe(303);
  });

  it("a state used once already (a replayed answer)", async () => {
    const { answer, cookie, reply } = await logIn("newStudent");
    expect(reply.status).toBe(303);
    expectRefused(await deliver(answer, cookie));
  });

  it("an ID token with another nonce", async () => {
    const { authorize, cookie } = await start();
    authorize.searchParams.set("nonce", "a-nonce-this-login-did-not-make");
    expectRefused(await deliver(await signInAtIdp(authorize.href, "newStudent"), cookie));
  });

  it("an ID token for another client, expired, or signed by another key", async () => {
    const now = () => Math.floor(Date.now() / 1000);
    const tampers = [
      (c: Record<string, unknown>) => ({ claims: { ...c, aud: "careers-second" } }),
      (c: Record<string, unknown>) => ({ claims: { ...c, iat: now() - 7200, exp: now() - 3600 } }),
      (c: Record<string, unknown>) => ({ claims: c, key: newSigningKey() }),
      (c: Record<string, unknown>) => ({ claims: { ...c, iss: "http://localhost:1" } }),
    ];
    try {
      for (const tamper of tampers) {
        idp.tamperWith(tamper);
        const { reply } = await logIn("newStudent");
        expectRefused(reply);
      }
      // The same login with the IdP's own token is accepted: what was refused was the change.
      idp.tamperWith((c) => ({ claims: c }));
      expect((await logIn("newStudent")).reply.status).toBe(303);
    } finally {
      idp.tamperWith(null);
    }
  });

  it("university A's IdP used for university B", async () => {
    // An answer to a login started for A, delivered to B's callback.
    const { authorize, cookie } = await start("demo-university");
    const answer = await signInAtIdp(authorize.href, "newStudent");
    expectRefused(await deliver(answer, cookie, "/sso/oidc/second-university/callback"));
    // A person of B logging in with A's IdP gets no account of A or B.
    const { reply } = await logIn("secondStudent", "demo-university");
    expect(reply.status).toBe(403);
    expect(headingOf(reply)).toBe("This address is not one of your university's");
  });
});
