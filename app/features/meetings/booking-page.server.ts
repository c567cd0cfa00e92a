import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import { siteOrigin } from "~/features/access/index.server";
import { outboxContext } from "~/features/email";
import { clientIpContext, clockContext, configContext } from "~/lib/context";
import { receivePublicForm } from "~/lib/public-form.server";
import { type FormState, formOf, tooManyRequests } from "~/lib/request-body.server";
import { TIME_ZONES, isTimeZone, timesByDay } from "~/lib/time-zones";
import { TEAM_AVAILABILITY } from "./availability";
import {
  BOOKING_EMAIL_LIMIT,
  BOOKING_LIMIT,
  MANAGE_LIMIT,
  type MeetingDeps,
  bookMeeting,
  bookingOf,
  cancelMeeting,
  freeSlots,
  meetingCalendar,
  moveMeeting,
} from "./booking.server";
import { meetingLinksContext } from "./context";
import { BOOK_PATH } from "./paths";
import { BOOKING_FIELDS, BookingSchema, MoveSchema } from "./schema";
import { slotLabel } from "./slots";

// /book-a-meeting: choose a time in your own time zone and book it; the signed link in the
// confirmation email brings the person back here (?booking=&sig=) to cancel or move it.

type Context = Readonly<RouterContextProvider>;

function depsOf(context: Context): MeetingDeps {
  return {
    db: context.get(dbContext),
    outbox: context.get(outboxContext),
    links: context.get(meetingLinksContext),
    origin: siteOrigin(context),
    teamEmail: context.get(configContext).TEAM_EMAIL,
    now: context.get(clockContext)(),
  };
}

/** The booking page: the open times of the day chosen in the zone asked for, and the booking its signed link names, if any. */
export async function loadBookingPage(url: URL, context: Context) {
  const deps = depsOf(context);
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
  const days = timesByDay(slots, zone);
  const day = days.find((d) => d.day === url.searchParams.get("day")) ?? days[0] ?? null;
  return {
    zone,
    zoneChosen: isTimeZone(asked),
    zones: TIME_ZONES,
    days: days.map((d) => ({ day: d.day, label: d.label, count: d.times.length })),
    day,
    booking,
    done: url.searchParams.get("done"),
    cancelled: url.searchParams.get("cancelled") === "1",
  };
}

export type BookingPageData = Awaited<ReturnType<typeof loadBookingPage>>;
/** What the action answers when it shows the booking or moving form again. */
export type BookingForm = FormState<Partial<Record<string, string>>>;

/** A new booking (`book`), or, through the booking's signed link, moving it (`move`) or cancelling it (`cancel`). */
export async function bookingPageAction(request: Request, url: URL, context: Context) {
  const deps = depsOf(context);
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

/** A booked meeting as a calendar file, from the signed link of its page (the same as the email's attachment). */
export async function meetingCalendarFile(url: URL, context: Context) {
  const links = context.get(meetingLinksContext);
  const booking = await bookingOf(
    context.get(dbContext),
    links,
    Number(url.searchParams.get("booking")),
    url.searchParams.get("sig"),
  );
  if (!booking) throw data("This link is not valid: open the one in your confirmation email.", { status: 404 });
  const body = meetingCalendar(booking, { links, origin: siteOrigin(context), now: context.get(clockContext)() });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="meeting.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}
