import { Link, redirect } from "react-router";
import { PREV_URL_COOKIE, isDestination, prevUrlCookie } from "~/features/access/guard.server";
import { ROLE_HOME } from "~/lib/roles";
import { parseCookies } from "~/lib/cookies";
import { configContext } from "~/lib/context";
import { accessContext } from "~/features/access/context";
import { pageTitle } from "~/lib/meta";
import { NOT_A_DESTINATION } from "~/route-table";
import { safeLocalPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/login-success";

/** Where a freshly logged-in user lands: the page they were turned away from, else their home page. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { user } = context.get(accessContext);
  if (!user) return null;
  const config = context.get(configContext);
  const wanted = safeLocalPath(parseCookies(request.headers.get("cookie"))[PREV_URL_COOKIE]);
  const target = wanted && isDestination(wanted, NOT_A_DESTINATION) ? wanted : ROLE_HOME[user.role];
  return redirect(target, { status: 302, headers: { "Set-Cookie": prevUrlCookie(config, null) } });
}

export const meta = () => [{ title: pageTitle("Log in") }];

export default function LoginSuccess() {
  return (
    <section className="max-w-xl">
      <h1 className="text-3xl font-bold">You are not logged in</h1>
      <p className="mt-4">
        Your session may have ended.{" "}
        <Link className="text-blue-700 underline" to="/login">
          Log in again
        </Link>{" "}
        to carry on.
      </p>
    </section>
  );
}
