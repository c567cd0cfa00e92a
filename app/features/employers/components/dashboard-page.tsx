import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, RadioGroup, SubmitButton } from "~/components/form";
import { errorList } from "~/lib/validation";
import type { EmployerDashboardData, EntryAnswer } from "../dashboard.server";
import { NO_LICENCE } from "../verification";

/** /employer-dashboard: the organisation, where its verification stands, and what happens next. */
export function EmployerDashboardPage({ data, answer }: { data: EmployerDashboardData; answer?: EntryAnswer }) {
  const { organisation, status, domainMatches, email, candidates } = data;
  const errors = answer?.fieldErrors ?? {};
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold">{organisation.name}</h1>
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">Website</dt>
        <dd>{organisation.website}</dd>
        <dt className="font-semibold">Sponsor register</dt>
        <dd>
          {organisation.entry
            ? `${organisation.entry.name}, ${organisation.entry.town}`
            : organisation.holdsNoLicence
              ? "No sponsor licence"
              : "Not chosen yet"}
        </dd>
        <dt className="font-semibold">Status</dt>
        <dd data-testid="verification-status">{STATUS_LABEL[status]}</dd>
      </dl>
      <p className="mt-4">
        <Link to="/employer/colleagues" className="underline">
          Colleagues
        </Link>
      </p>
      {!domainMatches && status !== "verified" ? (
        <p className="mt-4 rounded border border-amber-300 bg-amber-50 px-4 py-3">
          Your email {email} is not at your website&apos;s domain ({organisation.websiteDomain}), so we cannot verify
          your organisation. Register again with your work address.
        </p>
      ) : null}
      {status === "rejected" ? null : (
        <p className="mt-6 flex flex-wrap gap-4">
          <Link to="/employer/jobs/new" className="rounded bg-brand px-4 py-2.5 font-semibold text-white">
            Post a job
          </Link>
          <Link to="/employer/jobs" className="px-1 py-2.5 text-brand underline">
            Your jobs
          </Link>
        </p>
      )}
      <ErrorSummary fields={errorList(errors, ["entry"])} answer={answer} />
      <h2 className="mt-8 text-xl font-semibold">What happens next</h2>
      {status === "choose-entry" ? (
        <>
          <p className="mt-2">
            Find your organisation on the Home Office register of licensed sponsors, or tell us you hold no licence. An
            A-rated licence with your work email at your website&apos;s domain verifies you at once; otherwise our team
            checks your organisation.
          </p>
          <Form method="post" className="mt-4 space-y-5">
            <RadioGroup
              name="entry"
              legend="Your organisation on the sponsor register"
              error={errors.entry}
              options={[
                ...candidates.map((c) => ({ value: c.slug, label: `${c.name}, ${c.town} (${c.ratings})` })),
                { value: NO_LICENCE, label: "We hold no sponsor licence, or are not listed" },
              ]}
            />
            <SubmitButton>Confirm</SubmitButton>
          </Form>
        </>
      ) : (
        <p className="mt-2">{NEXT[status]}</p>
      )}
    </div>
  );
}

const STATUS_LABEL = {
  "choose-entry": "Not verified: find your organisation on the sponsor register",
  waiting: "Not verified yet: our team is checking your organisation",
  verified: "Verified",
  rejected: "Not verified: our team could not verify your organisation",
} as const;

const NEXT = {
  waiting:
    "Our team checks your organisation and emails you when they decide. Until then the jobs you publish wait for their review before students see them.",
  verified: "Your organisation is verified: the jobs you publish are open to students at once.",
  rejected: "We emailed you the reason. Register again with your work address if something has changed.",
} as const;
