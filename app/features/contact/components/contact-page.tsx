import { Form } from "react-router";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, Honeypot, PrivacyNote, SenderFields, SubmitButton, TextField } from "~/components/form";
import { PhoneInput } from "~/features/phone";
import { errorList } from "~/lib/validation";
import type { ContactForm, ContactPageData } from "../contact-page.server";
import type { ContactErrorField, ContactFieldErrors } from "../schema";

/** The fields in the order the form shows them, for the error summary. */
const FIELD_ORDER: readonly ContactErrorField[] = ["name", "email", "phone", "subject", "message"];

/** /contact-us: the message form, or its confirmation once sent. */
export function ContactPage({ data, form }: { data: ContactPageData; form?: ContactForm }) {
  const { universityName, sent, prefill, preferredCountries } = data;
  const errors: ContactFieldErrors = form?.fieldErrors ?? {};
  const values = form?.values ?? {};
  const formError = form?.formError ?? null;
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
      <ErrorSummary formError={formError} fields={summary} answer={form} />
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
