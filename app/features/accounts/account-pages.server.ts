import { eq } from "drizzle-orm";
import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import { studentProfiles, universities, users } from "~/db/schema";
import { PRE_AUTH_PATH } from "~/features/access";
import { requireUser } from "~/features/access/index.server";
import { careersContact } from "~/features/auth";
import { sessionsContext } from "~/features/auth";
import { sessionCookie } from "~/features/auth/index.server";
import { outboxContext } from "~/features/email";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { formOf } from "~/lib/request-body.server";
import { ROLE_HOME } from "~/lib/roles";
import { askedFor } from "./approvals.server";
import { tooManyTries } from "./passwords.server";
import { PROFILE_PAGE } from "./profile-pages";
import { accountDeletionHooksContext } from "./deletion";
import { deleteAccount, exportYourData } from "./your-data.server";

/**
 * A person's own account, whatever its status: where it stands (/pre-auth-student), everything held
 * about them (/account/your-data.json) and deleting it (/account/delete).
 */

type Context = Readonly<RouterContextProvider>;

/** Where an account its university has not approved (yet) lands: what it asked for, and where that stands. */
export async function loadAccountStatus(context: Context) {
  const user = requireUser(context, { inactiveToo: true });
  const [account] = await context
    .get(dbContext)
    .select({
      email: users.email,
      role: users.role,
      status: users.accessStatus,
      jobTitle: users.jobTitle,
      decidedAt: users.accessDecidedAt,
      expiresAt: users.accessExpiresAt,
      alumniGraduationYear: studentProfiles.alumniGraduationYear,
      course: studentProfiles.course,
      university: universities,
    })
    .from(users)
    .leftJoin(universities, eq(universities.id, users.universityId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(eq(users.id, user.id));
  const { status, expiresAt } = account!;
  const ended = status === "active" && expiresAt !== null && expiresAt <= context.get(clockContext)();
  return {
    status: ended ? ("expired" as const) : status,
    expiresAt: expiresAt?.toISOString() ?? null,
    email: account!.email,
    askedFor: askedFor(account!),
    home: ROLE_HOME[account!.role],
    universityName: account!.university?.name ?? "Your university",
    contact: account!.university ? careersContact(account!.university) : { email: null, url: null },
    decidedAt: account!.decidedAt?.toISOString() ?? null,
  };
}

/** Everything held about the logged-in person, as a JSON file to keep. */
export async function yourDataFile(context: Context) {
  const user = requireUser(context, { inactiveToo: true });
  const now = context.get(clockContext)();
  const body = JSON.stringify(await exportYourData(context.get(dbContext), user.id, now), null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="your-data-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export function loadDeleteAccount(context: Context) {
  const user = requireUser(context, { inactiveToo: true });
  return { profilePath: user.accessStatus === "active" ? PROFILE_PAGE[user.role] : PRE_AUTH_PATH };
}

/** The delete form's post: the account goes once its password is right, and the person is logged out. */
export async function deleteOwnAccount(request: Request, context: Context) {
  const user = requireUser(context, { inactiveToo: true });
  const form = await formOf(request);
  const password = form.get("password");
  if (typeof password !== "string" || password === "")
    return data({ fieldErrors: { password: "Enter your password" }, formError: null }, { status: 400 });
  const outcome = await deleteAccount(
    {
      db: context.get(dbContext),
      sessions: context.get(sessionsContext),
      limiter: context.get(rateLimiterContext),
      now: context.get(clockContext)(),
      hooks: context.get(accountDeletionHooksContext),
    },
    user.id,
    password.slice(0, 1024),
  );
  // What the hooks queued (an adviser's students told) goes now.
  context.get(outboxContext).flush();
  if (!outcome.ok && "retryAfterSeconds" in outcome) {
    return data(
      { fieldErrors: {}, formError: tooManyTries(outcome.retryAfterSeconds) },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  if (!outcome.ok) return data({ fieldErrors: { password: outcome.message }, formError: null }, { status: 400 });
  const config = context.get(configContext);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(config, null));
  headers.append("Set-Cookie", flashCookie(config, "Your account and its data have been deleted."));
  return redirect("/", { status: 303, headers });
}
