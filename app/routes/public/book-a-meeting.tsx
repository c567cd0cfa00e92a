import { Form, Link, data, redirect, useLocation } from "react-router";
import { ErrorSummary, Honeypot, RadioGroup, SelectField, SubmitButton, TextField } from "~/components/form";
import { TimeZoneForm } from "~/components/time-zone-form";
import { dbContext, rateLimiterContext } from "~/db/context";
import { MEETING_ROLES } from "~/db/schema/booking-values";
import { siteOrigin } from "~/features/access/site-url.server";
import { outboxContext } from "~/features/email/context";
import { TEAM_AVAILABILITY } from "~/features/meetings/availability";
import {
  BOOKING_EMAIL_LIMIT,
  BOOKING_LIMIT,
  MANAGE_LIMIT,
  type MeetingDeps,
  bookMeeting,
  bookingOf,
  cancelMeeting,
  freeSlots,
  moveMeeting,
} from "~/features/meetings/booking.server";
import { meetingLinksContext } from "~/features/meetings/context";
import { BOOK_PATH } from "~/features/meetings/paths";
import { ROLE_LABELS } from "~/features/meetings/labels";
import { BOOKING_FIELDS, BookingSchema, MoveSchema } from "~/features/meetings/schema";
import { slotLabel } from "~/features/meetings/slots";
import { TIME_ZONES, dayLabel, isTimeZone, zonedParts } from "~/lib/time-zones";
import { clientIpContext, clockContext, configContext } from "~/lib/context";
import { pageTitle } from "~/lib/meta";
import { useBrowserTimeZone } from "~/lib/use-browser-time-zone";
import { receivePublicForm } from "~/lib/public-form.server";
import { formOf, tooManyRequests } from "~/lib/request-body.server";
import { errorList } from "~/lib/validation";
import type { Route } from "./+types/book-a-meeting";

// /book-a-meeting: choose a time in your own time zone and book it; the signed link in the
// confirmation email brings the person back here (?booking=&sig=) to cancel or move it.

