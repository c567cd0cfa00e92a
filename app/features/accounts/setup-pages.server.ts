import { eq } from "drizzle-orm";
import { type RouterContextProvider, data, redirect } from "react-router";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { users } from "~/db/schema";
import { PRE_AUTH_PATH } from "~/features/access";
import { sessionsContext } from "~/features/auth";
import { sessionCookie } from "~/features/auth/index.server";
import { clockContext, configContext } from "~/lib/context";
import { FullNameField } from "~/lib/name-field";
import { formOf, keptValues } from "~/lib/request-body.server";
import { ROLE_HOME } from "~/lib/roles";
import { validate } from "~/lib/validation";
import { accountDeps } from "./deps.server";
import { type InvitationProblem, acceptInvitation, checkInvitation, invitationProblem } from "./invitations.server";
import { newPasswordSchema } from "./password-rule.server";
import { PROFILE_STEP_FIELDS, type ProfileStepField, profileStepSchema } from "./profile-schema";
import { completeProfile, countryChoices, setUpAccount, updateProfilePath } from "./registration.server";
import { checkToken, tokenProblem } from "~/db/tokens.server";

/**
 * The pages an emailed link opens to finish an account: choosing the password once the address is
 * confirmed, a student's profile step after it, and accepting a university's invitation. Each
 * address carries its token; a link that does not work answers 404 (unknown) or 410 (used, expired).
 */

type Context = Readonly<RouterContextProvider>;
type PasswordField = "password" | "confirm_password";

/** The address in the path is only shown to the person; the token alone says whose account this is. */
async function accountOfLink(db: Db, token: string, now: Date) {
  const check = await checkToken(db, token, "verify_email", now);
  if (!check.ok) return check;
  const [user] = await db
    .select({ email: users.email, role: users.role, accessStatus: users.accessStatus })
    .from(users)
    .where(eq(users.id, check.userId));
  // Only a student who may use the platform now fills in the profile step.
  const steps = user!.role === "student" && user!.accessStatus === "active" ? 2 : 1;
  return { ok: true as const, email: user!.email, steps };
}

export async function loadSetUpAccount(url: URL, context: Context) {
  const link = await accountOfLink(
    context.get(dbContext),
    url.searchParams.get("token") ?? "",
    context.get(clockContext)(),
  );
  if (link.ok) return { email: link.email, steps: link.steps, problem: null };
  return data(
    { email: null, steps: 0, problem: tokenProblem(link.reason, "confirmation") },
    { status: link.reason === "unknown" ? 404 : 410 },
  );
}

export async function chooseFirstPassword(request: Request, url: URL, context: Context) {
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const token = url.searchParams.get("token") ?? "";
  const form = await formOf(request);
  const link = await accountOfLink(db, token, now);
  if (!link.ok) return data({ fieldErrors: {}, formError: tokenProblem(link.reason, "confirmation") }, { status: 410 });
  const parsed = validate<ReturnType<typeof newPasswordSchema>, PasswordField>(
    newPasswordSchema(link.email),
    Object.fromEntries(form),
  );
  if (!parsed.success) return data({ fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  const outcome = await setUpAccount(accountDeps(request, context), token, parsed.data.password);
  if (!outcome.ok)
    return data({ fieldErrors: {}, formError: tokenProblem(outcome.reason, "confirmation") }, { status: 410 });
  // Only an approved student has a profile step left: a pre-departure student gave their offer when
  // registering, an account awaiting approval (alumni, staff) what its approvers need.
  if (outcome.role !== "student" || outcome.accessStatus !== "active") {
    const session = await context.get(sessionsContext).create(outcome.userId);
    const to = outcome.accessStatus === "active" ? ROLE_HOME[outcome.role] : PRE_AUTH_PATH;
    return redirect(to, { status: 303, headers: { "Set-Cookie": sessionCookie(context.get(configContext), session) } });
  }
  return redirect(updateProfilePath(outcome.email, outcome.profileToken), { status: 303 });
}

export async function loadProfileStep(url: URL, context: Context) {
  const db = context.get(dbContext);
  const check = await checkToken(
    db,
    url.searchParams.get("token") ?? "",
    "complete_profile",
    context.get(clockContext)(),
  );
  if (!check.ok)
    return data(
      { problem: tokenProblem(check.reason, "registration"), countries: [] },
      { status: check.reason === "unknown" ? 404 : 410 },
    );
  return { problem: null, countries: await countryChoices(db) };
}

export async function completeProfileStep(request: Request, url: URL, context: Context) {
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const token = url.searchParams.get("token") ?? "";
  const form = await formOf(request);
  const values = keptValues(form, PROFILE_STEP_FIELDS);
  const countries = await countryChoices(db);
  const parsed = validate<ReturnType<typeof profileStepSchema>, ProfileStepField>(
    profileStepSchema(new Set(countries.map((c) => c.id)), now),
    Object.fromEntries(form),
  );
  if (!parsed.success) return data({ values, fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  const outcome = await completeProfile(db, token, parsed.data, now);
  if (!outcome.ok)
    return data({ values, fieldErrors: {}, formError: tokenProblem(outcome.reason, "registration") }, { status: 410 });
  const session = await context.get(sessionsContext).create(outcome.userId);
  return redirect(ROLE_HOME.student, {
    status: 303,
    headers: { "Set-Cookie": sessionCookie(context.get(configContext), session) },
  });
}

type InvitationField = "name" | PasswordField;

const userIdOf = (param: string) => (/^\d{1,9}$/.test(param) ? Number(param) : -1);

function acceptSchema(email: string) {
  return z.object({ name: FullNameField }).and(newPasswordSchema(email));
}

const statusOf = (reason: InvitationProblem) => (reason === "unknown" ? 404 : reason === "taken" ? 409 : 410);

export async function loadInvitation(userParam: string, url: URL, context: Context) {
  const link = await checkInvitation(
    context.get(dbContext),
    userIdOf(userParam),
    url.searchParams.get("token") ?? "",
    context.get(clockContext)(),
  );
  if (link.ok) return { email: link.email, problem: null };
  return data({ email: null, problem: invitationProblem(link.reason) }, { status: statusOf(link.reason) });
}

export async function acceptInvitationForm(request: Request, userParam: string, url: URL, context: Context) {
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const userId = userIdOf(userParam);
  const token = url.searchParams.get("token") ?? "";
  const form = await formOf(request);
  const name = String(form.get("name") ?? "").slice(0, 100);
  const link = await checkInvitation(db, userId, token, now);
  if (!link.ok)
    return data(
      { name, fieldErrors: {}, formError: invitationProblem(link.reason) },
      { status: statusOf(link.reason) },
    );
  const parsed = validate<ReturnType<typeof acceptSchema>, InvitationField>(
    acceptSchema(link.email),
    Object.fromEntries(form),
  );
  if (!parsed.success) return data({ name, fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  const outcome = await acceptInvitation(
    db,
    userId,
    token,
    { name: parsed.data.name, password: parsed.data.password },
    now,
  );
  if (!outcome.ok)
    return data(
      { name, fieldErrors: {}, formError: invitationProblem(outcome.reason) },
      { status: statusOf(outcome.reason) },
    );
  return redirect(updateProfilePath(outcome.email, outcome.profileToken), { status: 303 });
}
