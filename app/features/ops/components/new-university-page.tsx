import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { errorList } from "~/lib/validation";
import type { NewUniversityAnswer, NewUniversityData } from "../universities.server";
import { NEW_UNIVERSITY_FIELDS } from "../university-schema";
import { UniversityFields } from "./university-fields";

/** /ops/universities/new: a university from nothing; its plan, logo and first admin come on its page. */
export function NewUniversityPage({
  countries,
  defaultCountry,
  answer,
}: NewUniversityData & { answer?: NewUniversityAnswer }) {
  const errors = answer?.fieldErrors ?? {};
  const typed = answer?.values;
  return (
    <div className="max-w-2xl">
      <p>
        <Link to="/ops/universities" className="text-brand underline">
          All universities
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Add a university</h1>
      <p className="mt-2 text-muted">
        It starts with no plan. Its page, next, sets the plan and the logo, and approves its first administrator.
      </p>
      <ErrorSummary
        formError={answer?.formError}
        fields={errorList(errors, [...NEW_UNIVERSITY_FIELDS])}
        answer={answer}
      />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <UniversityFields
          countries={countries}
          errors={errors}
          values={{
            name: typed?.name ?? "",
            slug: typed?.slug ?? "",
            country: typed?.country ?? String(defaultCountry),
            email_domains: typed?.email_domains ?? "",
            microsite_host: typed?.microsite_host ?? "",
            alumni_access_months: typed?.alumni_access_months ?? "",
            self_registration: typed ? (typed.self_registration ?? "") : "on",
          }}
        />
        <TextField
          name="brand_colour"
          label="Brand colour"
          hint="# and six hexadecimal digits, like #1d4ed8: white text on it must reach a contrast of 4.5:1."
          spellCheck={false}
          autoCapitalize="none"
          maxLength={7}
          defaultValue={typed?.brand_colour ?? "#1d4ed8"}
          error={errors.brand_colour}
        />
        <SubmitButton>Create the university</SubmitButton>
      </Form>
    </div>
  );
}
