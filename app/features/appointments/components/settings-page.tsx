import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, SelectField, TextField } from "~/components/form";
import { errorList } from "~/lib/validation";
import { ADVISER_DAY_PATH } from "../paths";
import type { AppointmentSettingsData, SettingsAnswer } from "../settings-page.server";
import { KIND_FIELDS } from "../settings-schema";

type Kind = AppointmentSettingsData["kinds"][number];

const BUTTON = "rounded border border-slate-500 px-3 py-1.5 font-semibold hover:bg-slate-100";
const PRIMARY = "rounded bg-brand px-4 py-2 font-semibold text-white hover:opacity-90";
const LINK = "font-semibold text-brand underline";

/** The answer, if it is about the form `name`. */
const answerOf = (answer: SettingsAnswer | undefined, name: string) => (answer?.form === name ? answer : undefined);

/** A kind's form (or, without a kind, the form adding one): its fields' ids carry the form's name, as several share a page. */
function KindForm({ kind, answer }: { kind: Kind | null; answer?: SettingsAnswer }) {
  const form = kind ? `kind-${kind.id}` : "new-kind";
  const mine = answerOf(answer, form);
  const errors = mine?.fieldErrors ?? {};
  const value = (field: (typeof KIND_FIELDS)[number], current: string) => mine?.values[field] ?? current;
  const id = (field: string) => `${form}-${field}`;
  return (
    <Form
      method="post"
      className="mt-4 space-y-3 rounded border border-slate-300 bg-white p-4"
      aria-label={kind ? `${kind.name}` : "A new kind of appointment"}
    >
      {kind ? <h3 className="text-lg font-semibold">{kind.name}</h3> : null}
      <ErrorSummary
        formError={mine?.formError}
        fields={errorList(errors, KIND_FIELDS).map((e) => ({ field: id(e.field), message: e.message }))}
        answer={mine}
      />
      <input type="hidden" name="intent" value={kind ? "save-kind" : "add-kind"} />
      {kind ? <input type="hidden" name="kind" value={kind.id} /> : null}
      <TextField
        id={id("name")}
        name="name"
        label="Name"
        maxLength={80}
        defaultValue={value("name", kind?.name ?? "")}
        error={errors.name}
      />
      <TextField
        id={id("minutes")}
        name="minutes"
        label="Length in minutes"
        hint="From 10 to 180."
        type="number"
        inputMode="numeric"
        min={10}
        max={180}
        defaultValue={value("minutes", kind ? String(kind.minutes) : "30")}
        error={errors.minutes}
      />
      <TextField
        id={id("description")}
        name="description"
        label="What it is for (optional)"
        hint="Students read it as they choose. 500 characters at most."
        multiline
        rows={2}
        maxLength={500}
        defaultValue={value("description", kind?.description ?? "")}
        error={errors.description}
      />
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          name="active"
          defaultChecked={mine ? mine.values.active === "on" : (kind?.active ?? true)}
          className="h-5 w-5"
        />
        Students may book it
      </label>
      <button type="submit" className={BUTTON}>
        {kind ? (
          <>
            Save<span className="sr-only">{` ${kind.name}`}</span>
          </>
        ) : (
          "Add the kind"
        )}
      </button>
    </Form>
  );
}

