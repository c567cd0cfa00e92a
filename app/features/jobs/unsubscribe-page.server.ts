import { type RouterContextProvider, data } from "react-router";
import { dbContext } from "~/db/context";
import { clockContext } from "~/lib/context";
import { pauseAlertsOf } from "./alerts.server";
import { newsletterLinksContext } from "./context";

type Context = Readonly<RouterContextProvider>;

const BROKEN =
  "This unsubscribe link is incomplete or has been changed, so it has unsubscribed nobody. Use the link in your latest job alert email, or log in and manage your alerts in My saved jobs.";

/** The link's address, if its signature is the one our emails carry for it. */
function signedEmail(url: URL, email: string | undefined, context: Context): string | null {
  const sig = url.searchParams.get("sig");
  if (!email || email.length > 320) return null;
  return context.get(newsletterLinksContext).verify(email, sig) ? email : null;
}

/** A GET only asks (mail scanners open links); the button, or the mail provider's one-click POST (RFC 8058), unsubscribes. */
export function loadUnsubscribePage(url: URL, email: string | undefined, context: Context) {
  const signed = signedEmail(url, email, context);
  return data({ email: signed, done: false, error: signed ? null : BROKEN }, { status: signed ? 200 : 400 });
}

/** Pauses every job alert of the link's address. */
export async function unsubscribeAction(url: URL, email: string | undefined, context: Context) {
  const signed = signedEmail(url, email, context);
  if (!signed) return data({ email: null, done: false, error: BROKEN }, { status: 400 });
  await pauseAlertsOf(context.get(dbContext), signed, context.get(clockContext)());
  return { email: signed, done: true, error: null };
}
