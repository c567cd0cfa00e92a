import { createHash } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import * as client from "openid-client";
import { type RouterContextProvider, data, redirect } from "react-router";
import type { Db } from "~/db/client.server";
import { dbContext, rateLimiterContext } from "~/db/context";
import { recordEvent } from "~/db/events.server";
import { type University, type UniversitySso, ssoLogins, universities, universitySso } from "~/db/schema";
import { SESSION_COOKIE, sessionCookie } from "~/features/auth/index.server";
import { sessionsContext } from "~/features/auth";
import { clientIpContext, clockContext, configContext } from "~/lib/context";
import { parseCookies, serializeCookie } from "~/lib/cookies";
import { type Config, secureCookies } from "~/lib/env.server";
import type { Limit } from "~/lib/rate-limit";
import { type Refusal, accountForLogin } from "./accounts.server";
import { mapAttributes } from "./mapping";
import { discoverIdp } from "./oidc.server";
import { open, ssoKey } from "./secret-box.server";
import { CLIENT_SECRET, ourSide } from "./settings.server";

type Context = Readonly<RouterContextProvider>;

/** How long a person has at their IdP before the login must start again. */
const LOGIN_SECONDS = 10 * 60;
/** Logins a client address may start: each writes a row, and asks the IdP's discovery document. */
const START_LIMIT: Limit = { max: 30, windowSeconds: 10 * 60 };
/**
 * Ties a login to the browser that started it: the IdP's answer is taken only from that browser, so
 * nobody can log someone else in as themselves by sending them an answer of their own (login CSRF).
 */
const STATE_COOKIE = "sso_state";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const stateCookie = (config: Config, state: string | null) =>
  serializeCookie(STATE_COOKIE, state ?? "", {
    expires: state ? `${LOGIN_SECONDS}s` : 0,
    path: "/sso/",
    httpOnly: true,
    secure: secureCookies(config),
    sameSite: "Lax",
  });

/** A university and its single sign-on when it is on, or 404: a university without one has no login here. */
async function enabledSso(db: Db, slug: string): Promise<{ university: University; sso: UniversitySso }> {
  const [row] = await db
    .select({ university: universities, sso: universitySso })
    .from(universities)
    .innerJoin(universitySso, eq(universitySso.universityId, universities.id))
    .where(eq(universities.slug, slug));
  if (!row || !row.sso.enabled) throw data(null, { status: 404 });
  return row;
}

/** The IdP's configuration asker: 404 at once for a university whose single sign-on is not OpenID Connect. */
function oidcOf(sso: UniversitySso, config: Config): () => Promise<client.Configuration> {
  const { issuerUrl, clientId, clientSecretEncrypted } = sso;
  if (sso.protocol !== "oidc" || !issuerUrl || !clientId || !clientSecretEncrypted) throw data(null, { status: 404 });
  return () => discoverIdp(issuerUrl, clientId, open(ssoKey(config), CLIENT_SECRET, clientSecretEncrypted));
}

/** What the refusal page shows, with its status. */
export type SsoRefusalData = { universityName: string; refusal: Refusal };
const refusedPage = (status: number, universityName: string, refusal: Refusal, headers: Record<string, string> = {}) =>
  data<SsoRefusalData>({ universityName, refusal }, { status, headers: { "Cache-Control": "no-store", ...headers } });

/**
 * /sso/{university}: starts a login at the university's IdP with state, nonce and PKCE (S256), kept
 * in the database for the answer, which any instance may receive.
 */
export async function startSsoLogin(slug: string, context: Context) {
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const now = context.get(clockContext)();
  const { university, sso } = await enabledSso(db, slug);
  const discover = oidcOf(sso, config);
  const wait = await context.get(rateLimiterContext).spend(`sso:start:${context.get(clientIpContext)}`, START_LIMIT);
  if (wait > 0)
    return refusedPage(429, university.name, {
      title: "Too many logins started",
      message: `Wait ${Math.ceil(wait / 60)} minutes and try again.`,
    });
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
  await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, now));
  await db.insert(ssoLogins).values({
    keyHash: sha256(state),
    universityId: university.id,
    protocol: "oidc",
    nonce,
    codeVerifier,
    expiresAt: new Date(now.getTime() + LOGIN_SECONDS * 1000),
  });
  const target = client.buildAuthorizationUrl(idp, {
    redirect_uri: ourSide(config, university.slug).redirectUri,
    scope: "openid email profile",
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  });
  return redirect(target.href, { status: 302, headers: { "Set-Cookie": stateCookie(config, state) } });
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
  const { university, sso } = await enabledSso(db, slug);
  const discover = oidcOf(sso, config);
  const refused = (status: number, refusal: Refusal) =>
    refusedPage(status, university.name, refusal, { "Set-Cookie": stateCookie(config, null) });
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
  if (!login?.nonce || !login.codeVerifier) return refused(400, startAgain);

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

  const account = await accountForLogin(db, university, subject, mapAttributes(attributes, sso.attributeMapping), now);
  if (!account.ok) return refused(403, account.refusal);
  await recordEvent(db, {
    kind: "sso.login",
    at: now,
    userId: account.userId,
    universityId: university.id,
    data: { protocol: "oidc", made: account.made, linked: account.linked },
  });
  const sessions = context.get(sessionsContext);
  const previous = parseCookies(request.headers.get("cookie"))[SESSION_COOKIE];
  if (previous) await sessions.revoke(previous);
  sessions.forgetUser(account.userId);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(config, await sessions.create(account.userId)));
  headers.append("Set-Cookie", stateCookie(config, null));
  return redirect("/login-success", { status: 302, headers });
}
