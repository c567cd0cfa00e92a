import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import { siteOrigin } from "~/features/access/index.server";
import { outboxContext } from "~/features/email";
import { clientIpContext, clockContext } from "~/lib/context";
import type { Limit } from "~/lib/rate-limit";
import { formOf, tooManyRequests } from "~/lib/request-body.server";
import { workshopLinksContext } from "./context";
import {
  REGISTRATION_PATH,
  cancelRegistration,
  signedRegistration,
  waitingPosition,
  whenLabel,
} from "./workshops.server";

// A place at a workshop (or on its waiting list), reached through the signed link of its emails:
// open to anyone holding the link, students included, whom the workshops page itself turns away.

type Context = Readonly<RouterContextProvider>;

const CANCEL_LIMIT: Limit = { max: 10, windowSeconds: 60 * 60 };

/** The registration the signed link names, with its workshop; 404 when the link is not genuine. */
async function linked(url: URL, context: Context) {
  const found = await signedRegistration(
    context.get(dbContext),
    context.get(workshopLinksContext),
    Number(url.searchParams.get("registration")),
    url.searchParams.get("sig"),
  );
  if (!found) throw data(null, { status: 404 });
  return found;
}

/** The place the link shows: when and where, registered or waiting (and where in the queue), and whether it can be given up. */
export async function loadRegistrationPage(url: URL, context: Context) {
  const { registration: r, workshop: w } = await linked(url, context);
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
    position: r.status === "waiting" ? await waitingPosition(context.get(dbContext), r) : 0,
    open: r.status !== "cancelled" && w.endsAt > now,
    done: url.searchParams.get("done"),
  };
}

export type RegistrationPageData = Awaited<ReturnType<typeof loadRegistrationPage>>;

/** Giving up the place (or leaving the waiting list), then the same page saying so. */
export async function registrationPageAction(request: Request, url: URL, context: Context) {
  const found = await linked(url, context);
  await formOf(request);
  const wait = await context
    .get(rateLimiterContext)
    .spend(`workshop-cancel:ip:${context.get(clientIpContext)}`, CANCEL_LIMIT);
  if (wait > 0) return tooManyRequests({}, wait, "changes");
  await cancelRegistration(
    {
      db: context.get(dbContext),
      outbox: context.get(outboxContext),
      links: context.get(workshopLinksContext),
      origin: siteOrigin(context),
      now: context.get(clockContext)(),
    },
    found.registration.id,
  );
  return redirect(
    `${REGISTRATION_PATH}?registration=${found.registration.id}&sig=${encodeURIComponent(url.searchParams.get("sig")!)}&done=cancelled`,
    { status: 303 },
  );
}
