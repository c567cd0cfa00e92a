import { Form } from "react-router";
import { ErrorSummary, RadioGroup, SelectField, SubmitButton, TextField } from "~/components/form";
import { GRADUATE_ACTIVITIES, PAY_BANDS, WORK_ROUTES, FOUND_THROUGH } from "~/db/schema/graduate-outcome-values";
import { formatUkDay } from "~/lib/dates";
import { errorList } from "~/lib/validation";
import {
  ACTIVITY_LABELS,
  FOUND_LABELS,
  ROUTE_LABELS,
  SALARY_LABELS,
  SPONSORED_LABELS,
  SURVEY_FIELDS,
} from "../questions";
import type { OpenSurveyPage, SurveyPageAnswer, SurveyRefusal } from "../survey-page.server";
import { monthLabel } from "../waves";

const choices = <K extends string>(values: readonly K[], labels: Record<K, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** Why a link opens no survey: a page of its own, saying what to do. */
function Refusal({ refusal }: { refusal: SurveyRefusal }) {
  const [heading, text] =
    refusal.state === "unknown"
      ? [
          "This survey link does not work",
          "Check that the address is the whole link from the email we sent you: it ends with a long code. If you copied it by hand, copy it again from the email.",
        ]
      : refusal.state === "closed"
        ? [
            "This survey has closed",
            `It stopped taking answers on ${formatUkDay(refusal.closedOn)}, and the answer it holds is kept. If we have sent you a newer survey, its link is in that email.`,
          ]
        : [
            "Too many tries",
            `This address has opened the survey too often in the last hour. Wait ${refusal.minutes} minute${refusal.minutes === 1 ? "" : "s"} and try again.`,
          ];
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="mt-4">{text}</p>
    </div>
  );
}

/** The graduate outcomes survey, answered (and changed) through the link of its email. */
export function SurveyPage({
  page,
  answer,
}: {
  page: OpenSurveyPage | SurveyRefusal;
  answer: SurveyPageAnswer | SurveyRefusal | OpenSurveyPage | undefined;
}) {
  if (answer && "state" in answer && answer.state !== "open") return <Refusal refusal={answer} />;
  if (page.state !== "open") return <Refusal refusal={page} />;
  const form = answer && "fieldErrors" in answer ? answer : undefined;
  const errors = form?.fieldErrors ?? {};
  const values = { ...page.values, ...form?.values };
  const until = page.nextWave
    ? `until we send the next survey, ${page.nextWave} months after you graduated`
    : `until ${formatUkDay(page.closesOn)}`;
  return (
    <div className="max-w-3xl">
      {page.saved && !form ? (
        <p role="status" className="rounded border-2 border-green-700 bg-green-50 p-4 font-semibold">
          {`Thank you: your answers are saved. You can change them with this link ${until}.`}
        </p>
      ) : null}
      <h1 className="mt-6 text-3xl font-bold">What are you doing now?</h1>
      <p className="mt-2">
        {`You graduated in ${monthLabel(page.graduationMonth)}. ${page.universityName} asks its graduates what they are doing ${page.wave} months after graduating, to see how they get on and to help the students who follow them.`}
      </p>
      <p className="mt-2">
        {page.answered
          ? `You have answered already: change anything below ${until}.`
          : `It takes about two minutes. You can change your answers with this link ${until}.`}
      </p>
      <ErrorSummary fields={errorList(errors, SURVEY_FIELDS)} answer={form} />
      {/* Keyed by what it shows: a changed answer (or what was typed, sent back) fills the fields anew, as on a fresh page. */}
      <Form key={JSON.stringify(values)} method="post" className="mt-6 space-y-6" noValidate>
        <RadioGroup
          name="activity"
          legend="What are you mainly doing now?"
          options={choices(GRADUATE_ACTIVITIES, ACTIVITY_LABELS)}
          checked={values.activity}
          error={errors.activity}
        />
        <fieldset className="space-y-4 rounded border border-slate-300 p-4">
          <legend className="px-1 font-semibold">Your job</legend>
          <p className="text-sm text-muted">
            Answer these if you are working, as an employee or for yourself. If you are not, leave them empty.
          </p>
          <SelectField
            name="work_country"
            label="The country you work in"
            options={page.countries}
            defaultValue={values.work_country}
            required={false}
            error={errors.work_country}
          />
          <TextField
            name="employer"
            label="Your employer"
            hint="Or your own business's name."
            autoComplete="organization"
            defaultValue={values.employer}
            error={errors.employer}
          />
          <TextField
            name="job_title"
            label="Your job title"
            autoComplete="organization-title"
            defaultValue={values.job_title}
            error={errors.job_title}
          />
          <SelectField
            name="salary_band"
            label="Your salary"
            hint="Before tax, for a year, in pounds (or about as much in pounds)."
            options={choices(PAY_BANDS, SALARY_LABELS)}
            defaultValue={values.salary_band}
            required={false}
            error={errors.salary_band}
          />
          <SelectField
            name="sponsored"
            label="Did the job need a visa sponsor?"
            hint="Did the employer have to sponsor your visa for you to take it?"
            options={choices(["yes", "no"] as const, SPONSORED_LABELS)}
            defaultValue={values.sponsored}
            required={false}
            error={errors.sponsored}
          />
          <SelectField
            name="work_route"
            label="The visa you work on"
            hint="The visa route that lets you work in the country you work in."
            options={choices(WORK_ROUTES, ROUTE_LABELS)}
            defaultValue={values.work_route}
            required={false}
            error={errors.work_route}
          />
          <SelectField
            name="found_through"
            label="How did you find the job?"
            options={choices(FOUND_THROUGH, FOUND_LABELS)}
            defaultValue={values.found_through}
            required={false}
            error={errors.found_through}
          />
        </fieldset>
        <p className="text-sm text-muted">
          {`Your answers go to ${page.universityName}, whose staff see them only in totals of 5 graduates or more. They are part of your account's data: "Your data" includes them, and they go if you delete your account.`}
        </p>
        <SubmitButton>{page.answered ? "Change my answers" : "Send my answers"}</SubmitButton>
      </Form>
    </div>
  );
}
