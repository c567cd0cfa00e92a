import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, SelectField, SubmitButton, TextField } from "~/components/form";
import { errorList } from "~/lib/validation";
import type { EditorAnswer, FairEditorData } from "../manage-page.server";
import { EXHIBITOR_FIELDS, FAIR_FIELDS, TALK_FIELDS } from "../schema";
import { FairFields } from "./fair-fields";

const REMOVE = "rounded border-2 border-red-800 px-3 py-1 text-sm font-semibold text-red-800";

/** A fair's page for those who run it: its details, its exhibitors and its talks, each with its own form. */
export function FairEditorPage({ data, answer }: { data: FairEditorData; answer?: EditorAnswer }) {
  const { details, exhibitors, employers, talks, zones } = data;
  const exhibitor = answer?.exhibitor;
  const talk = answer?.talk;
  return (
    <div className="max-w-3xl">
      <p>
        <Link to={data.listHref} className="text-brand underline">
          All career fairs
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{data.title}</h1>
      <p className="mt-1">{data.when}</p>
      <p className="mt-1">{ticketsLine(data.tickets)}</p>
      <p className="mt-3 flex flex-wrap gap-x-6">
        <Link to={data.pageHref} className="text-brand underline">
          See it as students do
        </Link>
        {data.doorHref ? (
          // A document of its own: only the door page may ask for the camera (its Permissions-Policy).
          <Link to={data.doorHref} reloadDocument className="text-brand underline">
            Check students in at the door
          </Link>
        ) : null}
      </p>
      {answer?.error ? <ErrorSummary formError={answer.error} fields={[]} answer={answer} /> : null}

      <section aria-labelledby="details-heading" className="mt-8">
        <h2 id="details-heading" className="text-2xl font-semibold">
          Details
        </h2>
        <ErrorSummary
          formError={answer?.details?.formError}
          fields={errorList(answer?.details?.fieldErrors ?? {}, [...FAIR_FIELDS])}
          answer={answer?.details}
        />
        <Form method="post" className="mt-4 space-y-5" noValidate>
          <input type="hidden" name="intent" value="details" />
          <FairFields
            values={answer?.details?.values ?? details}
            errors={answer?.details?.fieldErrors ?? {}}
            zones={zones}
          />
          <SubmitButton>Save the details</SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="exhibitors-heading" className="mt-10 border-t border-slate-300 pt-6">
        <h2 id="exhibitors-heading" className="text-2xl font-semibold">
          Exhibitors
        </h2>
        {exhibitors.length === 0 ? <p className="mt-2">No exhibitors yet.</p> : null}
        <ul className="mt-3 space-y-2">
          {exhibitors.map((e) => (
            <Removable
              key={e.id}
              title={e.name}
              detail={
                e.verifiedEmployer ? "Verified employer: its open jobs are shown" : "Typed in: not on the platform"
              }
              intent="remove-exhibitor"
              field="exhibitor"
              id={e.id}
            />
          ))}
        </ul>
        <h3 className="mt-6 text-xl font-semibold">Add an exhibitor</h3>
        <ErrorSummary
          formError={exhibitor?.formError}
          fields={errorList(exhibitor?.fieldErrors ?? {}, [...EXHIBITOR_FIELDS])}
          answer={exhibitor}
        />
        <Form method="post" className="mt-3 space-y-5" noValidate>
          <input type="hidden" name="intent" value="add-exhibitor" />
          <SelectField
            name="organisation"
            label="A verified employer"
            hint="Its open jobs and its sponsor badge are shown on the fair's page."
            options={employers.map((o) => ({ value: String(o.id), label: o.name }))}
            placeholder="None: I type a name below"
            required={false}
            defaultValue={exhibitor?.values?.organisation ?? ""}
            error={exhibitor?.fieldErrors.organisation}
          />
          <TextField
            name="name"
            label="Or an employer's name"
            hint="For an employer not on the platform."
            type="text"
            defaultValue={exhibitor?.values?.name ?? ""}
            error={exhibitor?.fieldErrors.name}
          />
          <SubmitButton>Add the exhibitor</SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="talks-heading" className="mt-10 border-t border-slate-300 pt-6">
        <h2 id="talks-heading" className="text-2xl font-semibold">
          Talks
        </h2>
        {talks.length === 0 ? <p className="mt-2">No talks yet.</p> : null}
        <ul className="mt-3 space-y-2">
          {talks.map((t) => (
            <Removable
              key={t.id}
              title={`${t.start} to ${t.end}: ${t.title}`}
              detail={[t.speaker, t.room].filter(Boolean).join(", ")}
              intent="remove-talk"
              field="talk"
              id={t.id}
              removeLabel={`Remove ${t.title}`}
            />
          ))}
        </ul>
        <h3 className="mt-6 text-xl font-semibold">Add a talk</h3>
        <ErrorSummary
          formError={talk?.formError}
          fields={errorList(talk?.fieldErrors ?? {}, [...TALK_FIELDS])}
          answer={talk}
        />
        <Form method="post" className="mt-3 space-y-5" noValidate>
          <input type="hidden" name="intent" value="add-talk" />
          <TextField
            name="talkTitle"
            label="Title of the talk"
            type="text"
            required
            defaultValue={talk?.values?.talkTitle ?? ""}
            error={talk?.fieldErrors.talkTitle}
          />
          <TextField
            name="speaker"
            label="Speaker"
            hint="Their name, and the employer they are from."
            type="text"
            required
            defaultValue={talk?.values?.speaker ?? ""}
            error={talk?.fieldErrors.speaker}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="talkStart"
              label="Starts at"
              hint="In the fair's time zone."
              type="time"
              required
              defaultValue={talk?.values?.talkStart ?? ""}
              error={talk?.fieldErrors.talkStart}
            />
            <TextField
              name="talkEnd"
              label="Ends at"
              type="time"
              required
              defaultValue={talk?.values?.talkEnd ?? ""}
              error={talk?.fieldErrors.talkEnd}
            />
          </div>
          <TextField
            name="room"
            label="Room (optional)"
            type="text"
            defaultValue={talk?.values?.room ?? ""}
            error={talk?.fieldErrors.room}
          />
          <SubmitButton>Add the talk</SubmitButton>
        </Form>
      </section>

      {data.callOff ? (
        <section aria-labelledby="call-off-heading" className="mt-10 border-t border-slate-300 pt-6">
          <h2 id="call-off-heading" className="text-2xl font-semibold">
            Call the fair off
          </h2>
          <p className="mt-2">
            {`The fair, its exhibitors, talks, tickets and waiting list are deleted. ${data.callOff.told} The email to a ticket holder carries a calendar file that takes it off their calendar. This cannot be undone.`}
          </p>
          <Form method="post" className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="call-off" />
            <p className="flex items-start gap-2">
              <input id="call-off-confirm" name="confirm" value="yes" type="checkbox" required className="mt-1" />
              <label htmlFor="call-off-confirm">Yes, call {data.title} off and tell its students</label>
            </p>
            <button type="submit" className={REMOVE}>
              Call the fair off
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}

function ticketsLine({ taken, capacity, waiting }: FairEditorData["tickets"]) {
  const held = `${taken} ${taken === 1 ? "ticket" : "tickets"}`;
  if (capacity === null) return `${held} taken; no limit on places.`;
  return `${held} taken of ${capacity} ${capacity === 1 ? "place" : "places"}; ${waiting} on the waiting list.`;
}

/** An exhibitor or a talk in the fair's list, with its own "Remove" button. */
function Removable(props: {
  title: string;
  detail: string;
  intent: string;
  field: string;
  id: number;
  removeLabel?: string;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded border border-slate-300 bg-white p-3">
      <span>
        <span className="font-semibold">{props.title}</span>
        <span className="block text-sm text-muted">{props.detail}</span>
      </span>
      <Form method="post">
        <input type="hidden" name="intent" value={props.intent} />
        <input type="hidden" name={props.field} value={props.id} />
        <button type="submit" className={REMOVE}>
          {props.removeLabel ?? `Remove ${props.title}`}
        </button>
      </Form>
    </li>
  );
}
