import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, SelectField, TextField } from "~/components/form";
import type { AdviserDayAnswer, AdviserDayData } from "../adviser-day.server";
import { ADVISER_DAY_PATH, SETTINGS_PATH } from "../paths";

type Appointment = AdviserDayData["appointments"][number];

const BUTTON = "rounded border border-slate-500 px-3 py-1.5 font-semibold hover:bg-slate-100";
const LINK = "font-semibold text-brand underline";

/** The day and adviser a post comes back to. */
function Back({ day, adviser }: { day: string; adviser: number }) {
  return (
    <>
      <input type="hidden" name="day" value={day} />
      <input type="hidden" name="adviser" value={adviser} />
    </>
  );
}

function AppointmentCard({
  a,
  day,
  adviser,
  answer,
}: {
  a: Appointment;
  day: string;
  adviser: number;
  answer?: AdviserDayAnswer;
}) {
  const refused = answer?.notes?.appointment === a.id ? answer.notes : null;
  const cancelled = a.status === "cancelled";
  return (
    <li id={`appointment-${a.id}`} className="rounded border border-slate-300 bg-white p-4">
      <h3 className="text-lg font-semibold">{`${a.time}: ${a.kind} with ${a.student.name}`}</h3>
      {cancelled ? <p className="mt-1 font-semibold text-red-900">Cancelled by the student.</p> : null}
      {a.noShow ? <p className="mt-1 font-semibold text-red-900">Marked as a no-show.</p> : null}
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium">Where</dt>
        <dd>
          {a.mode === "online" ? (
            <>
              {"Online: "}
              <a href={a.location} className={LINK}>
                the meeting link
              </a>
            </>
          ) : (
            `In person: ${a.location}`
          )}
        </dd>
        <dt className="font-medium">Student</dt>
        <dd>
          <span className="break-all">{`${a.student.name} (${a.student.email})`}</span>
          {a.profilePath ? (
            <>
              {" · "}
              <Link to={a.profilePath} className={LINK}>
                Profile<span className="sr-only">{` of ${a.student.name}`}</span>
              </Link>
            </>
          ) : null}
          {a.cvPath ? (
            <>
              {" · "}
              <a href={a.cvPath} className={LINK}>
                CV (PDF)<span className="sr-only">{` of ${a.student.name}`}</span>
              </a>
            </>
          ) : a.profilePath ? (
            " · No CV written yet"
          ) : null}
        </dd>
        <dt className="font-medium">Their note</dt>
        <dd>{a.note ?? "No note."}</dd>
      </dl>
      <Form method="post" className="mt-3 space-y-2">
        <input type="hidden" name="intent" value="save-notes" />
        <input type="hidden" name="appointment" value={a.id} />
        <Back day={day} adviser={adviser} />
        <TextField
          id={`notes-${a.id}`}
          name="notes"
          label="Notes after the meeting"
          hint="Seen by your careers service only, never by the student."
          multiline
          rows={3}
          maxLength={5000}
          defaultValue={refused?.value ?? a.adviserNotes}
          error={refused?.error}
        />
        <button type="submit" className={BUTTON}>
          Save notes<span className="sr-only">{` on ${a.student.name}'s ${a.kind}`}</span>
        </button>
      </Form>
      {cancelled ? null : a.started ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="no-show" />
          <input type="hidden" name="appointment" value={a.id} />
          <input type="hidden" name="noShow" value={a.noShow ? "no" : "yes"} />
          <Back day={day} adviser={adviser} />
          <button type="submit" className={BUTTON}>
            {a.noShow ? "Undo the no-show" : "Mark as a no-show"}
            <span className="sr-only">{`: ${a.student.name}, ${a.time}`}</span>
          </button>
        </Form>
      ) : (
        <p className="mt-3 text-sm text-muted">A no-show can be marked once the appointment has started.</p>
      )}
    </li>
  );
}

