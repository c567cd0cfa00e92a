import { createHash } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import * as client from "openid-client";
import { type RouterContextProvider, data, redirect } from "react-router";
import type { Db } from "~/db/client.server";
import { dbContext, rateLimiterContext } from "~/db/context";
import { recordEvent } from "~/db/events.server";
import {
  type University,
  type UniversitySso,
  ssoLogins,
  ssoSeenAssertions,
  universities,
  universitySso,
} from "~/db/schema";
import { universityAdminOf } from "~/features/access/index.server";
import { SESSION_COOKIE, sessionCookie } from "~/features/auth/index.server";
import { sessionsContext } from "~/features/auth";
import { clientIpContext, clockContext, configContext } from "~/lib/context";
import { parseCookies, serializeCookie } from "~/lib/cookies";
import { type Config, outboundPolicy, secureCookies } from "~/lib/env.server";
import type { Limit } from "~/lib/rate-limit";
import { formOf } from "~/lib/request-body.server";
import { type Refusal, accountForLogin } from "./accounts.server";
import { type MappedPerson, mapAttributes } from "./mapping";
import { discoverIdp } from "./oidc.server";
import { identityProvider, readSamlResponse, serviceProvider } from "./saml.server";
import { open, secretsKey } from "~/lib/secret-box.server";
import { CLIENT_SECRET, SP_PRIVATE_KEY, ourSide } from "./settings.server";

type Context = Readonly<RouterContextProvider>;

/** How long a person has at their IdP before the login must start again. */
const LOGIN_SECONDS = 10 * 60;
/** Logins a client address may start: each writes a row, and asks the IdP's discovery document. */
const START_LIMIT: Limit = { max: 30, windowSeconds: 10 * 60 };
/**
 * SAML answers a client address may post: each is checked against the schemas in a thread of its own
 * and its signature verified, tens of milliseconds of CPU, so they are counted first. A person posts
 * one answer for each login they start.
 */
const ANSWER_LIMIT: Limit = START_LIMIT;
/**
 * Ties a login to the browser that started it: the IdP's answer is taken only from that browser, so
 * nobody can log someone else in as themselves by sending them an answer of their own (login CSRF).
 */
const STATE_COOKIE = "sso_state";
/**
 * SAML's answer is a cross-site POST, which carries only a SameSite=None cookie (so Secure, which
 * browsers grant http://localhost too): it holds the request's ID.
 */
const SAML_COOKIE = "sso_saml";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The cookie tying a login to its browser: the OIDC state, or the SAML request's ID; null clears it. */
const bindingCookie = (config: Config, protocol: "oidc" | "saml", value: string | null) =>
  serializeCookie(protocol === "oidc" ? STATE_COOKIE : SAML_COOKIE, value ?? "", {
    expires: value ? `${LOGIN_SECONDS}s` : 0,
    path: "/sso/",
    httpOnly: true,
    secure: protocol === "saml" || secureCookies(config),
    sameSite: protocol === "saml" ? "None" : "Lax",
  });

/**
 * A university and its single sign-on, or 404: a university without one has no login here. One that
 * is off answers only its own admins' test sign-ins (checked by the callers).
 */
async function ssoOfSlug(db: Db, slug: string): Promise<{ university: University; sso: UniversitySso }> {
  const [row] = await db
    .select({ university: universities, sso: universitySso })
    .from(universities)
    .innerJoin(universitySso, eq(universitySso.universityId, universities.id))
    .where(eq(universities.slug, slug));
  if (!row) throw data(null, { status: 404 });
  return row;
}

/** The IdP's configuration asker: 404 at once for a university whose single sign-on is not OpenID Connect. */
function oidcOf(sso: UniversitySso, config: Config, now: Date): () => Promise<client.Configuration> {
  const { issuerUrl, clientId, clientSecretEncrypted } = sso;
  if (sso.protocol !== "oidc" || !issuerUrl || !clientId || !clientSecretEncrypted) throw data(null, { status: 404 });
  const secret = open(secretsKey(config), CLIENT_SECRET, clientSecretEncrypted);
  return () => discoverIdp(issuerUrl, clientId, outboundPolicy(config), secret, now.getTime());
}