function depsOf(request: Request, context: Route.LoaderArgs["context"]): MeetingDeps {
  return {
    db: context.get(dbContext),
    outbox: context.get(outboxContext),
    links: context.get(meetingLinksContext),
    origin: siteOrigin(context),
    teamEmail: context.get(configContext).TEAM_EMAIL,
    now: context.get(clockContext)(),
  };
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const deps = depsOf(request, context);
  const asked = url.searchParams.get("tz") ?? "";
  let booking = null;
  if (url.searchParams.has("booking")) {
    const b = await bookingOf(
      deps.db,
      deps.links,
      Number(url.searchParams.get("booking")),
      url.searchParams.get("sig"),
    );
    if (!b) throw data(null, { status: 404 });
    const slot = { start: b.startsAt, end: b.endsAt };
    booking = {
      id: b.id,
      sig: url.searchParams.get("sig")!,
      status: b.status,
      upcoming: b.status === "booked" && b.startsAt > deps.now,
      when: slotLabel(slot, b.timeZone),
      forUs: b.timeZone === TEAM_AVAILABILITY.timeZone ? null : slotLabel(slot, TEAM_AVAILABILITY.timeZone),
      topic: b.topic,
      timeZone: b.timeZone,
    };
  }
  const zone = isTimeZone(asked) ? asked : (booking?.timeZone ?? TEAM_AVAILABILITY.timeZone);
  // The slots shown only where they can be chosen: a new booking, or moving an upcoming one.
  const choosing = !booking || booking.upcoming;
  const slots = choosing ? await freeSlots(deps.db, deps.now) : [];
  const days = new Map<string, { day: string; label: string; times: { value: string; label: string }[] }>();
  for (const s of slots) {
    const { day, time } = zonedParts(s.start, zone);
    if (!days.has(day)) days.set(day, { day, label: dayLabel(s.start, zone), times: [] });
    days.get(day)!.times.push({ value: s.start.toISOString(), label: `${time} to ${zonedParts(s.end, zone).time}` });
  }
  const day = days.get(url.searchParams.get("day") ?? "") ?? [...days.values()][0] ?? null;
  return {
    zone,
    zoneChosen: isTimeZone(asked),
    zones: TIME_ZONES,
    days: [...days.values()].map((d) => ({ day: d.day, label: d.label, count: d.times.length })),
    day,
    booking,
    done: url.searchParams.get("done"),
    cancelled: url.searchParams.get("cancelled") === "1",
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const deps = depsOf(request, context);
  const limiter = context.get(rateLimiterContext);
  const ip = context.get(clientIpContext);
  const form = await formOf(request);
  const intent = form.get("intent");
  if (intent === "book") {
    return receivePublicForm({
      request,
      form,
      limiter,
      key: `meeting:ip:${ip}`,
      limit: BOOKING_LIMIT,
      alsoLimit: (input) => ({ key: `meeting:email:${input.email.toLowerCase()}`, limit: BOOKING_EMAIL_LIMIT }),
      what: "bookings",
      kept: ["slot", "tz", ...BOOKING_FIELDS],
      schema: BookingSchema,
      store: (input) => bookMeeting(deps, input),
      sent: BOOK_PATH,
    });
  }
  const booking = await bookingOf(
    deps.db,
    deps.links,
    Number(url.searchParams.get("booking")),
    url.searchParams.get("sig"),
  );
  if (!booking || (intent !== "cancel" && intent !== "move")) throw data(null, { status: 404 });
  if (intent === "move") {
    return receivePublicForm({
      request,
      form,
      limiter,
      key: `meeting-manage:ip:${ip}`,
      limit: MANAGE_LIMIT,
      what: "changes",
      kept: ["slot", "tz"],
      schema: MoveSchema,
      store: (input) => moveMeeting(deps, booking, input.slot),
      sent: BOOK_PATH,
    });
  }
  const wait = await limiter.spend(`meeting-manage:ip:${ip}`, MANAGE_LIMIT);
  if (wait > 0) return tooManyRequests({}, wait, "changes");
  await cancelMeeting(deps, booking);
  return redirect(
    `${BOOK_PATH}?booking=${booking.id}&sig=${encodeURIComponent(url.searchParams.get("sig")!)}&cancelled=1`,
    { status: 303 },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const tags = [
    { title: pageTitle(loaderData?.booking ? "Your meeting" : "Book a meeting") },
    {
      name: "description",
      content: "Book a 30-minute online meeting with our team, at a time shown in your own time zone.",
    },
  ];
  // A booking's page is reached only through its signed link.
  return loaderData?.booking ? [...tags, { name: "robots", content: "noindex" }] : tags;
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

const FIELD_ORDER = ["slot", "name", "email", "role", "organisation", "topic"] as const;

export default function BookAMeeting({ loaderData, actionData }: Route.ComponentProps) {
  const { zone, zoneChosen, zones, days, day, booking, done, cancelled } = loaderData;
  useBrowserTimeZone(zoneChosen, zone);
  const location = useLocation();
  const errors = actionData?.fieldErrors ?? {};
  const values: Partial<Record<string, string>> = actionData?.values ?? {};
  const summary = errorList(errors, FIELD_ORDER);
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
        <nav aria-label="Days with open times" className="mt-6">
          <h2 className="text-lg font-semibold">Choose a day</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {days.map((d) => (
              <li key={d.day}>
                <Link
                  to={hrefFor({ day: d.day, tz: zone })}
                  preventScrollReset
                  aria-current={d.day === day?.day ? "true" : undefined}
                  className={`block rounded border px-3 py-2 ${d.day === day?.day ? "border-brand bg-brand font-semibold text-white" : "border-slate-400 bg-white text-brand underline"}`}
                >
                  {`${d.label} (${d.count} open)`}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
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
              <ErrorSummary formError={actionData?.formError} fields={summary} answer={actionData} />
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
      <ErrorSummary formError={actionData?.formError} fields={summary} answer={actionData} />
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