function CalendarFeed({ on, url }: { on: boolean; url?: string }) {
  return (
    <section aria-labelledby="feed-heading" className="mt-10">
      <h2 id="feed-heading" className="text-xl font-semibold">
        Your calendar feed
      </h2>
      <p className="mt-2">
        Subscribe to your appointments in Outlook or Google Calendar: they appear there, and move or go when students
        move or cancel them. Notes after meetings are never in it.
      </p>
      {url ? (
        <div role="status" className="mt-4 rounded border-2 border-brand bg-white p-4">
          <p className="font-semibold">Copy your feed&apos;s address now: it is shown only this once.</p>
          <label htmlFor="feed-url" className="mt-2 block font-medium">
            Calendar feed address
          </label>
          <input
            id="feed-url"
            readOnly
            value={url}
            className="mt-1 w-full rounded border border-slate-500 px-3 py-2 font-mono text-sm"
            onFocus={(e) => e.currentTarget.select()}
          />
          <p className="mt-2 text-sm">
            In Outlook: Add calendar, then Subscribe from web. In Google Calendar: Other calendars, then From URL.
            Anyone with the address sees your appointments: keep it to yourself.
          </p>
        </div>
      ) : null}
      <p className="mt-4">
        {on
          ? "Your feed is on. A new address stops the old one working."
          : "You have no feed. Its address is made for you alone."}
      </p>
      <div className="mt-2 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="create-feed" />
          <button type="submit" className={BUTTON}>
            {on ? "Make a new feed address" : "Make a feed address"}
          </button>
        </Form>
        {on ? (
          <Form method="post">
            <input type="hidden" name="intent" value="revoke-feed" />
            <button type="submit" className={BUTTON}>
              Turn the feed off
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

/**
 * /university-dashboard/appointments: an adviser's day, who is coming and why, the careers service's
 * notes after each appointment and no-shows; another adviser's day; the adviser's own calendar feed.
 */
export function AdviserDayPage({ data, answer }: { data: AdviserDayData; answer?: AdviserDayAnswer }) {
  const { adviser, advisers, appointments, feed, day, previous, next, today, isToday } = data;
  const dayHref = (d: string) => `${ADVISER_DAY_PATH}?day=${d}${adviser ? `&adviser=${adviser.id}` : ""}`;
  return (
    <div className="max-w-4xl">
      <h1 className="text-3xl font-bold">Appointments</h1>
      <p className="mt-2">
        {"Who is coming to see your careers service's advisers, and why. "}
        <Link to={SETTINGS_PATH} className={LINK}>
          Advisers, their hours and the kinds of appointment
        </Link>
      </p>
      {answer?.error ? <ErrorSummary formError={answer.error} fields={[]} answer={answer} /> : null}
      {!adviser ? (
        <p className="mt-6">
          {`${data.universityName} has no advisers yet. Mark an admin as an adviser in the settings, with their hours and the kinds of appointment they offer.`}
        </p>
      ) : (
        <>
          {advisers.length > 1 ? (
            <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Adviser">
              <input type="hidden" name="day" value={day} />
              <div className="min-w-64 flex-1">
                <SelectField
                  name="adviser"
                  label="Adviser"
                  options={advisers.map((a) => ({
                    value: String(a.id),
                    label: a.active ? a.name : `${a.name} (switched off)`,
                  }))}
                  defaultValue={String(adviser.id)}
                />
              </div>
              <button type="submit" className="rounded border-2 border-brand px-4 py-2 font-semibold text-brand">
                Show their day
              </button>
            </Form>
          ) : null}
          <nav aria-label="Days" className="mt-6 flex flex-wrap items-end gap-4">
            <Link to={dayHref(previous)} className={LINK}>
              Previous day
            </Link>
            {isToday ? null : (
              <Link to={dayHref(today)} className={LINK}>
                Today
              </Link>
            )}
            <Link to={dayHref(next)} className={LINK}>
              Next day
            </Link>
            <Form method="get" className="flex items-end gap-2">
              <input type="hidden" name="adviser" value={adviser.id} />
              <div>
                <label htmlFor="day" className="block font-medium">
                  Another day
                </label>
                <input
                  id="day"
                  name="day"
                  type="date"
                  defaultValue={day}
                  className="mt-1 rounded border border-slate-500 px-3 py-2"
                />
              </div>
              <button type="submit" className={BUTTON}>
                Show the day
              </button>
            </Form>
          </nav>
          <section aria-labelledby="day-heading" className="mt-8">
            <h2 id="day-heading" className="text-2xl font-semibold">
              {`${adviser.name}: ${data.dayLabel}`}
            </h2>
            <p className="text-sm text-muted">
              {`Times in ${adviser.zone.replaceAll("_", " ")}.${adviser.active ? "" : " This adviser is switched off: students book no new time with them."}`}
            </p>
            {appointments.length === 0 ? (
              <p className="mt-4">No appointments on this day.</p>
            ) : (
              <ol className="mt-4 space-y-4">
                {appointments.map((a) => (
                  <AppointmentCard key={a.id} a={a} day={day} adviser={adviser.id} answer={answer} />
                ))}
              </ol>
            )}
          </section>
          {feed ? <CalendarFeed on={feed.on} url={answer?.feedUrl} /> : null}
        </>
      )}
    </div>
  );
}
