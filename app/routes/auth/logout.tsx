import { redirect } from "react-router";
import { sessionCookie } from "~/features/auth/login.server";
import { SESSION_COOKIE } from "~/features/auth/session.server";
import { parseCookies } from "~/lib/cookies";
import { configContext } from "~/lib/context";
import { sessionsContext } from "~/features/auth/context";
import { flashCookie } from "~/lib/flash.server";
import type { Route } from "./+types/logout";

// Logging out changes state, so only a POST does it; a GET just goes home.
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const config = context.get(configContext);
  const sessions = context.get(sessionsContext);
  const token = parseCookies(request.headers.get("cookie"))[SESSION_COOKIE];
  if (token) await sessions.revoke(token);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(config, null));
  headers.append("Set-Cookie", flashCookie(config, "You have logged out."));
  return redirect("/", { status: 303, headers });
}
