import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, SubmitButton } from "~/components/form";
import { errorList } from "~/lib/validation";
import type { DetailsAnswer, NewFairData } from "../manage-page.server";
import { FAIR_FIELDS } from "../schema";
import { FairFields } from "./fair-fields";

/** A new fair's details; its exhibitors and talks are added on its page, next. */
export function NewFairPage({ data, answer }: { data: NewFairData; answer?: DetailsAnswer }) {
  return (
    <div className="max-w-2xl">
      <p>
        <Link to={data.listHref} className="text-brand underline">
          All career fairs
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Set up a career fair</h1>
      <p className="mt-2 text-muted">
        {data.area === "ops"
          ? "A fair of the platform's is open to the students of every university."
          : "Your students see it in their list of career fairs, and register there."}{" "}
        Its exhibitors and talks come next, on its page.
      </p>
      <ErrorSummary
        formError={answer?.formError}
        fields={errorList(answer?.fieldErrors ?? {}, [...FAIR_FIELDS])}
        answer={answer}
      />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <FairFields values={answer?.values ?? {}} errors={answer?.fieldErrors ?? {}} zones={data.zones} />
        <SubmitButton>Set up the fair</SubmitButton>
      </Form>
    </div>
  );
}
