import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, Honeypot, SubmitButton, TextField } from "~/components/form";
import { TimeZoneForm } from "~/components/time-zone-form";
import { useBrowserTimeZone } from "~/lib/use-browser-time-zone";
import { errorList } from "~/lib/validation";
import type { WorkshopsForm, WorkshopsPageData } from "../workshops-page.server";
import { WorkshopAdmin } from "./workshop-admin";

/**
 * /workshop-and-webinars: what is coming up (with a registration form for each, or one button for
 * someone logged in), past sessions' recordings, and for a university admin their attendees and the
 * form to add a workshop.
 */
export function WorkshopsPage({ data, form }: { data: WorkshopsPageData; form?: WorkshopsForm }) {
  const { zone, zoneChosen, zones, closed, sent, loggedIn, isAdmin, upcoming, past, attendees } = data;
  useBrowserTimeZone(zoneChosen, zone);
  const errors: Partial<Record<string, string>> = form?.fieldErrors ?? {};
  const values: Partial<Record<string, string>> = form?.values ?? {};
  const adding = !!form && "title" in form.values;
  const registeringFor = Number(values.workshop ?? 0);

  return (
    <div className="max-w-4xl">
      <h1 className="text-3xl font-bold">Workshops and webinars</h1>
      <p className="mt-2 text-lg">
        Free sessions on finding work, CVs, interviews and visas, run by our team and by university careers services.
        Register for a place and we email you a calendar invitation, and a reminder the day before.
      </p>
      {closed ? (
        <p role="status" className="mt-4 rounded border-2 border-amber-700 bg-amber-50 p-3">
          Registration for that workshop has closed: it has started, or it was cancelled.
        </p>
      ) : null}
      {sent ? (
        <p role="status" className="mt-4 rounded border-2 border-green-700 bg-green-50 p-3 font-semibold">
          Thank you. Check your email: we have sent the details of your place there, with a link to see it or give it
          up. If the workshop is full, the email says where you are on its waiting list.
        </p>
      ) : null}
      <TimeZoneForm zone={zone} zones={zones} />
      {!adding ? (
        <ErrorSummary formError={form?.formError} fields={errorList(errors, ["name", "email"])} answer={form} />
      ) : null}

      <section aria-labelledby="upcoming-heading" className="mt-8">
        <h2 id="upcoming-heading" className="text-2xl font-semibold">
          Coming up
        </h2>
        {upcoming.length === 0 ? (
          <p className="mt-2">No workshops are planned just now. Past sessions and their recordings are below.</p>
        ) : null}
        <ul className="mt-4 space-y-4">
          {upcoming.map((w) => (
            <li key={w.id} className="rounded border border-slate-300 bg-white p-5">
              <h3 id={`workshop-${w.id}`} className="text-xl font-semibold">
                {w.title}
              </h3>
              {w.forUniversity ? (
                <p className="mt-1 text-sm font-semibold">For your university&apos;s students and staff</p>
              ) : null}
              <p className="mt-2">{w.summary}</p>
              <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="font-semibold">When</dt>
                <dd>
                  {w.when}
                  {w.eventWhen ? <span className="block text-muted">{`Event time: ${w.eventWhen}`}</span> : null}
                </dd>
                <dt className="font-semibold">Where</dt>
                <dd>{w.where}</dd>
                <dt className="font-semibold">Places</dt>
                <dd>{w.placesLeft > 0 ? `${w.placesLeft} left` : `Full: ${w.waiting} on the waiting list`}</dd>
              </dl>
              {w.mine ? (
                <p className="mt-3 font-semibold">
                  {w.mine.status === "registered" ? "You have a place. " : "You are on the waiting list. "}
                  <Link to={w.mine.link} className="text-brand underline">
                    Your registration
                  </Link>
                </p>
              ) : loggedIn ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="register" />
                  <input type="hidden" name="workshop" value={w.id} />
                  <button
                    type="submit"
                    aria-describedby={`workshop-${w.id}`}
                    className="rounded bg-brand px-4 py-2 font-semibold text-white"
                  >
                    {w.placesLeft > 0 ? "Register" : "Join the waiting list"}
                  </button>
                </Form>
              ) : (
                <details className="mt-3" open={registeringFor === w.id}>
                  <summary className="cursor-pointer font-semibold text-brand underline">
                    {w.placesLeft > 0 ? "Register for a place" : "Join the waiting list"}
                  </summary>
                  <Form method="post" className="mt-3 space-y-4" noValidate>
                    <input type="hidden" name="intent" value="register" />
                    <input type="hidden" name="workshop" value={w.id} />
                    <TextField
                      name="name"
                      label="Full name"
                      type="text"
                      autoComplete="name"
                      required
                      defaultValue={registeringFor === w.id ? (values.name ?? "") : ""}
                      error={registeringFor === w.id ? errors.name : undefined}
                    />
                    <TextField
                      name="email"
                      label="Email"
                      hint="Where we send the invitation and the reminder."
                      type="email"
                      autoComplete="email"
                      spellCheck={false}
                      required
                      defaultValue={registeringFor === w.id ? (values.email ?? "") : ""}
                      error={registeringFor === w.id ? errors.email : undefined}
                    />
                    <Honeypot id={`website-${w.id}`} />
                    <SubmitButton>{w.placesLeft > 0 ? "Register" : "Join the waiting list"}</SubmitButton>
                  </Form>
                </details>
              )}
            </li>
          ))}
        </ul>
      </section>

      {past.length ? (
        <section aria-labelledby="past-heading" className="mt-10">
          <h2 id="past-heading" className="text-2xl font-semibold">
            Past sessions with recordings
          </h2>
          <ul className="mt-4 space-y-3">
            {past.map((w) => (
              <li key={w.id}>
                <Link to={w.recordingUrl} className="font-semibold text-brand underline">
                  {`Watch: ${w.title}`}
                </Link>
                <p className="text-sm text-muted">{w.when}</p>
                <p>{w.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {isAdmin ? <WorkshopAdmin attendees={attendees} zones={zones} form={adding ? form : undefined} /> : null}
      <p className="mt-10 text-sm text-muted">
        Registered already? The link in your email shows your place and lets you give it up.
      </p>
    </div>
  );
}
