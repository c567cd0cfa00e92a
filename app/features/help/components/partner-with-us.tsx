import { Form } from "react-router";
import { Link } from "~/components/link";
import { Confirmation } from "~/components/confirmation";
import {
  ErrorSummary,
  Honeypot,
  PrivacyNote,
  SelectField,
  SenderFields,
  SubmitButton,
  TextField,
} from "~/components/form";
import { type FieldErrors, errorList } from "~/lib/validation";
import { PARTNER_FIELDS, PARTNER_MESSAGE, type PartnerField, STUDENT_RANGES } from "../forms";
import type { PartnerForm, PartnerPageData } from "../forms.server";

/** /partner-with-us: what a partnership gives, and the enquiry form; or its confirmation once sent. */
export function PartnerWithUsPage({ data, form }: { data: PartnerPageData; form?: PartnerForm }) {
  const { sent, prefill } = data;
  const errors: FieldErrors<PartnerField> = form?.fieldErrors ?? {};
  const values: Partial<Record<PartnerField, string>> = form?.values ?? {};
  const summary = errorList(errors, PARTNER_FIELDS);

  if (sent) {
    return (
      <Confirmation
        title="Enquiry sent"
        next={{ to: "/universities/why-partner", text: "Read why careers services partner with us" }}
      >
        Thank you, we have your enquiry. Someone from our team replies within two working days to the email address you
        gave us.
      </Confirmation>
    );
  }

  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div>
        <h1 className="text-3xl font-bold">Partner with us</h1>
        <p className="mt-3 text-lg text-muted">
          Give your international students a careers platform made for them, with your name on it.
        </p>
        <ul className="mt-4 list-disc space-y-2 pl-5">
          <li>Jobs with a sponsorship verdict, a CV builder, career videos and country guides for your students.</li>
          <li>
            A dashboard and analytics of how they are getting on, with every figure of fewer than 5 students withheld.
          </li>
          <li>Your own careers site, in your university&apos;s name, logo and colour.</li>
        </ul>
        <p className="mt-4">
          <Link to="/universities/why-partner" className="text-brand underline">
            What a partnership includes
          </Link>
        </p>
        <p className="mt-2">
          Rather talk first?{" "}
          <Link to="/book-a-meeting" className="text-brand underline">
            Book a meeting
          </Link>
          .
        </p>
      </div>
      <div>
        <h2 className="text-2xl font-bold">Tell us about your careers service</h2>
        <ErrorSummary formError={form?.formError ?? null} fields={summary} answer={form} />
        <Form method="post" className="mt-6 space-y-5" noValidate>
          <SenderFields
            nameLabel="Full name"
            emailLabel="Work email"
            emailHint="We reply to this address."
            values={values}
            errors={errors}
            prefill={prefill}
          />
          <TextField
            name="organisation"
            label="University or organisation"
            type="text"
            autoComplete="organization"
            required
            defaultValue={values.organisation ?? ""}
            error={errors.organisation}
          />
          <TextField
            name="job_title"
            label="Job title"
            type="text"
            autoComplete="organization-title"
            required
            defaultValue={values.job_title ?? ""}
            error={errors.job_title}
          />
          <SelectField
            name="students"
            label="Number of international students"
            hint="Optional. A rough range helps us suggest where to start."
            options={STUDENT_RANGES}
            placeholder="Choose a range (optional)"
            required={false}
            defaultValue={values.students ?? ""}
            error={errors.students}
          />
          <TextField
            name="message"
            label="What would you like?"
            hint={`At least ${PARTNER_MESSAGE.min} characters. For example a demonstration, prices, or how the analytics protect students' privacy.`}
            multiline
            rows={6}
            required
            defaultValue={values.message ?? ""}
            error={errors.message}
          />
          <Honeypot />
          <PrivacyNote use="to answer your enquiry" />
          <SubmitButton>Send enquiry</SubmitButton>
        </Form>
      </div>
    </div>
  );
}
