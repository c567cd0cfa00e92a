import { Form, Link } from "react-router";
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
import { accessContext } from "~/features/access/context";
import {
  PARTNER_FIELDS,
  PARTNER_MESSAGE,
  type PartnerField,
  PartnerSchema,
  STUDENT_RANGES,
} from "~/features/help/forms";
import { receiveHelpForm, recordPartnerEnquiry } from "~/features/help/forms.server";
import { pageTitle } from "~/lib/meta";
import { type FieldErrors, errorList } from "~/lib/validation";
import type { Route } from "./+types/partner-with-us";

// /partner-with-us: the audience guard has run (students are on their dashboard). A careers
// service tells us about itself; the enquiry is stored and the team emailed in one transaction.

const SENT = "/partner-with-us?sent=1";

export function loader({ url, context }: Route.LoaderArgs) {
  const { user } = context.get(accessContext);
  return { sent: url.searchParams.get("sent") === "1", prefill: user ? { name: user.name, email: user.email } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  return receiveHelpForm(request, context, "partner", {
    what: "enquiries",
    kept: PARTNER_FIELDS,
    schema: PartnerSchema,
    record: recordPartnerEnquiry,
    sent: SENT,
  });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData?.sent ? "Enquiry sent" : "Partner with us") },
    {
      name: "description",
      content:
        "Give your international students the platform: tell us about your careers service and we will be in touch.",
    },
  ];
}

export default function PartnerWithUs({ loaderData, actionData }: Route.ComponentProps) {
  const { sent, prefill } = loaderData;
  const errors: FieldErrors<PartnerField> = actionData?.fieldErrors ?? {};
  const values: Partial<Record<PartnerField, string>> = actionData?.values ?? {};
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
        <ErrorSummary formError={actionData?.formError ?? null} fields={summary} answer={actionData} />
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
