import { eq, sql } from "drizzle-orm";
import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext } from "~/db/context";
import { preparedQuery } from "~/db/prepared.server";
import { type University, universities } from "~/db/schema";
import type { SessionUser } from "~/features/auth";
import type { Role } from "~/lib/roles";
import { accessContext } from "./context";
import { type Decision, LOGIN_PATH, PRE_AUTH_PATH, forRole, forStaff } from "./guard";

type Context = Readonly<RouterContextProvider>;

/**
 * What a loader or action answers someone the guard's rule turns away: the guard's own redirect
 * (to log in, to /pre-auth-student, to their own home page), as 303 so that a form's post lands
 * on a page. Nothing has been read or changed by then.
 */
function turnAway(decision: Decision): never {
  if (decision.kind === "not-found") throw data(null, { status: 404 });
  throw redirect(decision.kind === "redirect" ? decision.to : "/", 303);
}

/**
 * The logged-in user of a loader or action, checked again where the route's guard already let
 * them through, because what follows reads or writes their own data: a visitor goes to log in,
 * an account its university has not approved, refused or ended to /pre-auth-student (unless
 * `inactiveToo`: its status and its own data).
 */
export function requireUser(context: Context, { inactiveToo = false } = {}): SessionUser {
  const { user, state } = context.get(accessContext);
  if (!user) throw redirect(LOGIN_PATH, 303);
  if (!state.accountActive && !inactiveToo) throw redirect(PRE_AUTH_PATH, 303);
  return user;
}

/** The account of a loader or action that acts for one role, held to the guard's rule for that role (`forRole`). */
function requireRole(context: Context, role: Role): SessionUser {
  const { user, state } = context.get(accessContext);
  const decision = forRole(role, state);
  if (decision.kind !== "open" || !user) turnAway(decision);
  return user;
}

/** A student's own loader or action: an active student account, else the student dashboard's guard answer. */
export const requireStudent = (context: Context) => requireRole(context, "student");

/** A pre-departure student's own loader or action: an active pre-departure account, else the guard's answer. */
export const requirePredepartureStudent = (context: Context) => requireRole(context, "predeparture_student");

/** An employer's own loader or action: an active employer account (its organisation may still await verification). */
export const requireEmployer = (context: Context) => requireRole(context, "employer");

/** Every operations console loader and action starts here: an active platform staff member on the main site, else 404. */
export function requireStaff(context: Context): SessionUser {
  const { user, state } = context.get(accessContext);
  const decision = forStaff(state);
  if (decision.kind !== "open" || !user) turnAway(decision);
  return user;
}

export type UniversityAdmin = { admin: SessionUser; university: University };

/**
 * The university the signed-in account belongs to (its admin's, its student's, its member's), never
 * one a form or path names: every look-up of a person's own university is this one read.
 */
export async function ownUniversity(context: Context): Promise<University | undefined> {
  const { user } = context.get(accessContext);
  if (!user || user.universityId === null) return undefined;
  const [university] = await universityQuery(context.get(dbContext)).execute({ id: user.universityId });
  return university;
}

const universityQuery = preparedQuery((db) =>
  db
    .select()
    .from(universities)
    .where(eq(universities.id, sql.placeholder("id")))
    .prepare("university_by_id"),
);

/**
 * Every university admin's loader and action starts here: the admin asking and their own
 * university (the one their account belongs to, never one a form or path names). Held to the
 * university pages' guard rule, so an account awaiting approval, refused or past its end is no
 * admin, whichever page offers the power: anyone else gets that guard's redirect. An admin account
 * without a university has nothing to manage (404).
 */
export async function requireUniversityAdmin(context: Context): Promise<UniversityAdmin> {
  const admin = requireRole(context, "university_admin");
  const university = await ownUniversity(context);
  if (!university) throw data(null, { status: 404 });
  return { admin, university };
}

/**
 * The same, for a page open to others that offers an admin more (the workshops page: who is
 * coming): the admin and their university, or null for anyone else.
 */
export async function universityAdminOf(context: Context): Promise<UniversityAdmin | null> {
  const { user, state } = context.get(accessContext);
  if (!user || forRole("university_admin", state).kind !== "open") return null;
  const university = await ownUniversity(context);
  return university ? { admin: user, university } : null;
}
