import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, SelectField, TextField } from "~/components/form";
import { formatUkDay } from "~/lib/dates";
import type { OfferCheckData } from "../offer-page.server";
import { RuleNoticeBox } from "./rule-notice";
import { pounds } from "~/lib/money";

const PAID_LESS = "https://www.gov.uk/skilled-worker-visa/when-you-can-be-paid-less";

/** The offer checker: the form, and once it is sent the verdict with the amounts it was measured against. */
export function OfferCheckPage({ data }: { data: OfferCheckData }) {
  const { values, errors, result, notice, occupations, links, today } = data;
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.reason;
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-bold">Check a job offer for sponsorship</h1>
      <p className="mt-2 text-muted">
        Enter the details of an offer to see whether it meets the Skilled Worker visa’s occupation and salary rules, and
        which thresholds it is measured against. Every job on our{" "}
        <Link to="/jobs" className="text-brand underline">
          job lists
        </Link>{" "}
        is checked the same way.
      </p>
      <ErrorSummary
        formError={errors.length ? "Some of the offer is not valid." : null}
        fields={errors.map((e) => ({ field: e.field, message: e.reason }))}
        answer={errors.length ? errors : null}
      />
      <Form method="get" className="mt-6 grid gap-4 rounded border border-slate-300 bg-white p-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            name="soc"
            label="Occupation code (SOC 2020)"
            hint="Four digits, such as 2134; start typing the code or the occupation to choose. Your employer can tell you the code it will use."
            list="occupations"
            defaultValue={values.soc ?? ""}
            error={errorOf("soc")}
            required
            autoComplete="off"
          />
          <datalist id="occupations">
            {occupations.map((o) => (
              <option key={o.code} value={`${o.code} ${o.title}`} />
            ))}
          </datalist>
        </div>
        <TextField
          name="salary"
          label="Salary"
          hint="In pounds, before tax; the bottom of a range."
          inputMode="decimal"
          defaultValue={values.salary ?? ""}
          error={errorOf("salary")}
          required
        />
        <SelectField
          name="salaryPeriod"
          label="Paid per"
          options={[
            { value: "year", label: "Year" },
            { value: "hour", label: "Hour" },
          ]}
          defaultValue={values.salaryPeriod ?? "year"}
          error={errorOf("salaryPeriod")}
        />
        <TextField
          name="hoursPerWeek"
          label="Hours a week"
          hint="37.5 if you leave it empty."
          inputMode="decimal"
          defaultValue={values.hoursPerWeek ?? ""}
          error={errorOf("hoursPerWeek")}
        />
        <TextField
          name="cosDate"
          label="Date the certificate of sponsorship is issued"
          hint="Today if you leave it empty."
          type="date"
          defaultValue={values.cosDate ?? ""}
          error={errorOf("cosDate")}
        />
        <SelectField
          name="phd"
          label="PhD"
          options={[
            { value: "none", label: "No PhD, or not relevant to the job" },
            { value: "relevant", label: "A PhD relevant to the job" },
            { value: "stem", label: "A PhD in a STEM subject relevant to the job" },
          ]}
          defaultValue={values.phd ?? "none"}
          error={errorOf("phd")}
        />
        <TextField
          name="employer"
          label="Employer (optional)"
          hint="Checked on the register of licensed sponsors."
          defaultValue={values.employer ?? ""}
          error={errorOf("employer")}
          autoComplete="organization"
        />
        <div className="sm:col-span-2">
          <div className="flex items-start gap-2">
            <input
              id="newEntrant"
              name="newEntrant"
              type="checkbox"
              defaultChecked={values.newEntrant === "on"}
              className="mt-1 h-5 w-5"
              aria-describedby="newEntrant-hint"
            />
            <label htmlFor="newEntrant" className="font-medium">
              I count as a new entrant
            </label>
          </div>
          <p id="newEntrant-hint" className="ml-7 text-sm text-muted">
            For example if you are under 26, or switching from a Student or Graduate visa.{" "}
            <a href={PAID_LESS} className="text-brand underline" rel="noopener noreferrer">
              GOV.UK: when you can be paid less
            </a>
          </p>
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className="rounded bg-brand px-5 py-2.5 font-semibold text-white">
            Check the offer
          </button>
        </div>
      </Form>

      {result ? (
        <section
          aria-labelledby="result-heading"
          className="mt-8 rounded border border-slate-300 bg-white p-4"
          role="status"
        >
          <h2 id="result-heading" className="text-xl font-semibold">
            {result.eligible ? `Likely to meet the rules (option ${result.option})` : "Unlikely to meet the rules"}
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-6">
            {result.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          {notice ? <RuleNoticeBox notice={notice} /> : null}
          <table className="mt-4 w-full text-left text-sm">
            <caption className="sr-only">The amounts the offer is measured against</caption>
            <tbody>
              <tr className="border-t border-slate-200">
                <th scope="row" className="py-1 pr-4 font-medium">
                  Occupation
                </th>
                <td>{`${result.occupation.title} (SOC ${result.occupation.code}), ${result.occupation.eligible ? "eligible" : "not eligible"}`}</td>
              </tr>
              <tr className="border-t border-slate-200">
                <th scope="row" className="py-1 pr-4 font-medium">
                  Going rate, for these hours
                </th>
                <td>{result.goingRate ? `${pounds(result.goingRate)} a year` : "None in the tables"}</td>
              </tr>
              <tr className="border-t border-slate-200">
                <th scope="row" className="py-1 pr-4 font-medium">
                  {result.salaryOption ? `Threshold of option ${result.salaryOption}` : "Nearest threshold"}
                </th>
                <td>{`${pounds(result.threshold)} a year`}</td>
              </tr>
              <tr className="border-t border-slate-200">
                <th scope="row" className="py-1 pr-4 font-medium">
                  General threshold
                </th>
                <td>{`${pounds(result.generalThreshold)} a year`}</td>
              </tr>
              {result.employer ? (
                <tr className="border-t border-slate-200">
                  <th scope="row" className="py-1 pr-4 font-medium">
                    Employer
                  </th>
                  <td>
                    {result.employer.licensed
                      ? `${result.employer.name}: ${result.employer.skilledWorker ? `Skilled Worker licence${result.employer.rating ? `, ${result.employer.rating}` : ""}` : "licensed, but not for Skilled Workers"}`
                      : `${result.employer.name}: not on the register`}
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
          <p className="mt-3 text-sm text-muted">
            {`Checked against ${result.rules.version} (certificates of sponsorship issued from ${formatUkDay(`${result.rules.effectiveFrom}T12:00:00Z`)}), on ${formatUkDay(`${today}T12:00:00Z`)}. This is guidance, not legal advice: the employer decides whether to sponsor, and the Home Office decides the visa.`}
          </p>
        </section>
      ) : null}

      <section aria-labelledby="sources-heading" className="mt-8">
        <h2 id="sources-heading" className="text-lg font-semibold">
          The official rules
        </h2>
        <ul className="mt-2 space-y-1 text-sm">
          {links.map((link) => (
            <li key={link.url}>
              <a href={link.url} className="text-brand underline" rel="noopener noreferrer">
                {link.title}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
