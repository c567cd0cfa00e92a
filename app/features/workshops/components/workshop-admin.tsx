import { Form } from "react-router";
import { ErrorSummary, SelectField, SubmitButton, TextField } from "~/components/form";
import { WORKSHOP_FORMATS } from "~/db/schema/booking-values";
import { errorList } from "~/lib/validation";
import type { WorkshopsForm, WorkshopsPageData } from "../workshops-page.server";
import { WORKSHOP_FIELDS } from "../schema";

/**
 * A university admin's part of the workshops page: who is coming to their university's workshops
 * (with a button to cancel each) and the form to add one. `form` is the add form's answer, when the
 * action showed it again.
 */
export function WorkshopAdmin({
  attendees,
  zones,
  form,
}: {
  attendees: WorkshopsPageData["attendees"];
  zones: WorkshopsPageData["zones"];
  form?: WorkshopsForm;
}) {
  const adding = form !== undefined;
  const errors: Partial<Record<string, string>> = form?.fieldErrors ?? {};
  const values: Partial<Record<string, string>> = form?.values ?? {};
  return (
    <>
      {attendees.length ? (
        <section aria-labelledby="attendees-heading" className="mt-10">
          <h2 id="attendees-heading" className="text-2xl font-semibold">
            Who is coming to your workshops
          </h2>
          {attendees.map((a) => (
            <details key={a.id} className="mt-3 rounded border border-slate-300 bg-white p-4">
              <summary className="cursor-pointer font-semibold">{`${a.title}: ${a.people.filter((p) => p.status === "registered").length} of ${a.capacity} places taken`}</summary>
              <table className="mt-2 w-full text-left text-sm">
                <caption className="sr-only">{`People registered for ${a.title}`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Place</th>
                  </tr>
                </thead>
                <tbody>
                  {a.people.map((p) => (
                    <tr key={p.email} className="border-t border-slate-200">
                      <td>{p.name}</td>
                      <td>{p.email}</td>
                      <td>{p.status === "registered" ? "Registered" : "Waiting list"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="cancel-workshop" />
                <input type="hidden" name="workshop" value={a.id} />
                <button
                  type="submit"
                  className="rounded border-2 border-red-800 px-3 py-1 text-sm font-semibold text-red-800"
                >
                  {`Cancel ${a.title}`}
                </button>
              </Form>
            </details>
          ))}
        </section>
      ) : null}
      <section aria-labelledby="add-heading" className="mt-10 border-t border-slate-300 pt-6">
        <h2 id="add-heading" className="text-2xl font-semibold">
          Add a workshop for your students
        </h2>
        <p className="mt-1 text-muted">
          Your students see it on their dashboard and register there; it is not shown to anyone else.
        </p>
        {adding ? (
          <ErrorSummary formError={form?.formError} fields={errorList(errors, WORKSHOP_FIELDS)} answer={form} />
        ) : null}
        <Form method="post" className="mt-4 space-y-5" noValidate>
          <input type="hidden" name="intent" value="add-workshop" />
          <TextField
            name="title"
            label="Title"
            type="text"
            required
            defaultValue={adding ? values.title : ""}
            error={adding ? errors.title : undefined}
          />
          <TextField
            name="summary"
            label="What it covers"
            multiline
            rows={3}
            required
            defaultValue={adding ? values.summary : ""}
            error={adding ? errors.summary : undefined}
          />
          <TextField
            name="day"
            label="Date"
            hint="For example 2026-12-03."
            type="date"
            required
            defaultValue={adding ? values.day : ""}
            error={adding ? errors.day : undefined}
          />
          <TextField
            name="time"
            label="Start time"
            hint="For example 14:00, in the event's time zone."
            type="time"
            required
            defaultValue={adding ? values.time : ""}
            error={adding ? errors.time : undefined}
          />
          <SelectField
            name="minutes"
            label="How long it lasts"
            options={[30, 45, 60, 90, 120, 180].map((m) => ({
              value: String(m),
              label: m < 60 ? `${m} minutes` : `${m / 60} hour${m === 60 ? "" : "s"}`,
            }))}
            defaultValue={adding ? values.minutes : "60"}
            error={adding ? errors.minutes : undefined}
          />
          <SelectField
            name="timeZone"
            label="The event's time zone"
            options={zones.map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
            defaultValue={adding ? values.timeZone : "Europe/London"}
            error={adding ? errors.timeZone : undefined}
          />
          <SelectField
            name="format"
            label="Online or in person"
            options={WORKSHOP_FORMATS.map((f) => ({ value: f, label: f === "online" ? "Online" : "In person" }))}
            defaultValue={adding ? values.format : ""}
            error={adding ? errors.format : undefined}
          />
          <TextField
            name="joinUrl"
            label="Joining link (online)"
            hint="Sent only to those with a place."
            type="url"
            defaultValue={adding ? values.joinUrl : ""}
            error={adding ? errors.joinUrl : undefined}
          />
          <TextField
            name="venue"
            label="Venue (in person)"
            hint="The building and room."
            type="text"
            defaultValue={adding ? values.venue : ""}
            error={adding ? errors.venue : undefined}
          />
          <TextField
            name="capacity"
            label="Places"
            type="number"
            inputMode="numeric"
            min={1}
            required
            defaultValue={adding ? values.capacity : "30"}
            error={adding ? errors.capacity : undefined}
          />
          <SubmitButton>Add the workshop</SubmitButton>
        </Form>
      </section>
    </>
  );
}
