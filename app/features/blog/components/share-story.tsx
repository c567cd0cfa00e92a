import { Form } from "react-router";
import { Link } from "~/components/link";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, Honeypot, SubmitButton, TextField } from "~/components/form";
import { PhoneInput } from "~/features/phone";
import { errorList } from "~/lib/validation";
import type { StoryForm, StoryFormValues, StoryPageData } from "../story-page.server";
import { STORY_FIELDS, STORY_LIMITS, type StoryFieldErrors } from "../story-schema";

/** /share-your-success-story: the story form, or its confirmation once sent. */
export function ShareStoryPage({ data, form }: { data: StoryPageData; form?: StoryForm }) {
  const { sent, prefill, preferredCountries } = data;
  const errors: StoryFieldErrors = form?.fieldErrors ?? {};
  // What was sent back after a refused post, else what we know of the sender.
  const values: StoryFormValues = form?.values ?? prefill;
  const summary = errorList(errors, STORY_FIELDS);
  const phoneCountry = /^[A-Za-z]{2}$/.test(values.phone_country ?? "")
    ? values.phone_country!.toUpperCase()
    : undefined;

  if (sent) {
    return (
      <Confirmation
        title="Thank you for your story"
        next={{ to: "/success-stories", text: "Read other students' stories" }}
      >
        We have it. Our editors read every story before it is published, and we email you before it goes live. Nothing
        is shown on the site until then.
      </Confirmation>
    );
  }

  const field = (name: Exclude<keyof StoryFormValues, "phone_text" | "phone_country" | "consent">) =>
    values[name] ?? "";
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="text-3xl font-bold">Share your success story</h1>
      <p className="mt-2 text-muted">
        Found a job, an internship or a graduate scheme? Tell other international students how you did it. We read every
        story before it is published.
      </p>
      <ErrorSummary formError={form?.formError} fields={summary} answer={form} />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField
          name="name"
          label="Your name"
          hint="We publish your first name and the initial of your family name."
          autoComplete="name"
          required
          defaultValue={field("name")}
          error={errors.name}
        />
        <TextField
          name="email"
          label="Email"
          hint="Never published. We use it to tell you when your story goes live."
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
          defaultValue={field("email")}
          error={errors.email}
        />
        <PhoneInput
          id="phone"
          name="phone"
          label="Phone number"
          hint="Optional, never published. For a quick call if we have a question about your story."
          defaultValue={values.phone_text ?? ""}
          defaultCountry={phoneCountry}
          preferredCountries={preferredCountries}
          error={errors.phone}
        />
        <TextField
          name="university"
          label="University"
          autoComplete="organization"
          required
          defaultValue={field("university")}
          error={errors.university}
        />
        <TextField
          name="course"
          label="Course"
          hint="For example MSc Data Science."
          required
          defaultValue={field("course")}
          error={errors.course}
        />
        <TextField
          name="homeCountry"
          label="Home country"
          autoComplete="country-name"
          required
          defaultValue={field("homeCountry")}
          error={errors.homeCountry}
        />
        <TextField
          name="role"
          label="Job title"
          hint="The job, internship or scheme you got."
          autoComplete="organization-title"
          required
          defaultValue={field("role")}
          error={errors.role}
        />
        <TextField
          name="employer"
          label="Employer"
          hint="You can describe it instead of naming it, for example “a London law firm”."
          required
          defaultValue={field("employer")}
          error={errors.employer}
        />
        <TextField
          name="story"
          label="Your story"
          hint={`At least ${STORY_LIMITS.storyMin} characters. What did you apply for, what worked, and what would you tell a student starting out? Leave a blank line between paragraphs.`}
          multiline
          rows={10}
          required
          defaultValue={field("story")}
          error={errors.story}
        />
        <div>
          <div className="flex items-start gap-3">
            <input
              id="consent"
              name="consent"
              type="checkbox"
              value="yes"
              defaultChecked={values.consent === "yes"}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? "consent-error" : undefined}
              className="mt-1 h-5 w-5"
            />
            <label htmlFor="consent">
              I agree that my story, first name and initial, university, course, home country, job title and employer
              may be published on this site. I can ask for it to be removed at any time.
            </label>
          </div>
          {errors.consent ? (
            <p id="consent-error" className="mt-1 text-sm text-red-800">
              {errors.consent}
            </p>
          ) : null}
        </div>
        <Honeypot />
        <p className="text-sm text-muted">
          How we use your details is in our{" "}
          <Link to="/privacy-policy" className="underline">
            privacy policy
          </Link>
          .
        </p>
        <SubmitButton>Send my story</SubmitButton>
      </Form>
    </div>
  );
}