/** /university-dashboard/appointments/settings: the careers service's advisers, kinds of appointment and limit. */
export function AppointmentSettingsPage({ data, answer }: { data: AppointmentSettingsData; answer?: SettingsAnswer }) {
  const { universityName, advisers, candidates, kinds, limit } = data;
  const marking = answerOf(answer, "adviser");
  const limiting = answerOf(answer, "limit");
  return (
    <div className="max-w-4xl">
      <p>
        <Link to={ADVISER_DAY_PATH} className={LINK}>
          Back to the appointments
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold">Appointment settings</h1>
      <p className="mt-2">
        {`Who takes appointments at ${universityName}, the kinds of appointment students book, and how many they may hold at once.`}
      </p>
      {answer && !answer.form ? <ErrorSummary formError={answer.formError} fields={[]} answer={answer} /> : null}

      <section aria-labelledby="advisers-heading" className="mt-8">
        <h2 id="advisers-heading" className="text-2xl font-semibold">
          Advisers
        </h2>
        {advisers.length ? (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard
          <div role="region" aria-labelledby="advisers-caption" tabIndex={0} className="mt-2 overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption id="advisers-caption" className="sr-only">
                Advisers
              </caption>
              <thead>
                <tr className="border-b border-slate-300">
                  {["Name", "Email", "Status", "Appointments to come", "Actions"].map((h) => (
                    <th key={h} scope="col" className="py-2 pr-3">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {advisers.map((a) => (
                  <tr key={a.id} className="border-b border-slate-200 align-top">
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {a.name}
                    </th>
                    <td className="py-2 pr-3 break-all">{a.email}</td>
                    <td className="py-2 pr-3">{a.active ? "Taking appointments" : "Switched off"}</td>
                    <td className="py-2 pr-3">{a.upcoming}</td>
                    <td className="flex flex-wrap items-center gap-3 py-2">
                      <Link to={a.settingsPath} className={LINK}>
                        Hours and kinds<span className="sr-only">{` of ${a.name}`}</span>
                      </Link>
                      <Form method="post">
                        <input type="hidden" name="adviser" value={a.id} />
                        <button
                          type="submit"
                          name="intent"
                          value={a.active ? "switch-off" : "switch-on"}
                          className={BUTTON}
                        >
                          {a.active ? "Switch off" : "Switch on"}
                          <span className="sr-only">{` ${a.name}`}</span>
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-2">No one is an adviser yet.</p>
        )}
        <p className="mt-2 text-sm text-muted">
          An adviser switched off keeps the appointments already booked with them; students book no new time with them.
        </p>
        <h3 className="mt-6 text-lg font-semibold">Make an admin an adviser</h3>
        {candidates.length ? (
          <Form method="post" className="mt-2 max-w-xl space-y-3">
            <ErrorSummary
              formError={marking?.formError}
              fields={errorList(marking?.fieldErrors ?? {}, ["adviser"])}
              answer={marking}
            />
            <input type="hidden" name="intent" value="mark-adviser" />
            <SelectField
              name="adviser"
              label="Admin"
              options={candidates.map((c) => ({ value: String(c.id), label: `${c.name} (${c.email})` }))}
              error={marking?.fieldErrors.adviser}
            />
            <button type="submit" className={PRIMARY}>
              Make them an adviser
            </button>
          </Form>
        ) : (
          <p className="mt-2">{`Every active admin of ${universityName} is an adviser already.`}</p>
        )}
      </section>

      <section aria-labelledby="kinds-heading" className="mt-10">
        <h2 id="kinds-heading" className="text-2xl font-semibold">
          Kinds of appointment
        </h2>
        <p className="mt-2">
          A kind&apos;s length is the time a student books. A kind switched off is no longer offered; the appointments
          booked keep it. Each adviser&apos;s settings say which kinds they offer, online or in person.
        </p>
        {kinds.map((k) => (
          <KindForm key={k.id} kind={k} answer={answer} />
        ))}
        <h3 className="mt-6 text-lg font-semibold">Add a kind of appointment</h3>
        <KindForm kind={null} answer={answer} />
      </section>

      <section aria-labelledby="limit-heading" className="mt-10 max-w-xl">
        <h2 id="limit-heading" className="text-2xl font-semibold">
          Appointments a student may hold
        </h2>
        <Form method="post" className="mt-2 space-y-3">
          <ErrorSummary fields={errorList(limiting?.fieldErrors ?? {}, ["limit"])} answer={limiting} />
          <input type="hidden" name="intent" value="save-limit" />
          <TextField
            name="limit"
            label="Appointments to come one student may hold at once"
            hint="From 1 to 10."
            type="number"
            inputMode="numeric"
            min={1}
            max={10}
            defaultValue={limiting?.values.limit ?? String(limit)}
            error={limiting?.fieldErrors.limit}
          />
          <button type="submit" className={PRIMARY}>
            Save the limit
          </button>
        </Form>
      </section>
    </div>
  );
}
