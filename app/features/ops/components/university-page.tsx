import { Form } from "react-router";
import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { FreshCodeField } from "~/features/staff";
import { type FieldErrors, errorList } from "~/lib/validation";
import type { UniversityAnswer, UniversityData } from "../university.server";
import { DETAIL_FIELDS, PLAN_PARTS } from "../university-schema";
import { planText } from "./universities-page";
import { Checkbox, UniversityFields } from "./university-fields";

const SECONDARY_BUTTON = "rounded border-2 border-brand bg-white px-4 py-2 font-semibold text-ink hover:bg-slate-50";

const STATUS: Record<UniversityData["admins"][number]["status"], string> = {
  active: "Active",
  awaiting_approval: "Awaiting approval",
  refused: "Refused",
  deactivated: "Deactivated",
};

/** /ops/universities/:id: one university, each part its own form. */
export function UniversityPage({
  university: u,
  countries,
  admins,
  approvesFirst,
  sso,
  answer,
}: UniversityData & { answer?: UniversityAnswer }) {
  // A refused form shows its errors and what was typed; the others show what is stored.
  const of = (
    form: UniversityAnswer["form"],
  ): { errors: FieldErrors; typed: Record<string, string> | null; answer?: UniversityAnswer } =>
    answer?.form === form ? { errors: answer.fieldErrors, typed: answer.values, answer } : { errors: {}, typed: null };
  const details = of("details");
  const plan = of("plan");
  const colour = of("colour");
  const logo = of("logo");
  const approve = of("approve");
  return (
    <div className="max-w-3xl">
      <p>
        <Link to="/ops/universities" className="text-brand underline">
          All universities
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{u.name}</h1>

      <h2 className="mt-8 text-2xl font-semibold">Details</h2>
      <ErrorSummary
        formError={details.answer?.formError}
        fields={errorList(details.errors, [...DETAIL_FIELDS])}
        answer={details.answer}
      />
      <Form method="post" className="mt-4 space-y-5" noValidate>
        <UniversityFields
          countries={countries}
          errors={details.errors}
          values={
            details.typed
              ? {
                  name: details.typed.name ?? "",
                  slug: details.typed.slug ?? "",
                  country: details.typed.country ?? "",
                  email_domains: details.typed.email_domains ?? "",
                  microsite_host: details.typed.microsite_host ?? "",
                  alumni_access_months: details.typed.alumni_access_months ?? "",
                  self_registration: details.typed.self_registration ?? "",
                }
              : {
                  name: u.name,
                  slug: u.slug,
                  country: String(u.countryId),
                  email_domains: u.emailDomains.join("\n"),
                  microsite_host: u.micrositeHost ?? "",
                  alumni_access_months: u.alumniAccessMonths === null ? "" : String(u.alumniAccessMonths),
                  self_registration: u.selfRegistrationOpen ? "on" : "",
                }
          }
        />
        <input type="hidden" name="intent" value="save-details" />
        <SubmitButton>Save the details</SubmitButton>
      </Form>

      <h2 className="mt-10 text-2xl font-semibold">Plan</h2>
      <p className="mt-2">{`Now: ${planText(u.plan)}.`}</p>
      <ErrorSummary fields={errorList(plan.errors, ["code"])} answer={plan.answer} />
      <Form method="post" className="mt-4 space-y-5" noValidate>
        <fieldset>
          <legend className="font-medium">What the plan includes</legend>
          <div className="mt-2 space-y-2">
            {PLAN_PARTS.map((p) => (
              <Checkbox
                key={p.field}
                name={p.field}
                label={p.label}
                checked={plan.typed ? plan.typed[p.field] === "on" : u.plan[p.column]}
              />
            ))}
          </div>
        </fieldset>
        <FreshCodeField id="plan-code" error={plan.errors.code} />
        <input type="hidden" name="intent" value="save-plan" />
        <SubmitButton>Save the plan</SubmitButton>
      </Form>

      <h2 className="mt-10 text-2xl font-semibold">Branding</h2>
      <ErrorSummary
        fields={errorList({ ...colour.errors, ...logo.errors }, ["brand_colour", "logo"])}
        answer={colour.answer ?? logo.answer}
      />
      <Form method="post" className="mt-4 space-y-5" noValidate>
        <TextField
          name="brand_colour"
          label="Brand colour"
          hint="# and six hexadecimal digits, like #6d28d9: white text on it must reach a contrast of 4.5:1."
          spellCheck={false}
          autoCapitalize="none"
          maxLength={7}
          defaultValue={colour.typed?.brand_colour ?? u.brandColour}
          error={colour.errors.brand_colour}
        />
        <input type="hidden" name="intent" value="save-colour" />
        <SubmitButton>Save the colour</SubmitButton>
      </Form>
      {u.logoUrl ? (
        <>
          <img
            src={u.logoUrl}
            alt={`${u.name}'s logo, as it is now`}
            className="mt-6 h-24 w-auto max-w-xs rounded border border-slate-300 bg-white p-2"
          />
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="remove-logo" />
            <button type="submit" className={SECONDARY_BUTTON}>
              Remove the logo
            </button>
          </Form>
        </>
      ) : (
        <p className="mt-6">No logo: the microsite's header shows the university's name alone.</p>
      )}
      <Form method="post" encType="multipart/form-data" className="mt-5 space-y-5" noValidate>
        <TextField
          name="logo"
          label={u.logoUrl ? "A new logo" : "Logo"}
          hint="A PNG or SVG file of at most 2 MB."
          type="file"
          accept=".png,.svg,image/png,image/svg+xml"
          error={logo.errors.logo}
        />
        <input type="hidden" name="intent" value="upload-logo" />
        <SubmitButton>Upload the logo</SubmitButton>
      </Form>

      <h2 className="mt-10 text-2xl font-semibold">Administrators</h2>
      <ErrorSummary formError={approve.answer?.formError} fields={[]} answer={approve.answer} />
      {admins.length ? (
        <DataTable
          caption={`${u.name}'s administrators`}
          minWidth="min-w-[40rem]"
          rows={admins}
          rowKey={(a) => a.id}
          columns={[
            { header: "Name", cell: (a) => (a.jobTitle ? `${a.name} (${a.jobTitle})` : a.name) },
            { header: "Email", cell: (a) => a.email, className: "break-all" },
            {
              header: "Status",
              cell: (a) =>
                a.status === "awaiting_approval" && !a.confirmed ? "Address not confirmed yet" : STATUS[a.status],
            },
            {
              header: "Action",
              cell: (a) =>
                approvesFirst && a.status === "awaiting_approval" && a.confirmed ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="approve-admin" />
                    <input type="hidden" name="email" value={a.email} />
                    <button type="submit" className={SECONDARY_BUTTON} aria-label={`Approve ${a.name}`}>
                      Approve
                    </button>
                  </Form>
                ) : null,
            },
          ]}
        />
      ) : (
        <p className="mt-2">
          No administrator yet. University staff ask for an account at{" "}
          <Link to="/university-user-registration" className="text-brand underline">
            /university-user-registration
          </Link>
          ; the first one is approved here.
        </p>
      )}

      <h2 className="mt-10 text-2xl font-semibold">Single sign-on</h2>
      {sso ? (
        <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">Status</dt>
          <dd>{sso.enabled ? "On" : "Off"}</dd>
          <dt className="font-medium">Protocol</dt>
          <dd>{sso.protocol === "saml" ? "SAML" : "OpenID Connect"}</dd>
          <dt className="font-medium">Mode</dt>
          <dd>{sso.mode === "sso_only" ? "Single sign-on only" : "Alongside passwords"}</dd>
          {sso.metadataProblem ? (
            <>
              <dt className="font-medium">Metadata problem</dt>
              <dd>{sso.metadataProblem}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="mt-2">
          Not set up. The university's administrators set it up on their profile's single sign-on tab.
        </p>
      )}
    </div>
  );
}
