import { Form, useLocation } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, Honeypot, RadioGroup, SelectField, SubmitButton, TextField } from "~/components/form";
import { DayChooser } from "~/components/day-chooser";
import { TimeZoneForm } from "~/components/time-zone-form";
import { MEETING_ROLES } from "~/db/schema/booking-values";
import { useBrowserTimeZone } from "~/lib/use-browser-time-zone";
import { errorList } from "~/lib/validation";
import { TEAM_AVAILABILITY } from "../availability";
import type { BookingForm, BookingPageData } from "../booking-page.server";
import { ROLE_LABELS } from "../labels";
import { BOOK_PATH } from "../paths";
import { BOOKING_FIELDS } from "../schema";

/**
 * /book-a-meeting: the day and time chooser in the person's time zone with the booking form; or,
 * through a booking's signed link, the meeting, with buttons to cancel it or move it to another time.
 */
export function BookAMeetingPage({ data, form }: { data: BookingPageData; form?: BookingForm }) {
  const { zone, zoneChosen, zones, days, day, booking, done, cancelled } = data;
  useBrowserTimeZone(zoneChosen, zone);
  const location = useLocation();
  const errors = form?.fieldErrors ?? {};
  const values: Partial<Record<string, string>> = form?.values ?? {};
  const summary = errorList(errors, BOOKING_FIELDS);
  const hrefFor = (change: Record<string, string>) => {
    const params = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(change)) params.set(k, v);
    params.delete("done");
    params.delete("cancelled");
    return `${BOOK_PATH}?${params}`;
  };
  const manage = booking ? `?booking=${booking.id}&sig=${encodeURIComponent(booking.sig)}` : "";

  const chooser = (
    <>
      <TimeZoneForm zone={zone} zones={zones} keep={booking ? { booking: String(booking.id), sig: booking.sig } : {}} />
      {days.length === 0 ? (
        <p className="mt-6">
          Every time in the next four weeks is taken. Please look again in a few days, or write to us through the
          contact page.
        </p>
      ) : (
        <DayChooser
          days={days}
          current={day?.day}
          hrefFor={(d) => hrefFor({ day: d, tz: zone })}
          label="Days with open times"
          counted="open"
        />
      )}
    </>
  );
  const times = day ? (
    <RadioGroup
      name="slot"
      legend={`Times on ${day.label}`}
      hint={`Each meeting lasts ${TEAM_AVAILABILITY.slotMinutes} minutes. Times are in ${zone.replaceAll("_", " ")}.`}
      options={day.times}
      checked={values.slot}
      error={errors.slot}
    />
  ) : null;

  if (booking) {
    return (
      <div className="max-w-3xl">
        {done ? (
          <div role="status" className="rounded border-2 border-green-700 bg-green-50 p-4">
            <h2 className="font-semibold">{done === "moved" ? "Your meeting has moved" : "Your meeting is booked"}</h2>
            <p className="mt-1">
              We have emailed you the details with a calendar file. The link in that email brings you back to this page.
            </p>
          </div>
        ) : null}
        {cancelled ? (
          <div role="status" className="rounded border-2 border-green-700 bg-green-50 p-4">
            <h2 className="font-semibold">Your meeting is cancelled</h2>
          </div>
        ) : null}
        <h1 className="mt-6 text-3xl font-bold">Your meeting</h1>
        <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold">When</dt>
          <dd>{booking.when}</dd>
          {booking.forUs ? (
            <>
              <dt className="font-semibold">Our time</dt>
              <dd>{booking.forUs}</dd>
            </>
          ) : null}
          {booking.topic ? (
            <>
              <dt className="font-semibold">About</dt>
              <dd>{booking.topic}</dd>
            </>
          ) : null}
          <dt className="font-semibold">Status</dt>
          <dd>
            {booking.status === "booked"
              ? booking.upcoming
                ? "Booked"
                : "Held"
              : booking.status === "moved"
                ? "Moved to another time (see the email we sent)"
                : "Cancelled"}
          </dd>
        </dl>
        {booking.status === "booked" ? (
          <p className="mt-4">
            <a href={`${BOOK_PATH}/meeting.ics${manage}`} className="text-brand underline">
              Add it to your calendar (.ics file)
            </a>
          </p>
        ) : null}
        {booking.upcoming ? (
          <>
            <Form method="post" action={`${BOOK_PATH}${manage}`} className="mt-6">
              <input type="hidden" name="intent" value="cancel" />
              <button type="submit" className="rounded border-2 border-red-800 px-4 py-2 font-semibold text-red-800">
                Cancel the meeting
              </button>
            </Form>
            <section aria-labelledby="move-heading" className="mt-10 border-t border-slate-300 pt-6">
              <h2 id="move-heading" className="text-2xl font-semibold">
                Move it to another time
              </h2>
              <ErrorSummary formError={form?.formError} fields={summary} answer={form} />
              {chooser}
              {day ? (
                <Form method="post" action={`${BOOK_PATH}${manage}`} className="mt-6 space-y-5" noValidate>
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="tz" value={zone} />
                  {times}
                  <SubmitButton>Move the meeting</SubmitButton>
                </Form>
              ) : null}
            </section>
          </>
        ) : (
          <p className="mt-6">
            <Link to={BOOK_PATH} className="text-brand underline">
              Book a new meeting
            </Link>
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-bold">Book a meeting</h1>
      <p className="mt-2 text-lg">
        Talk to our team for {TEAM_AVAILABILITY.slotMinutes} minutes, online: about bringing the platform to your
        university, working with us as an employer, or a question the site does not answer.
      </p>
      <p className="mt-2 text-muted">
        Times are open from a day ahead to four weeks ahead. You get a confirmation email with a calendar file, and a
        link to cancel or move the meeting.
      </p>
      <ErrorSummary formError={form?.formError} fields={summary} answer={form} />
      {chooser}
      {day ? (
        <Form method="post" className="mt-6 space-y-5" noValidate>
          <input type="hidden" name="intent" value="book" />
          <input type="hidden" name="tz" value={zone} />
          {times}
          <TextField
            name="name"
            label="Full name"
            type="text"
            autoComplete="name"
            required
            defaultValue={values.name ?? ""}
            error={errors.name}
          />
          <TextField
            name="email"
            label="Email"
            hint="Where we send the confirmation."
            type="email"
            autoComplete="email"
            spellCheck={false}
            required
            defaultValue={values.email ?? ""}
            error={errors.email}
          />
          <SelectField
            name="role"
            label="Which describes you best?"
            options={MEETING_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            defaultValue={values.role ?? ""}
            error={errors.role}
          />
          <TextField
            name="organisation"
            label="University or organisation"
            hint="Optional."
            type="text"
            autoComplete="organization"
            defaultValue={values.organisation ?? ""}
            error={errors.organisation}
          />
          <TextField
            name="topic"
            label="What would you like to talk about?"
            hint="Optional, up to 1,000 characters."
            multiline
            rows={4}
            defaultValue={values.topic ?? ""}
            error={errors.topic}
          />
          <Honeypot />
          <SubmitButton>Book the meeting</SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}