/** Our SP and the university's IdP: 404 for a university whose single sign-on is not SAML. */
function samlOf(university: University, sso: UniversitySso, config: Config) {
  if (sso.protocol !== "saml" || !sso.idpMetadataXml) throw data(null, { status: 404 });
  const side = ourSide(config, university.slug);
  const idp = identityProvider(sso.idpMetadataXml);
  const key = open(secretsKey(config), SP_PRIVATE_KEY, sso.spPrivateKeyEncrypted);
  return { side, idp, sp: serviceProvider(side, sso.spCertificate, key, idp) };
}

/** What an admin's test sign-in shows: what the IdP sent, and what the mapping read in it. */
export type SsoTestResult = { subject: string; attributes: [string, string][]; mapped: MappedPerson };

/** What the page of an answer shows: why it was refused, or a test sign-in's result. */
export type SsoAnswerData =
  | { universityName: string; refusal: Refusal; test?: undefined }
  | { universityName: string; refusal?: undefined; test: SsoTestResult };
const noStore = (headers: Record<string, string>) => ({ "Cache-Control": "no-store", ...headers });
const refusedPage = (status: number, universityName: string, refusal: Refusal, headers: Record<string, string> = {}) =>
  data<SsoAnswerData>({ universityName, refusal }, { status, headers: noStore(headers) });

/**
 * /sso/{university}: starts a login at the university's IdP with state, nonce and PKCE (S256), kept
 * in the database for the answer, which any instance may receive.
 */
export async function startSsoLogin(slug: string, url: URL, context: Context) {
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const now = context.get(clockContext)();
  const { university, sso } = await ssoOfSlug(db, slug);
  // "Test sign-in" (?test=1): only the university's own admin, and before single sign-on is on too.
  const tester = url.searchParams.get("test") === "1" ? await universityAdminOf(context) : null;
  const testBy = tester?.university.id === university.id ? tester.admin.id : null;
  if (url.searchParams.get("test") === "1" && testBy === null) throw data(null, { status: 404 });
  if (!sso.enabled && testBy === null) throw data(null, { status: 404 });
  const wait = await context.get(rateLimiterContext).spend(`sso:start:${context.get(clientIpContext)}`, START_LIMIT);
  if (wait > 0)
    return refusedPage(429, university.name, {
      title: "Too many logins started",
      message: `Wait ${Math.ceil(wait / 60)} minutes and try again.`,
    });
  await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, now));
  const expiresAt = new Date(now.getTime() + LOGIN_SECONDS * 1000);
  if (sso.protocol === "saml") {
    const { sp, idp } = samlOf(university, sso, config);
    const { id, context: target } = sp.createLoginRequest(idp, "redirect");
    await db.insert(ssoLogins).values({
      keyHash: sha256(id),
      universityId: university.id,
      protocol: "saml",
      samlRequestId: id,
      testBy,
      expiresAt,
    });
    return redirect(target, { status: 302, headers: { "Set-Cookie": bindingCookie(config, "saml", id) } });
  }
  const discover = oidcOf(sso, config, now);
  let idp: client.Configuration;
  try {
    idp = await discover();
  } catch {
    return refusedPage(502, university.name, {
      title: `${university.name}'s login is not answering`,
      message: "Its identity provider could not be reached. Try again in a few minutes, or log in with your password.",
    });
  }
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await db.insert(ssoLogins).values({
    keyHash: sha256(state),
    universityId: university.id,
    protocol: "oidc",
    nonce,
    codeVerifier,
    testBy,
    expiresAt,
  });
  const target = client.buildAuthorizationUrl(idp, {
    redirect_uri: ourSide(config, university.slug).redirectUri,
    scope: "openid email profile",
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  });
  return redirect(target.href, { status: 302, headers: { "Set-Cookie": bindingCookie(config, "oidc", state) } });
}

/**
 * /sso/oidc/{university}/callback: the IdP's answer. The state must be this browser's and unused
 * (it is deleted as it is read); openid-client checks the ID token's issuer, audience, expiry,
 * signature and nonce and the PKCE verifier. Then the account (accounts.server.ts), a new session,
 * and /login-success, which lands the person as after a password login.
 */
