import { Form } from "react-router";
import { CONTACT_LIMIT, contactRateKey, recordEnquiry } from "~/features/contact/queries.server";
import { type ContactErrorField, type ContactFieldErrors, ContactSchema } from "~/features/contact/schema";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, Honeypot, PrivacyNote, SenderFields, SubmitButton, TextField } from "~/components/form";
import { PhoneInput } from "~/features/phone/components/phone-input";
import { preferredPhoneCountries } from "~/features/phone/preferred-countries";
import { clientIpContext, configContext } from "~/lib/context";
import { accessContext } from "~/features/access/context";
import { outboxContext } from "~/features/email/context";
import { dbContext, rateLimiterContext } from "~/db/context";
import { pageTitle } from "~/lib/meta";
import { receivePublicForm } from "~/lib/public-form.server";
import { errorList } from "~/lib/validation";
import type { Route } from "./+types/contact-us";

const SENT = "/contact-us?sent=1";

const KEPT = ["name", "email", "phone_text", "phone_country", "subject", "message"] as const;
type Values = Record<(typeof KEPT)[number], string>;

/** The fields in the order the form shows them, for the error summary. */
const FIELD_ORDER: readonly ContactErrorField[] = ["name", "email", "phone", "subject", "message"];

export function loader({ url, context }: Route.LoaderArgs) {
  const { microsite, user } = context.get(accessContext);
  return {
    universityName: microsite?.name ?? null,
    sent: url.searchParams.get("sent") === "1",
    prefill: user ? { name: user.name, email: user.email } : null,
    preferredCountries: preferredPhoneCountries(context.get(configContext).SYSTEM_COUNTRY_ID),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
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

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.sent ? "Message sent" : "Contact us") }];
}

export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const { universityName, sent, prefill, preferredCountries } = loaderData;
  const errors: ContactFieldErrors = actionData?.fieldErrors ?? {};
  const values: Partial<Values> = actionData?.values ?? {};
  const formError = actionData?.formError ?? null;
  const summary = errorList(errors, FIELD_ORDER);
  // After a refused post the country chosen stays; on a first visit the IP look-up picks one.
  const phoneCountry = /^[A-Za-z]{2}$/.test(values.phone_country ?? "")
    ? values.phone_country!.toUpperCase()
    : undefined;

  if (sent) {
    return (
      <Confirmation title="Message sent" next={{ to: "/contact-us", text: "Send another message" }}>
        Thank you, we have your message. We reply within two working days to the email address you gave us.
      </Confirmation>
    );
  }

  return (
    <div className="mx-auto max-w-xl">
      <h1 className="text-3xl font-bold">Contact us</h1>
      <p className="mt-2 text-muted">
        {universityName
          ? `Questions about the ${universityName} careers platform? Send us a message and we reply within two working days.`
          : "Questions about jobs, your account or working with us? Send us a message and we reply within two working days."}
      </p>
      <ErrorSummary formError={formError} fields={summary} answer={actionData} />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <SenderFields
          nameLabel="Name"
          emailLabel="Email"
          emailHint="We only use it to reply to you."
          values={values}
          errors={errors}
          prefill={prefill}
        />
        <PhoneInput
          id="phone"
          name="phone"
          label="Phone number"
          hint="Optional. We call only if a reply by email will not do."
          defaultValue={values.phone_text ?? ""}
          defaultCountry={phoneCountry}
          preferredCountries={preferredCountries}
          error={errors.phone}
        />
        <TextField
          name="subject"
          label="Subject"
          type="text"
          required
          defaultValue={values.subject ?? ""}
          error={errors.subject}
        />
        <TextField
          name="message"
          label="Message"
          hint="At least 10 characters. Tell us what you need and anything that helps us answer, such as your university."
          multiline
          rows={8}
          required
          defaultValue={values.message ?? ""}
          error={errors.message}
        />
        <Honeypot />
        <PrivacyNote use="to answer your message" />
        <SubmitButton>Send message</SubmitButton>
      </Form>
    </div>
  );
}
