import { Form, Link, data, redirect } from "react-router";
import { ErrorSummary, TextField } from "~/components/form";
import { dbContext, rateLimiterContext } from "~/db/context";
import { PRE_AUTH_PATH } from "~/features/access/guard";
import { requireUser } from "~/features/access/require-user.server";
import { PROFILE_PAGE } from "~/features/accounts/profile-pages";
import { tooManyTries } from "~/features/accounts/passwords.server";
import { deleteAccount } from "~/features/accounts/your-data.server";
import { sessionsContext } from "~/features/auth/context";
import { sessionCookie } from "~/features/auth/login.server";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { pageTitle } from "~/lib/meta";
import { formOf } from "~/lib/request-body.server";
import type { Route } from "./+types/account.delete";

export function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context, { inactiveToo: true });
  return { profilePath: user.accessStatus === "active" ? PROFILE_PAGE[user.role] : PRE_AUTH_PATH };
}

export async function action({ request, context }: Route.ActionArgs) {
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
    },
    user.id,
    password.slice(0, 1024),
  );
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

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Delete your account") }, { name: "robots", content: "noindex" }];
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const errors: { password?: string } = actionData?.fieldErrors ?? {};
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="text-3xl font-bold">Delete your account</h1>
      <p className="mt-3">Deleting your account removes, at once and for good:</p>
      <ul className="mt-2 list-disc pl-6">
        <li>your account, profile and sessions: you are logged out everywhere;</li>
        <li>your saved results and lists, your requests and invitations, and the emails we hold for you.</li>
      </ul>
      <p className="mt-3">
        Messages and stories you sent us stay, without your name, address or phone where they were only for replying.
        Your university keeps a count of accounts that no longer exist, with nothing that names you.
      </p>
      <p className="mt-3">
        <a href="/account/your-data.json" className="text-brand underline" download>
          Download your data first
        </a>{" "}
        (a JSON file) if you want to keep a copy.
      </p>
      <ErrorSummary
        formError={actionData?.formError}
        fields={errors.password ? [{ field: "password", message: errors.password }] : []}
        answer={actionData}
      />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField
          name="password"
          label="Password"
          hint="Your password confirms it is you."
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <button
          type="submit"
          className="w-full rounded bg-red-800 px-4 py-2.5 font-semibold text-white hover:bg-red-900"
        >
          Delete my account
        </button>
      </Form>
      <p className="mt-6">
        <Link to={loaderData.profilePath} className="text-brand underline">
          Keep my account
        </Link>
      </p>
    </div>
  );
}