export async function finishOidcLogin(request: Request, slug: string, context: Context) {
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const now = context.get(clockContext)();
  const { university, sso } = await ssoOfSlug(db, slug);
  const discover = oidcOf(sso, config, now);
  const refused = (status: number, refusal: Refusal) =>
    refusedPage(status, university.name, refusal, { "Set-Cookie": bindingCookie(config, "oidc", null) });
  const startAgain: Refusal = {
    title: "This login cannot be finished",
    message: `It was started in another browser, has expired or has already been used. Start again with ${university.name}'s login.`,
  };
  const url = new URL(request.url);
  const state = url.searchParams.get("state") ?? "";
  if (url.searchParams.has("error"))
    return refused(400, {
      title: `${university.name}'s login did not log you in`,
      message: `It answered: ${url.searchParams.get("error_description") ?? url.searchParams.get("error")}.`,
    });
  if (!state || parseCookies(request.headers.get("cookie"))[STATE_COOKIE] !== state) return refused(400, startAgain);
  const [login] = await db
    .delete(ssoLogins)
    .where(
      and(
        eq(ssoLogins.keyHash, sha256(state)),
        eq(ssoLogins.universityId, university.id),
        eq(ssoLogins.protocol, "oidc"),
        gt(ssoLogins.expiresAt, now),
      ),
    )
    .returning();
  if (!login?.nonce || !login.codeVerifier || (!sso.enabled && !login.testBy)) return refused(400, startAgain);

  let attributes: Record<string, unknown>;
  let subject: string;
  try {
    const idp = await discover();
    // The address the IdP was given, whatever address this request reached us by (a proxy's).
    const current = new URL(ourSide(config, university.slug).redirectUri);
    current.search = url.search;
    const tokens = await client.authorizationCodeGrant(idp, current, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    subject = claims.sub;
    // Claims asked for by scope may come in the ID token or only from the userinfo endpoint.
    const userinfo = await client.fetchUserInfo(idp, tokens.access_token, subject);
    attributes = { ...userinfo, ...claims };
  } catch (error) {
    console.warn(
      `Single sign-on of ${university.slug} refused an answer: ${error instanceof Error ? error.message : error}`,
    );
    return refused(400, {
      title: "This login cannot be finished",
      message: `${university.name}'s login sent an answer that could not be checked. Start again; if it happens again, tell your careers service.`,
    });
  }
  if (attributes.email_verified === false)
    return refused(403, {
      title: "Your email address is not confirmed",
      message: `${university.name}'s login says your address is not confirmed yet. Confirm it there, then log in again.`,
    });

  return logInAs(request, context, { university, sso, subject, attributes, refused, testBy: login.testBy });
}

/**
 * The end of every login through an IdP: the account (accounts.server.ts), the event, a new session
 * (the one the request came with is ended), and /login-success, which lands the person as after a
 * password login. The login's binding cookie is cleared.
 */
async function logInAs(
  request: Request,
  context: Context,
  login: {
    university: University;
    sso: UniversitySso;
    subject: string;
    attributes: Record<string, unknown>;
    refused: (status: number, refusal: Refusal) => ReturnType<typeof refusedPage>;
    /** An admin's test sign-in: shown what arrived, with no account made or opened. */
    testBy: number | null;
  },
) {
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const now = context.get(clockContext)();
  const { university, sso } = login;
  const person = mapAttributes(login.attributes, sso.attributeMapping);
  if (login.testBy !== null) {
    const attributes = Object.entries(login.attributes).map(([name, value]): [string, string] => [
      name,
      ([] as unknown[]).concat(value).map(String).join(", "),
    ]);
    return data<SsoAnswerData>(
      { universityName: university.name, test: { subject: login.subject, attributes, mapped: person } },
      { headers: noStore({ "Set-Cookie": bindingCookie(config, sso.protocol, null) }) },
    );
  }
  const account = await accountForLogin(db, university, `${sso.protocol}:${login.subject}`, person, now);
  if (!account.ok) return login.refused(403, account.refusal);
  await recordEvent(db, {
    kind: "sso.login",
    at: now,
    userId: account.userId,
    universityId: university.id,
    data: { protocol: sso.protocol, made: account.made, linked: account.linked },
  });
  const sessions = context.get(sessionsContext);
  const previous = parseCookies(request.headers.get("cookie"))[SESSION_COOKIE];
  if (previous) await sessions.revoke(previous);
  sessions.forgetUser(account.userId);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(config, await sessions.create(account.userId)));
  headers.append("Set-Cookie", bindingCookie(config, sso.protocol, null));
  // A 303 turns the ACS's POST into a GET; the OIDC callback is a GET already.
  return redirect("/login-success", { status: 303, headers });
}

