import QRCode from "qrcode";
import { type RouterContextProvider, data, redirect } from "react-router";
import { z } from "zod";
import { dbContext, rateLimiterContext } from "~/db/context";
import { sessionsContext } from "~/features/auth";
import { SESSION_COOKIE, sessionCookie } from "~/features/auth/index.server";
import { clockContext, configContext } from "~/lib/context";
import { parseCookies, serializeCookie } from "~/lib/cookies";
import { type Config, secureCookies } from "~/lib/env.server";
import { flashCookie } from "~/lib/flash.server";
import { SITE_NAME } from "~/lib/meta";
import type { Limit } from "~/lib/rate-limit";
import { formOf } from "~/lib/request-body.server";
import { secretsKey } from "~/lib/secret-box.server";
import { otpauthUri } from "~/lib/totp.server";
import { type FieldErrors, validate } from "~/lib/validation";
import { beginSecondFactor, challengeOf, completeSecondFactor } from "./authenticator.server";

type Context = Readonly<RouterContextProvider>;

export const SECOND_FACTOR_PATH = "/login/second-factor";
const CHALLENGE_COOKIE = "second_factor";
/** Codes tried per staff member in each window: a six-digit code cannot be guessed in five tries. */
export const SECOND_FACTOR_LIMIT: Limit = { max: 5, windowSeconds: 15 * 60 };
/** One count of codes tried per staff member, at login and for sensitive actions alike. */
export const secondFactorLimitKey = (userId: number) => `second-factor:${userId}`;
const EXPIRED = "Your login waited too long for its authentication code. Log in again.";

const challengeCookie = (config: Config, token: string | null) =>
  serializeCookie(CHALLENGE_COOKIE, token ?? "", {
    expires: token ? "10min" : 0,
    httpOnly: true,
    secure: secureCookies(config),
    sameSite: "Lax",
  });

/** The login form's answer to a platform staff member's right password: on to the second factor, with no session yet. */
export async function startSecondFactor(context: Context, userId: number) {
  const config = context.get(configContext);
  const token = await beginSecondFactor(
    context.get(dbContext),
    secretsKey(config),
    userId,
    context.get(clockContext)(),
  );
  return redirect(SECOND_FACTOR_PATH, { status: 303, headers: { "Set-Cookie": challengeCookie(config, token) } });
}

const backToLogin = (config: Config) => redirect("/login", { headers: { "Set-Cookie": flashCookie(config, EXPIRED) } });

async function challengeOfRequest(request: Request, context: Context) {
  const token = parseCookies(request.headers.get("cookie"))[CHALLENGE_COOKIE];
  const config = context.get(configContext);
  const challenge = token
    ? await challengeOf(context.get(dbContext), secretsKey(config), token, context.get(clockContext)())
    : null;
  return { token, challenge, config };
}

/** Groups of four, as the secret is easiest to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)!.join(" ");

/**
 * /login/second-factor: the "Authentication code" field, and at the first login the enrolment: a QR
 * code (SVG) of the authenticator address and the secret in text. Without a login waiting for it,
 * back to the login page.
 */
export async function loadSecondFactor(request: Request, context: Context) {
  const { challenge } = await challengeOfRequest(request, context);
  // No redirect here: this loader also runs after the post that used the waiting login up, under
  // the recovery codes it shows.
  if (!challenge) return data({ waiting: false, enrolment: null }, { headers: NOT_KEPT });
  if (!challenge.enrolling) return data({ waiting: true, enrolment: null }, { headers: NOT_KEPT });
  const uri = otpauthUri(SITE_NAME, challenge.email, challenge.enrolling);
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return data({ waiting: true, enrolment: { qrSvg, secret: grouped(challenge.enrolling) } }, { headers: NOT_KEPT });
}

/** The page may show an authenticator secret, and belongs to one login: no cache keeps it. */
const NOT_KEPT = { "Cache-Control": "private, no-store" };

export type SecondFactorData = Awaited<ReturnType<typeof loadSecondFactor>>;

const CodeSchema = z.object({
  code: z
    .string({ error: "Enter the authentication code from your app" })
    .trim()
    .min(1, "Enter the authentication code from your app")
    .max(64, "Enter the six-digit code from your app, or a recovery code"),
});

const WRONG_CODE = "That code is not right, or has been used already. Enter the code your app shows now.";

/**
 * The code's post: a code of the authenticator (the first enrols it), or a recovery code, opens a
 * staff session (8 hours, 30 minutes idle). At enrolment the answer shows the ten recovery codes,
 * once; it is never a page a GET can show again.
 */
export async function finishSecondFactor(request: Request, context: Context) {
  const form = await formOf(request);
  const { token, challenge, config } = await challengeOfRequest(request, context);
  if (!token || !challenge) return backToLogin(config);
  const parsed = validate<typeof CodeSchema, "code">(CodeSchema, { code: form.get("code") });
  if (!parsed.success)
    return data({ fieldErrors: parsed.fieldErrors, formError: null, recoveryCodes: null }, { status: 400 });

  const limiter = context.get(rateLimiterContext);
  const limitKey = secondFactorLimitKey(challenge.userId);
  const wait = await limiter.spend(limitKey, SECOND_FACTOR_LIMIT);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    return data(
      {
        fieldErrors: {} as FieldErrors<"code">,
        formError: `Too many codes tried. For your security, wait ${minutes} minute${minutes === 1 ? "" : "s"} and log in again.`,
        recoveryCodes: null,
      },
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  }
  const db = context.get(dbContext);
  const outcome = await completeSecondFactor(
    db,
    secretsKey(config),
    token,
    parsed.data.code,
    context.get(clockContext)(),
  );
  if (!outcome.ok) {
    if (outcome.reason === "challenge") return backToLogin(config);
    return data({ fieldErrors: { code: WRONG_CODE }, formError: null, recoveryCodes: null }, { status: 401 });
  }
  await limiter.reset(limitKey);
  const sessions = context.get(sessionsContext);
  // A session that came with the request is ended: every login gets a new one.
  const previous = parseCookies(request.headers.get("cookie"))[SESSION_COOKIE];
  if (previous) await sessions.revoke(previous);
  const session = await sessions.create(outcome.userId, { staff: true });
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(config, session, { staff: true }));
  headers.append("Set-Cookie", challengeCookie(config, null));
  if (outcome.recoveryCodes) {
    return data(
      { fieldErrors: {} as FieldErrors<"code">, formError: null, recoveryCodes: outcome.recoveryCodes },
      { headers },
    );
  }
  return redirect("/ops", { status: 303, headers });
}
