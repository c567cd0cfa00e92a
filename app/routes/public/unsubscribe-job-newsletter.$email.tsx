import { Form, Link, data } from "react-router";
import { dbContext } from "~/db/context";
import { pauseAlertsOf } from "~/features/jobs/alerts.server";
import { newsletterLinksContext } from "~/features/jobs/context";
import { clockContext } from "~/lib/context";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/unsubscribe-job-newsletter.$email";

const BROKEN =
  "This unsubscribe link is incomplete or has been changed, so it has unsubscribed nobody. Use the link in your latest job alert email, or log in and manage your alerts in My saved jobs.";

/** The link's address, if its signature is the one our emails carry for it. */
function signedEmail(request: Request, email: string | undefined, context: Route.LoaderArgs["context"]): string | null {
  const sig = new URL(request.url).searchParams.get("sig");
  if (!email || email.length > 320) return null;
  return context.get(newsletterLinksContext).verify(email, sig) ? email : null;
}

/** A GET only asks (mail scanners open links); the button, or the mail provider's one-click POST (RFC 8058), unsubscribes. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const email = signedEmail(request, params.email, context);
  return data({ email, done: false, error: email ? null : BROKEN }, { status: email ? 200 : 400 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const email = signedEmail(request, params.email, context);
  if (!email) return data({ email: null, done: false, error: BROKEN }, { status: 400 });
  await pauseAlertsOf(context.get(dbContext), email, context.get(clockContext)());
  return { email, done: true, error: null };
}

export function meta() {
  return [{ title: pageTitle("Unsubscribe from job alerts") }, { name: "robots", content: "noindex" }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function UnsubscribeJobNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { email, done, error } = actionData ?? loaderData;
  return (
    <article className="max-w-2xl">
      <h1 className="text-3xl font-bold">Unsubscribe from job alerts</h1>
      {error ? (
        <p role="alert" className="mt-4 rounded border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {error}
        </p>
      ) : done ? (
        <div role="status" className="mt-4">
          <p>{`${email} will get no more job alert emails.`}</p>
          <p className="mt-2">
            Your saved searches are kept, paused. To start them again, log in and choose how often in{" "}
            <Link to="/my-saved-jobs" className="text-brand underline">
              My saved jobs
            </Link>
            .
          </p>
        </div>
      ) : (
        <>
          <p className="mt-4">{`Stop every job alert email to ${email}? Your saved searches stay, paused, so you can start them again later.`}</p>
          <Form method="post" className="mt-6">
            <button type="submit" className="rounded bg-brand px-5 py-2.5 font-semibold text-white">
              Unsubscribe
            </button>
          </Form>
        </>
      )}
    </article>
  );
}