/**
 * /sso/saml/{university}/acs: the IdP's answer, posted by the browser. It must answer a request of
 * ours made in this browser and not yet answered (InResponseTo, deleted as it is read), pass every
 * check of `readSamlResponse`, and carry an assertion ID not seen before (kept until it expires).
 */
export async function finishSamlLogin(request: Request, slug: string, context: Context) {
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const now = context.get(clockContext)();
  const { university, sso } = await ssoOfSlug(db, slug);
  const { side, sp, idp } = samlOf(university, sso, config);
  const refused = (status: number, refusal: Refusal) =>
    refusedPage(status, university.name, refusal, { "Set-Cookie": bindingCookie(config, "saml", null) });
  const cannotFinish = (why: string) => {
    console.warn(`Single sign-on of ${university.slug} refused a SAML answer: ${why}`);
    return refused(400, {
      title: "This login cannot be finished",
      message: `${university.name}'s login sent an answer that could not be accepted. Start again with ${university.name}'s login; if it happens again, tell your careers service.`,
    });
  };
  const wait = await context.get(rateLimiterContext).spend(`sso:answer:${context.get(clientIpContext)}`, ANSWER_LIMIT);
  if (wait > 0)
    return refused(429, {
      title: "Too many logins finished",
      message: `Wait ${Math.ceil(wait / 60)} minutes and try again.`,
    });
  const form = await formOf(request);
  const samlResponse = form.get("SAMLResponse");
  if (typeof samlResponse !== "string" || !samlResponse) return cannotFinish("no SAMLResponse");
  const read = await readSamlResponse(sp, idp, side, samlResponse, now);
  if (!read.ok) return cannotFinish(read.reason);
  const { answer } = read;
  if (parseCookies(request.headers.get("cookie"))[SAML_COOKIE] !== answer.inResponseTo)
    return cannotFinish("the answer is for a login this browser did not start");
  const [login] = await db
    .delete(ssoLogins)
    .where(
      and(
        eq(ssoLogins.keyHash, sha256(answer.inResponseTo)),
        eq(ssoLogins.universityId, university.id),
        eq(ssoLogins.protocol, "saml"),
        gt(ssoLogins.expiresAt, now),
      ),
    )
    .returning({ testBy: ssoLogins.testBy });
  if (!login || (!sso.enabled && !login.testBy))
    return cannotFinish("InResponseTo names no login waiting for its answer");
  await db.delete(ssoSeenAssertions).where(lt(ssoSeenAssertions.expiresAt, now));
  const [fresh] = await db
    .insert(ssoSeenAssertions)
    .values({ universityId: university.id, assertionId: answer.assertionId, expiresAt: answer.notOnOrAfter })
    .onConflictDoNothing()
    .returning({ assertionId: ssoSeenAssertions.assertionId });
  if (!fresh) return cannotFinish(`assertion ${answer.assertionId} was accepted before`);
  return logInAs(request, context, {
    university,
    sso,
    subject: answer.subject,
    attributes: answer.attributes,
    refused,
    testBy: login.testBy,
  });
}

/** /sso/saml/{university}/metadata: our SP's metadata for the IdP's administrator (entity ID, ACS, certificate). */
export async function samlMetadata(slug: string, context: Context) {
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const [row] = await db
    .select({ university: universities, sso: universitySso })
    .from(universities)
    .innerJoin(universitySso, eq(universitySso.universityId, universities.id))
    .where(eq(universities.slug, slug));
  if (!row) throw data(null, { status: 404 });
  const side = ourSide(config, row.university.slug);
  // The metadata needs no private key: only the certificate is published.
  const sp = serviceProvider(side, row.sso.spCertificate, "");
  return new Response(sp.getMetadata(), {
    headers: { "Content-Type": "application/samlmetadata+xml; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
