import { type RouterContextProvider, redirect } from "react-router";
import type { SessionUser } from "~/features/auth/session-user";
import { ROLE_HOME, type Role } from "~/lib/roles";
import { accessContext } from "./context";
import { LOGIN_PATH, PRE_AUTH_PATH } from "./guard";

/**
 * The logged-in user of a loader or action, checked again where the route's guard already let
 * them through, because what follows reads or writes their own data: a visitor goes to log in,
 * an account its university has not approved to /pre-auth-student (unless `inactiveToo`: its
 * status and its own data), another role to its own home page.
 */
export function requireUser(context: Readonly<RouterContextProvider>, role?: Role, { inactiveToo = false } = {}): SessionUser {
  const { user } = context.get(accessContext);
  if (!user) throw redirect(LOGIN_PATH, 303);
  if (user.accessStatus !== "active" && !inactiveToo) throw redirect(PRE_AUTH_PATH, 303);
  if (role && user.role !== role) throw redirect(ROLE_HOME[user.role], 303);
  return user;
}
