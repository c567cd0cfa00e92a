import { type RouterContextProvider, data, redirect } from "react-router";
import { z } from "zod";
import "~/lib/zod-jitless";
import { dbContext, rateLimiterContext } from "~/db/context";
import type { Limit } from "~/db/rate-limiter.server";
import { requireStudent } from "~/features/access/index.server";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { FormRefusal } from "~/lib/public-form.server";
import { formOf, keptValues } from "~/lib/request-body.server";
import { TIME_ZONES, dayLabel, isTimeZone, timesByDay, zonedParts } from "~/lib/time-zones";
import { type FormAnswer, validate } from "~/lib/validation";
import { bookAppointment, cancelAppointment, kindsOffered, studentAppointments, timesFor } from "./booking.server";
import { APPOINTMENTS_PATH } from "./paths";
import { BOOK_FIELDS, type BookField } from "./values";

type Context = Readonly<RouterContextProvider>;

/** Bookings and cancellations a student may make in an hour: more is not a person choosing a time. */
export const APPOINTMENT_CHANGES_LIMIT: Limit = { max: 20, windowSeconds: 60 * 60 };

const BookSchema = z.object({
  type: z.coerce.number({ error: "Choose a kind of appointment" }).int().positive("Choose a kind of appointment"),
  adviser: z.union([z.literal("").transform(() => null), z.coerce.number().int().positive()]).catch(null),
  start: z.iso.datetime({ error: "Choose a time" }).transform((s) => new Date(s)),
  note: z
    .string()
    .trim()
    .max(500, "Keep it to 500 characters")
    .transform((s) => s || null),
  tz: z.string().trim().refine(isTimeZone, "Choose your time zone from the list").catch("Europe/London"),
});

/** The university every appointment of the student belongs to; a student of none has no careers service here. */
function universityOf(student: { universityId: number | null }): number {
  if (student.universityId === null) throw data(null, { status: 404 });
  return student.universityId;
}

const when = (start: Date, end: Date, zone: string) =>
  `${dayLabel(start, zone, true)}, ${zonedParts(start, zone).time} to ${zonedParts(end, zone).time}`;

/**
 * /appointments: the student's upcoming appointments, the kinds their careers service offers, and, for
 * the kind chosen (`?type=`), its free times across advisers (or `?adviser=`) by day, in the time zone
 * asked for (`?tz=`).
 */
export async function loadAppointmentsPage(url: URL, context: Context) {
  const student = requireStudent(context);
  const universityId = universityOf(student);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const asked = url.searchParams.get("tz") ?? "";
  const zone = isTimeZone(asked) ? asked : "Europe/London";
  const kinds = await kindsOffered(db, universityId);
  const typeId = Number(url.searchParams.get("type"));
  const kind = kinds.find((k) => k.id === typeId) ?? null;
  const adviserId = Number(url.searchParams.get("adviser")) || null;
  const adviser = kind?.advisers.find((a) => a.userId === adviserId) ?? null;
  const found = kind
    ? await timesFor(
        db,
        { universityId, studentUserId: student.id, typeId: kind.id, adviserUserId: adviser?.userId },
        now,
      )
    : null;
  const days = timesByDay(found?.times ?? [], zone);
  const day = days.find((d) => d.day === url.searchParams.get("day")) ?? days[0] ?? null;
  const upcoming = await studentAppointments(db, student.id, now);
  return {
    zone,
    zoneChosen: isTimeZone(asked),
    zones: TIME_ZONES,
    kinds: kinds.map((k) => ({ id: k.id, name: k.name, minutes: k.minutes, description: k.description })),
    kind: kind && {
      id: kind.id,
      name: kind.name,
      minutes: kind.minutes,
      advisers: kind.advisers.map((a) => ({ id: a.userId, name: a.name })),
    },
    adviser: adviser?.userId ?? null,
    days: days.map((d) => ({ day: d.day, label: d.label, count: d.times.length })),
    day,
    appointments: upcoming.map((a) => ({
      id: a.id,
      kind: a.kind,
      adviser: a.adviser,
      when: when(a.startsAt, a.endsAt, zone),
      mode: a.mode,
      location: a.location,
      note: a.note,
      cancellable: a.cancellableUntil > now,
    })),
  };
}

export type AppointmentsPageData = Awaited<ReturnType<typeof loadAppointmentsPage>>;
export type AppointmentsAnswer = { book?: FormAnswer<BookField>; error?: string };

/** The posts of /appointments: "book" a time, "cancel" an appointment of one's own up to the adviser's notice. */
export async function appointmentsAction(request: Request, context: Context) {
  const student = requireStudent(context);
  const universityId = universityOf(student);
  const form = await formOf(request);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  // Back in the time zone the student chose, which the page would otherwise ask their browser for again
  // (a second load, which would take the message away before it is read).
  const done = (message: string, zone: string) =>
    redirect(`${APPOINTMENTS_PATH}?tz=${encodeURIComponent(zone)}`, {
      status: 303,
      headers: { "Set-Cookie": flashCookie(context.get(configContext), message) },
    });
  const spend = () =>
    context.get(rateLimiterContext).spend(`appointments:user:${student.id}`, APPOINTMENT_CHANGES_LIMIT);
  const tooMany = (wait: number) =>
    data(
      {
        error: `Too many changes in an hour. Try again in ${Math.ceil(wait / 60)} minutes.`,
      } satisfies AppointmentsAnswer,
      { status: 429, headers: { "Retry-After": String(wait) } },
    );

  return dispatchIntent(
    form,
    {
      book: async () => {
        const values = keptValues(form, BOOK_FIELDS);
        const checked = validate<typeof BookSchema, BookField>(BookSchema, values);
        if (!checked.success)
          return data(
            { book: { fieldErrors: checked.fieldErrors, formError: null, values } } satisfies AppointmentsAnswer,
            {
              status: 400,
            },
          );
        const wait = await spend();
        if (wait) return tooMany(wait);
        const { type, adviser, start, note, tz } = checked.data;
        try {
          const booked = await bookAppointment(
            db,
            {
              universityId,
              studentUserId: student.id,
              typeId: type,
              adviserUserId: adviser,
              start,
              note,
              timeZone: tz,
            },
            now,
          );
          return done(
            `Your appointment is booked for ${when(booked.startsAt, booked.endsAt, tz)} (${tz.replaceAll("_", " ")}).`,
            tz,
          );
        } catch (error) {
          if (!(error instanceof FormRefusal)) throw error;
          return data(
            {
              book: { fieldErrors: error.fieldErrors, formError: error.formError, values },
            } satisfies AppointmentsAnswer,
            { status: error.status },
          );
        }
      },
      cancel: async () => {
        const id = Number(form.get("appointment"));
        const wait = await spend();
        if (wait) return tooMany(wait);
        const outcome =
          Number.isSafeInteger(id) && id > 0 ? await cancelAppointment(db, student.id, id, now) : "not-found";
        if (outcome === "not-found")
          return data(
            { error: "That appointment could not be found, or is cancelled already." } satisfies AppointmentsAnswer,
            {
              status: 404,
            },
          );
        if (outcome === "too-late")
          return data(
            {
              error: "It is too late to cancel this appointment here: contact your careers service instead.",
            } satisfies AppointmentsAnswer,
            { status: 409 },
          );
        const zone = String(form.get("tz") ?? "");
        return done(
          "Appointment cancelled. Its time is free for someone else.",
          isTimeZone(zone) ? zone : "Europe/London",
        );
      },
    },
    async () =>
      data({ error: "That action is not known. Reload the page and try again." } satisfies AppointmentsAnswer, {
        status: 400,
      }),
  );
}
