import { Form, Link, data, redirect } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import { siteOrigin } from "~/features/access/site-url.server";
import { outboxContext } from "~/features/email/context";
import { workshopLinksContext } from "~/features/workshops/context";
import {
  REGISTRATION_PATH,
  cancelRegistration,
  signedRegistration,
  waitingPosition,
  whenLabel,
} from "~/features/workshops/workshops.server";
import { clientIpContext, clockContext } from "~/lib/context";
import { pageTitle } from "~/lib/meta";
import type { Limit } from "~/lib/rate-limit";
import { formOf, tooManyRequests } from "~/lib/request-body.server";
import type { Route } from "./+types/workshop-and-webinars.registration";

// A place at a workshop (or on its waiting list), reached through the signed link of its emails:
// open to anyone holding the link, students included, whom the workshops page itself turns away.

const CANCEL_LIMIT: Limit = { max: 10, windowSeconds: 60 * 60 };

export async function loader({ url, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const found = await signedRegistration(
    db,
    context.get(workshopLinksContext),
    Number(url.searchParams.get("registration")),
    url.searchParams.get("sig"),
  );
  if (!found) throw data(null, { status: 404 });
  const { registration: r, workshop: w } = found;
  const now = context.get(clockContext)();
  return {
    title: w.title,
    summary: w.summary,
    when: whenLabel(w, w.timeZone),
    where:
      w.format === "online"
        ? r.status === "registered" && w.joinUrl
          ? `Online: ${w.joinUrl}`
          : "Online"
        : (w.venue ?? ""),
    status: r.status,
    position: r.status === "waiting" ? await waitingPosition(db, r) : 0,
    open: r.status !== "cancelled" && w.endsAt > now,
    done: url.searchParams.get("done"),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const links = context.get(workshopLinksContext);
  const found = await signedRegistration(
    db,
    links,
    Number(url.searchParams.get("registration")),
    url.searchParams.get("sig"),
  );
  if (!found) throw data(null, { status: 404 });
  await formOf(request);
  const wait = await context
    .get(rateLimiterContext)
    .spend(`workshop-cancel:ip:${context.get(clientIpContext)}`, CANCEL_LIMIT);
  if (wait > 0) return tooManyRequests({}, wait, "changes");
  await cancelRegistration(
    { db, outbox: context.get(outboxContext), links, origin: siteOrigin(context), now: context.get(clockContext)() },
    found.registration.id,
  );
  return redirect(
    `${REGISTRATION_PATH}?registration=${found.registration.id}&sig=${encodeURIComponent(url.searchParams.get("sig")!)}&done=cancelled`,
    { status: 303 },
  );
}

export function meta() {
  return [{ title: pageTitle("Your workshop place") }, { name: "robots", content: "noindex" }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

const DONE: Record<string, string> = {
  registered: "You have a place. We have emailed you a calendar invitation, and we remind you the day before.",
  waiting:
    "The workshop is full, so you are on its waiting list. If a place opens, it is yours and we email you at once.",
  already: "You had already registered for this workshop.",
  cancelled: "You have given up your place.",
};

export default function WorkshopRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <div className="max-w-3xl">
      {d.done && DONE[d.done] ? (
        <p role="status" className="rounded border-2 border-green-700 bg-green-50 p-4 font-semibold">
          {DONE[d.done]}
        </p>
      ) : null}
      {actionData?.formError ? (
        <p role="alert" className="mt-4 rounded border-2 border-red-700 bg-red-50 p-4">
          {actionData.formError}
        </p>
      ) : null}
      <h1 className="mt-6 text-3xl font-bold">{d.title}</h1>
      <p className="mt-2">{d.summary}</p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">When</dt>
        <dd>{d.when}</dd>
        <dt className="font-semibold">Where</dt>
        <dd className="break-all">{d.where}</dd>
        <dt className="font-semibold">Your place</dt>
        <dd>
          {d.status === "registered"
            ? "Registered"
            : d.status === "waiting"
              ? `Waiting list: number ${d.position}`
              : "Given up"}
        </dd>
      </dl>
      {d.open ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="give-up" />
          <button type="submit" className="rounded border-2 border-red-800 px-4 py-2 font-semibold text-red-800">
            {d.status === "registered" ? "Give up my place" : "Leave the waiting list"}
          </button>
        </Form>
      ) : null}
      <p className="mt-8">
        <Link to="/" className="text-brand underline">
          Back to the site
        </Link>
      </p>
    </div>
  );
}
