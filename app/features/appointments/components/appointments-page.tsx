import { Form, useLocation } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, RadioGroup, SelectField, SubmitButton, TextField } from "~/components/form";
import { DayChooser } from "~/components/day-chooser";
import { TimeZoneForm } from "~/components/time-zone-form";
import { useBrowserTimeZone } from "~/lib/use-browser-time-zone";
import { errorList } from "~/lib/validation";
import type { AppointmentsAnswer, AppointmentsPageData } from "../appointments-page.server";
import { APPOINTMENTS_PATH } from "../paths";
import { BOOK_FIELDS } from "../values";
import { MoveAppointment } from "./move-appointment";

/**
 * /appointments: the student's appointments to come, with "Move" and "Cancel" up to the adviser's
 * notice; then booking: a kind of appointment, a day, a time in their own time zone (any adviser, or
 * one), and a note. Moving one (`?move=`), its adviser's other free times come first.
 */
export function AppointmentsPage({ data, answer }: { data: AppointmentsPageData; answer?: AppointmentsAnswer }) {
  const { zone, zoneChosen, zones, kinds, kind, adviser, moving, days, day, appointments } = data;
  useBrowserTimeZone(zoneChosen, zone);
  const location = useLocation();
  const refused = answer?.book;
  const errors = refused?.fieldErrors ?? {};
  // A move refused once its form is gone (too late by now, or cancelled meanwhile) is said at the top.
  const topError = answer?.error ?? (moving ? null : answer?.move?.formError);
  const hrefFor = (change: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(change)) {
      if (v === null) params.delete(k);
      else params.set(k, v);
    }
    return `${APPOINTMENTS_PATH}?${params}`;
  };
  const where = (a: AppointmentsPageData["appointments"][number]) =>
    a.mode === "online" ? (
      <>
        {"Online: "}
        <a href={a.location} className="text-brand underline">
          join the meeting
        </a>
      </>
    ) : (
      `In person: ${a.location}`
    );

  return (
    <div className="max-w-4xl">
      <h1 className="text-3xl font-bold">Appointments with a careers adviser</h1>
      <p className="mt-2">
        Book time with an adviser of your university&apos;s careers service: a CV review, careers guidance, or help with
        working in the UK after your studies. Times are shown in your time zone.
      </p>
      {topError ? <ErrorSummary formError={topError} fields={[]} answer={answer} /> : null}

      <section aria-labelledby="yours-heading" className="mt-8">
        <h2 id="yours-heading" className="text-xl font-semibold">
          Your appointments
        </h2>
        {appointments.length ? (
          <ul className="mt-3 space-y-3">
            {appointments.map((a) => (
              <li key={a.id} className="rounded border border-slate-300 bg-white p-4">
                <p className="font-semibold">{`${a.kind} with ${a.adviser}`}</p>
                <p>{`${a.when} (${zone.replaceAll("_", " ")})`}</p>
                <p>{where(a)}</p>
                {a.note ? <p className="mt-1 text-muted">{`Your note: ${a.note}`}</p> : null}
                {a.changeable ? (
                  <div className="mt-2 flex flex-wrap items-center gap-3">
                    <Link
                      to={`${APPOINTMENTS_PATH}?${new URLSearchParams({ move: String(a.id), tz: zone })}`}
                      className="rounded border border-slate-500 px-3 py-1.5 font-semibold text-brand underline"
                      aria-label={`Move your ${a.kind} on ${a.when}`}
                      aria-current={moving?.id === a.id ? "true" : undefined}
                    >
                      Move
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="intent" value="cancel" />
                      <input type="hidden" name="tz" value={zone} />
                      <input type="hidden" name="appointment" value={a.id} />
                      <button
                        type="submit"
                        className="rounded border border-slate-500 px-3 py-1.5 font-semibold"
                        aria-label={`Cancel your ${a.kind} on ${a.when}`}
                      >
                        Cancel
                      </button>
                    </Form>
                  </div>
                ) : (
                  <p className="mt-2">
                    It is too late to move or cancel it here: contact your careers service if you cannot come.
                  </p>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2">You have no appointments booked.</p>
        )}
      </section>

      {moving ? (
        <MoveAppointment
          moving={moving}
          zone={zone}
          zones={zones}
          days={days}
          day={day}
          answer={answer}
          dayHref={(d) => hrefFor({ day: d, tz: zone })}
        />
      ) : null}

      <section aria-labelledby="book-heading" className="mt-10">
        <h2 id="book-heading" className="text-xl font-semibold">
          Book an appointment
        </h2>
        {kinds.length === 0 ? (
          <p className="mt-2">Your careers service does not take bookings here yet.</p>
        ) : (
          <nav aria-label="Kinds of appointment" className="mt-3">
            <ul className="flex flex-wrap gap-2">
              {kinds.map((k) => (
                <li key={k.id}>
                  <Link
                    to={hrefFor({ type: String(k.id), adviser: null, day: null, move: null })}
                    aria-current={k.id === kind?.id ? "true" : undefined}
                    className={`block rounded border px-3 py-2 ${k.id === kind?.id ? "border-brand bg-brand font-semibold text-white" : "border-slate-400 bg-white text-brand underline"}`}
                  >
                    {`${k.name} (${k.minutes} minutes)`}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {kind ? (
          <>
            <TimeZoneForm
              zone={zone}
              zones={zones}
              keep={{ type: String(kind.id), ...(adviser ? { adviser: String(adviser) } : {}) }}
            />
            {kind.advisers.length > 1 ? (
              <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Adviser">
                <input type="hidden" name="type" value={kind.id} />
                <input type="hidden" name="tz" value={zone} />
                <div className="min-w-64 flex-1">
                  <SelectField
                    name="adviser"
                    label="Adviser"
                    options={kind.advisers.map((a) => ({ value: String(a.id), label: a.name }))}
                    defaultValue={adviser ? String(adviser) : ""}
                    placeholder="Any adviser"
                    required={false}
                  />
                </div>
                <button type="submit" className="rounded border-2 border-brand px-4 py-2 font-semibold text-brand">
                  Show their times
                </button>
              </Form>
            ) : null}
            {days.length === 0 ? (
              <p className="mt-6">Every time is taken for now. Please look again in a few days.</p>
            ) : (
              <DayChooser
                days={days}
                current={day?.day}
                hrefFor={(d) => hrefFor({ day: d, tz: zone })}
                label="Days with free times"
                counted="free"
                heading="h3"
              />
            )}
            {day ? (
              <Form method="post" className="mt-6 space-y-4">
                <ErrorSummary formError={refused?.formError} fields={errorList(errors, BOOK_FIELDS)} answer={answer} />
                <input type="hidden" name="intent" value="book" />
                <input type="hidden" name="type" value={kind.id} />
                <input type="hidden" name="adviser" value={adviser ?? ""} />
                <input type="hidden" name="tz" value={zone} />
                <RadioGroup
                  name="start"
                  legend={`Times on ${day.label}`}
                  hint={`Each ${kind.name} lasts ${kind.minutes} minutes. Times are in ${zone.replaceAll("_", " ")}.`}
                  options={day.times}
                  checked={refused?.values?.start}
                  error={errors.start}
                />
                <TextField
                  name="note"
                  label="What would you like help with? (optional)"
                  hint="Your adviser reads this before you meet. 500 characters at most."
                  multiline
                  rows={3}
                  maxLength={500}
                  defaultValue={refused?.values?.note}
                  error={errors.note}
                  required={false}
                />
                <SubmitButton>Book this appointment</SubmitButton>
              </Form>
            ) : null}
          </>
        ) : null}
      </section>
    </div>
  );
}
