import { Form } from "react-router";
import { Link } from "~/components/link";
import type { RegistrationPageData } from "../registration-page.server";

const DONE: Record<string, string> = {
  registered: "You have a place. We have emailed you a calendar invitation, and we remind you the day before.",
  waiting:
    "The workshop is full, so you are on its waiting list. If a place opens, it is yours and we email you at once.",
  already: "You had already registered for this workshop.",
  cancelled: "You have given up your place.",
};

/** A workshop place: what happened (`done`), the workshop, the place, and the button to give it up while it can be. */
export function RegistrationPage({ data: d, formError }: { data: RegistrationPageData; formError?: string | null }) {
  return (
    <div className="max-w-3xl">
      {d.done && DONE[d.done] ? (
        <p role="status" className="rounded border-2 border-green-700 bg-green-50 p-4 font-semibold">
          {DONE[d.done]}
        </p>
      ) : null}
      {formError ? (
        <p role="alert" className="mt-4 rounded border-2 border-red-700 bg-red-50 p-4">
          {formError}
        </p>
      ) : null}
      <h1 className="mt-6 text-3xl font-bold">{d.title}</h1>
      <p className="mt-2">{d.summary}</p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">When</dt>
        <dd>{d.when}</dd>
        <dt className="font-semibold">Where</dt>
        <dd className="break-all">{d.where}</dd>
        <dt className="font-semibold">Your place</dt>
        <dd>
          {d.status === "registered"
            ? "Registered"
            : d.status === "waiting"
              ? `Waiting list: number ${d.position}`
              : "Given up"}
        </dd>
      </dl>
      {d.open ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="give-up" />
          <button type="submit" className="rounded border-2 border-red-800 px-4 py-2 font-semibold text-red-800">
            {d.status === "registered" ? "Give up my place" : "Leave the waiting list"}
          </button>
        </Form>
      ) : null}
      <p className="mt-8">
        <Link to="/" className="text-brand underline">
          Back to the site
        </Link>
      </p>
    </div>
  );
}
