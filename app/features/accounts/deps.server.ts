import type { RouterContextProvider } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import { siteOrigin } from "~/features/access/index.server";
import { sessionsContext } from "~/features/auth";
import { outboxContext } from "~/features/email";
import { clockContext } from "~/lib/context";

/**
 * What the account flows of a request work with: the database, the email outbox, sessions, the rate
 * limits, the time of the request and the site's origin for the links in their emails.
 */
export function accountDeps(request: Request, context: Readonly<RouterContextProvider>) {
  return {
    db: context.get(dbContext),
    outbox: context.get(outboxContext),
    sessions: context.get(sessionsContext),
    limiter: context.get(rateLimiterContext),
    now: context.get(clockContext)(),
    origin: siteOrigin(context),
  };
}
