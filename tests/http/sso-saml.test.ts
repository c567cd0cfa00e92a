import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnswerParts, IDP_SSO_URL, makeSamlIdp } from "../support/saml-idp";
import { type Reply, type TestServer, cookieSet, loginAs, request, startServer } from "./harness";

// Logging in with a university's SAML IdP: a samlify IdentityProvider in this process, signing with
// a key the test made, answers our service provider; each forged or replayed answer is refused.
let server: TestServer;
let spMetadata: string;
const idp = makeSamlIdp();
const otherIdp = makeSamlIdp();
const sameSite = { "Sec-Fetch-Site": "same-origin" };
/** The IdP's page posts the answer from its own site. */
const crossSite = { "Sec-Fetch-Site": "cross-site", Origin: "https://idp.demo.test" };

beforeAll(async () => {
  server = await startServer();
  const saved = await request(server, {
    path: "/university-user-profile/sso",
    cookie: await loginAs(server, "admin@demo.test"),
    headers: sameSite,
    form: {
      intent: "save-sso",
      protocol: "saml",
      idp_metadata_xml: idp.metadata,
      attribute_preset: "custom",
      mode: "alongside",
      enabled: "on",
    },
  });
  expect(saved.status).toBe(303);
});
afterAll(() => server?.stop());

const ACS = () => `${server.origin}/sso/saml/demo-university/acs`;
const ENTITY = () => `${server.origin}/sso/saml/demo-university/metadata`;

/** A login started at /sso/demo-university: the request's ID (as the IdP reads it) and this browser's cookie. */
async function start() {
  const started = await request(server, { path: "/sso/demo-university" });
  expect(started.status).toBe(302);
  const target = new URL(started.headers.location!);
  expect(`${target.origin}${target.pathname}`).toBe(IDP_SSO_URL);
  expect(target.searchParams.get("SAMLRequest")).toBeTruthy();
  const id = cookieSet(started, "sso_saml")!;
  expect(started.setCookies.find((c) => c.startsWith("sso_saml="))).toMatch(/SameSite=None.*|Secure/);
  return { id, cookie: `sso_saml=${id}` };
}

function parts(inResponseTo: string, change: Partial<AnswerParts> = {}): AnswerParts {
  const now = Date.now();
  return {
    inResponseTo,
    nameId: "saml-nia",
    attributes: {
      email: ["nia.saml@demo.test"],
      given_name: ["Nia"],
      family_name: ["Saml"],
      eduPersonAffiliation: ["member", "student"],
    },
    audience: ENTITY(),
    recipient: ACS(),
    destination: ACS(),
    notBefore: new Date(now - 60_000),
    notOnOrAfter: new Date(now + 5 * 60_000),
    ...change,
  };
}

const post = (samlResponse: string, cookie: string) =>
  request(server, {
    path: "/sso/saml/demo-university/acs",
    cookie,
    headers: crossSite,
    form: { SAMLResponse: samlResponse },
  });
const decode = (b64: string) => Buffer.from(b64, "base64").toString("utf8");
const encode = (xml: string) => Buffer.from(xml, "utf8").toString("base64");

const expectRefused = (reply: Reply) => {
  expect(reply.status).toBe(400);
  expect(cookieSet(reply, "sid")).toBeUndefined();
  expect(reply.body).toContain("This login cannot be finished");
};

describe("a SAML login", () => {
  it("publishes our metadata: entity ID, ACS and signing certificate", async () => {
    const reply = await request(server, { path: "/sso/saml/demo-university/metadata" });
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toContain("application/samlmetadata+xml");
    spMetadata = reply.body;
    expect(spMetadata).toContain(`entityID="${ENTITY()}"`);
    expect(spMetadata).toContain(`Location="${ACS()}"`);
    expect(spMetadata).toContain('WantAssertionsSigned="true"');
    expect(spMetadata).toMatch(/<(ds:)?X509Certificate>MII/);
    expect((await request(server, { path: "/sso/saml/second-university/metadata" })).status).toBe(404);
  });

  it("answers a visit to the ACS without an answer (a reload, a bookmark) with where to start", async () => {
    const visit = await request(server, { path: "/sso/saml/demo-university/acs" });
    expect(visit.status).toBe(200);
    expect(visit.body).toContain("There is no login to finish here");
    expect(visit.body).toContain("Start at /sso/demo-university.");
  });

  it("logs a student in with a signed answer, making their account", async () => {
    const { id, cookie } = await start();
    const reply = await post(await idp.answer(spMetadata, parts(id)), cookie);
    expect(reply.status).toBe(303);
    expect(reply.location).toBe("/login-success");
    const session = `sid=${cookieSet(reply, "sid")}`;
    expect((await request(server, { path: "/login-success", cookie: session })).location).toBe("/student-dashboard");
    const profile = await request(server, { path: "/edit-profile", cookie: session });
    expect(profile.body).toContain("Nia Saml");
    expect(profile.body).toContain("nia.saml@demo.test");
  });
});

