import type { RouterContextProvider } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import { accessContext } from "~/features/access";
import { outboxContext } from "~/features/email";
import { preferredPhoneCountries } from "~/features/phone";
import { clientIpContext, configContext } from "~/lib/context";
import { receivePublicForm } from "~/lib/public-form.server";
import type { FormState } from "~/lib/request-body.server";
import { CONTACT_LIMIT, contactRateKey, recordEnquiry } from "./queries.server";
import { ContactSchema } from "./schema";

type Context = Readonly<RouterContextProvider>;

const SENT = "/contact-us?sent=1";

const KEPT = ["name", "email", "phone_text", "phone_country", "subject", "message"] as const;
/** What the action answers when it shows the form again: what was typed, and each field's error. */
export type ContactForm = FormState<Partial<Record<(typeof KEPT)[number], string>>>;

/** /contact-us: the form (its phone field's countries, the sender's name and address if logged in), or its confirmation. */
export function loadContactPage(url: URL, context: Context) {
  const { microsite, user } = context.get(accessContext);
  return {
    universityName: microsite?.name ?? null,
    sent: url.searchParams.get("sent") === "1",
    prefill: user ? { name: user.name, email: user.email } : null,
    preferredCountries: preferredPhoneCountries(context.get(configContext).SYSTEM_COUNTRY_ID),
  };
}

export type ContactPageData = ReturnType<typeof loadContactPage>;

/** A message: stored as an enquiry (from the microsite and the person logged in, if any) and the team emailed. */
export function contactPageAction(request: Request, context: Context) {
  const db = context.get(dbContext);
  const { microsite, user } = context.get(accessContext);
  return receivePublicForm({
    request,
    limiter: context.get(rateLimiterContext),
    key: contactRateKey(context.get(clientIpContext)),
    limit: CONTACT_LIMIT,
    what: "messages",
    kept: KEPT,
    schema: ContactSchema,
    store: (data) =>
      recordEnquiry(
        { db, outbox: context.get(outboxContext), teamEmail: context.get(configContext).TEAM_EMAIL },
        { kind: "contact", ...data },
        { universityId: microsite?.id ?? null, userId: user?.id ?? null, universityName: microsite?.name ?? null },
      ),
    sent: SENT,
  });
}