describe("a SAML test sign-in", () => {
  it("shows the admin the attributes sent, and makes no account", async () => {
    const admin = await loginAs(server, "admin@demo.test");
    const started = await request(server, { path: "/sso/demo-university?test=1", cookie: admin });
    expect(started.status).toBe(302);
    const id = cookieSet(started, "sso_saml")!;
    const answer = await idp.answer(spMetadata, parts(id, { attributes: { email: ["outsider@example.com"] } }));
    // The IdP's cross-site post carries no Lax session cookie: the test is known by its login alone.
    const shown = await post(answer, `sso_saml=${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toContain("Test sign-in: what the IdP sent");
    expect(shown.body).toContain("outsider@example.com");
    expect(cookieSet(shown, "sid")).toBeUndefined();
  });
});

describe("the service provider refuses", () => {
  it("an unsigned answer, or one signed by another key", async () => {
    const { id, cookie } = await start();
    const signed = decode(await idp.answer(spMetadata, parts(id)));
    const unsigned = signed.replace(/<(ds:)?Signature[\s\S]*<\/(ds:)?Signature>/, "");
    expect(unsigned).not.toBe(signed);
    expectRefused(await post(encode(unsigned), cookie));
    expectRefused(await post(await otherIdp.answer(spMetadata, parts(id)), cookie));
    // The genuine answer to the same request is still taken: what was refused was the signature.
    expect((await post(encode(signed), cookie)).status).toBe(303);
  });

  it("an expired answer, one not yet valid, and one past the 2 minutes of skew", async () => {
    const now = Date.now();
    for (const change of [
      { notBefore: new Date(now - 600_000), notOnOrAfter: new Date(now - 150_000) },
      { notBefore: new Date(now + 150_000), notOnOrAfter: new Date(now + 600_000) },
    ]) {
      const { id, cookie } = await start();
      expectRefused(await post(await idp.answer(spMetadata, parts(id, change)), cookie));
    }
    // Within the skew: an answer whose NotOnOrAfter passed a minute ago is still taken.
    const { id, cookie } = await start();
    const late = { notBefore: new Date(now - 600_000), notOnOrAfter: new Date(now - 60_000) };
    expect((await post(await idp.answer(spMetadata, parts(id, late)), cookie)).status).toBe(303);
  });

  it("an answer for another audience, recipient or destination, or to no request of ours", async () => {
    for (const change of [
      { audience: "https://other-sp.example/metadata" },
      { recipient: "https://other-sp.example/acs" },
      { destination: "https://other-sp.example/acs" },
    ]) {
      const { id, cookie } = await start();
      expectRefused(await post(await idp.answer(spMetadata, parts(id, change)), cookie));
    }
    // InResponseTo of no login of ours (an IdP-initiated or made-up answer).
    expectRefused(await post(await idp.answer(spMetadata, parts("_made-up")), "sso_saml=_made-up"));
    // A genuine answer delivered to a browser that did not start its login (login CSRF).
    const { id } = await start();
    const other = await start();
    expectRefused(await post(await idp.answer(spMetadata, parts(id)), other.cookie));
  });

  it("an answer replayed, even to a new request", async () => {
    const { id, cookie } = await start();
    const answer = await idp.answer(spMetadata, parts(id, { assertionId: "_assertion-replayed" }));
    expect((await post(answer, cookie)).status).toBe(303);
    expectRefused(await post(answer, cookie));
    // The same assertion ID in an answer to a fresh request: accepted once only.
    const again = await start();
    expectRefused(
      await post(await idp.answer(spMetadata, parts(again.id, { assertionId: "_assertion-replayed" })), again.cookie),
    );
  });

  it("signature-wrapping variants: a second, unsigned assertion beside or around the signed one", async () => {
    const { id, cookie } = await start();
    const signed = decode(await idp.answer(spMetadata, parts(id)));
    const assertion = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(signed)![0];
    const evil = assertion
      .replace(/<(ds:)?Signature[\s\S]*<\/(ds:)?Signature>/, "")
      .replace(/ID="[^"]+"/, 'ID="_evil"')
      .replaceAll("nia.saml@demo.test", "student@demo.test")
      .replace("saml-nia", "saml-victim");
    const before = signed.replace(assertion, evil + assertion);
    const after = signed.replace(assertion, assertion + evil);
    const inside = signed.replace(assertion, evil.replace("</saml:Assertion>", `${assertion}</saml:Assertion>`));
    const altered = signed.replaceAll("nia.saml@demo.test", "student@demo.test");
    for (const forged of [before, after, inside, altered]) {
      expect(forged).not.toBe(signed);
      expectRefused(await post(encode(forged), cookie));
    }
  });

  it("a comment injected into a signed value", async () => {
    // The IdP vouches for student@demo.test.evil.example; a comment would make a careless parser read student@demo.test.
    const { id, cookie } = await start();
    const signed = decode(
      await idp.answer(
        spMetadata,
        parts(id, { attributes: { email: ["student@demo.test.evil.example"], eduPersonAffiliation: ["student"] } }),
      ),
    );
    const injected = signed.replace("student@demo.test.evil.example", "student@demo.test<!---->.evil.example");
    expect(injected).not.toBe(signed);
    expectRefused(await post(encode(injected), cookie));
  });
});

// Last in the file: it spends what remains of this client's answers.
describe("answers to the service provider", () => {
  it("are counted per client address before they are read: the 31st in 10 minutes is refused, even a genuine one", async () => {
    const { id, cookie } = await start();
    const genuine = await idp.answer(spMetadata, parts(id));
    let posted = 0;
    let reply = await post("", cookie);
    while (reply.status === 400 && posted < 30) {
      expect(reply.body).toContain("This login cannot be finished");
      posted++;
      reply = await post("", cookie);
    }
    expect(reply.status).toBe(429);
    expect(reply.body).toContain("Too many logins finished");
    const refused = await post(genuine, cookie);
    expect(refused.status).toBe(429);
    expect(cookieSet(refused, "sid")).toBeUndefined();
  });
});
