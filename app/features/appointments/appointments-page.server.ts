import { type RouterContextProvider, data, redirect } from "react-router";
import { z } from "zod";
import "~/lib/zod-jitless";
import { dbContext, rateLimiterContext } from "~/db/context";
import type { Limit } from "~/db/rate-limiter.server";
import { requireStudent, siteOrigin } from "~/features/access/index.server";
import { outboxContext } from "~/features/email";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { FormRefusal } from "~/lib/public-form.server";
import { formOf, keptValues } from "~/lib/request-body.server";
import { TIME_ZONES, dayLabel, isTimeZone, timesByDay, zonedParts } from "~/lib/time-zones";
import { type FormAnswer, validate } from "~/lib/validation";
import {
  bookAppointment,
  cancelAppointment,
  kindsOffered,
  moveAppointment,
  studentAppointments,
  timesFor,
} from "./booking.server";
import type { AppointmentDeps } from "./notices.server";
import { APPOINTMENTS_PATH } from "./paths";
import { BOOK_FIELDS, type BookField, MOVE_FIELDS, type MoveField } from "./values";

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

const MoveSchema = z.object({
  appointment: z.coerce.number().int().positive().catch(0),
  start: BookSchema.shape.start,
  tz: BookSchema.shape.tz,
});

/** The university every appointment of the student belongs to; a student of none has no careers service here. */
function universityOf(student: { universityId: number | null }): number {
  if (student.universityId === null) throw data(null, { status: 404 });
  return student.universityId;
}

const when = (start: Date, end: Date, zone: string) =>
  `${dayLabel(start, zone, true)}, ${zonedParts(start, zone).time} to ${zonedParts(end, zone).time}`;

/** What a booking, a move or a cancellation of this request needs; links in its emails are the configured origin's. */
const depsOf = (context: Context): AppointmentDeps => ({
  db: context.get(dbContext),
  outbox: context.get(outboxContext),
  origin: siteOrigin(context),
  now: context.get(clockContext)(),
});

/**
 * /appointments: the student's upcoming appointments, the kinds their careers service offers, and, for
 * the kind chosen (`?type=`), its free times across advisers (or `?adviser=`) by day, in the time zone
 * asked for (`?tz=`). Moving one of their appointments (`?move=`), the times are the other free times of
 * its adviser for its kind.
 */
export async function loadAppointmentsPage(url: URL, context: Context) {
  const student = requireStudent(context);
  const universityId = universityOf(student);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const asked = url.searchParams.get("tz") ?? "";
  const zone = isTimeZone(asked) ? asked : "Europe/London";
  const upcoming = await studentAppointments(db, student.id, now);
  const moving = upcoming.find((a) => a.id === Number(url.searchParams.get("move")) && a.changeableUntil > now);
  const kinds = await kindsOffered(db, universityId);
  const typeId = Number(url.searchParams.get("type"));
  const kind = moving ? null : (kinds.find((k) => k.id === typeId) ?? null);
  const adviserId = Number(url.searchParams.get("adviser")) || null;
  const adviser = kind?.advisers.find((a) => a.userId === adviserId) ?? null;
  const found = moving
    ? await timesFor(
        db,
        {
          universityId,
          studentUserId: student.id,
          typeId: moving.typeId,
          adviserUserId: moving.adviserUserId,
          moving: moving.id,
        },
        now,
      )
    : kind
      ? await timesFor(
          db,
          { universityId, studentUserId: student.id, typeId: kind.id, adviserUserId: adviser?.userId },
          now,
        )
      : null;
  const times = (found?.times ?? []).filter((t) => t.start.getTime() !== moving?.startsAt.getTime());
  const days = timesByDay(times, zone);
  const day = days.find((d) => d.day === url.searchParams.get("day")) ?? days[0] ?? null;
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
    moving: moving && {
      id: moving.id,
      kind: moving.kind,
      adviser: moving.adviser,
      when: when(moving.startsAt, moving.endsAt, zone),
      minutes: found?.minutes ?? 0,
    },
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
      changeable: a.changeableUntil > now,
    })),
  };
}

export type AppointmentsPageData = Awaited<ReturnType<typeof loadAppointmentsPage>>;
export type AppointmentsAnswer = { book?: FormAnswer<BookField>; move?: FormAnswer<MoveField>; error?: string };

/**
 * The posts of /appointments: "book" a time; "move" or "cancel" an appointment of one's own up to the
 * adviser's notice.
 */
export async function appointmentsAction(request: Request, context: Context) {
  const student = requireStudent(context);
  const universityId = universityOf(student);
  const form = await formOf(request);
  const deps = depsOf(context);
  // Back in the time zone the student chose, which the page would otherwise ask their browser for again
  // (a second load, which would take the message away before it is read).
  const done = (message: string, zone: string) =>
    redirect(`${APPOINTMENTS_PATH}?tz=${encodeURIComponent(zone)}`, {
      status: 303,
      headers: { "Set-Cookie": flashCookie(context.get(configContext), message) },
    });
  const spend = () =>
    context.get(rateLimiterContext).spend(`appointments:user:${student.id}`, APPOINTMENT_CHANGES_LIMIT);
  const answer = (body: AppointmentsAnswer, status: number, headers?: Record<string, string>) =>
    data(body, { status, headers });
  const tooMany = (wait: number) =>
    answer({ error: `Too many changes in an hour. Try again in ${Math.ceil(wait / 60)} minutes.` }, 429, {
      "Retry-After": String(wait),
    });
  /** A form's refusal: shown again with what was typed, nothing stored. */
  const refusedAs = (form: "book" | "move", values: Record<string, string>, error: unknown) => {
    if (!(error instanceof FormRefusal)) throw error;
    return answer({ [form]: { fieldErrors: error.fieldErrors, formError: error.formError, values } }, error.status);
  };

  return dispatchIntent(
    form,
    {
      book: async () => {
        const values = keptValues(form, BOOK_FIELDS);
        const checked = validate<typeof BookSchema, BookField>(BookSchema, values);
        if (!checked.success)
          return answer({ book: { fieldErrors: checked.fieldErrors, formError: null, values } }, 400);
        const wait = await spend();
        if (wait) return tooMany(wait);
        const { type, adviser, start, note, tz } = checked.data;
        try {
          const booked = await bookAppointment(deps, {
            universityId,
            studentUserId: student.id,
            typeId: type,
            adviserUserId: adviser,
            start,
            note,
            timeZone: tz,
          });
          return done(
            `Your appointment is booked for ${when(booked.startsAt, booked.endsAt, tz)} (${tz.replaceAll("_", " ")}).`,
            tz,
          );
        } catch (error) {
          return refusedAs("book", values, error);
        }
      },
      move: async () => {
        const values = keptValues(form, MOVE_FIELDS);
        const checked = validate<typeof MoveSchema, MoveField>(MoveSchema, values);
        if (!checked.success)
          return answer({ move: { fieldErrors: checked.fieldErrors, formError: null, values } }, 400);
        const wait = await spend();
        if (wait) return tooMany(wait);
        const { appointment, start, tz } = checked.data;
        try {
          const moved = await moveAppointment(deps, {
            studentUserId: student.id,
            id: appointment,
            start,
            timeZone: tz,
          });
          return done(
            `Your appointment has moved to ${when(moved.startsAt, moved.endsAt, tz)} (${tz.replaceAll("_", " ")}).`,
            tz,
          );
        } catch (error) {
          return refusedAs("move", values, error);
        }
      },
      cancel: async () => {
        const id = Number(form.get("appointment"));
        const wait = await spend();
        if (wait) return tooMany(wait);
        const outcome =
          Number.isSafeInteger(id) && id > 0 ? await cancelAppointment(deps, student.id, id) : "not-found";
        if (outcome === "not-found")
          return answer({ error: "That appointment could not be found, or is cancelled already." }, 404);
        if (outcome === "too-late")
          return answer(
            { error: "It is too late to cancel this appointment here: contact your careers service instead." },
            409,
          );
        const zone = String(form.get("tz") ?? "");
        return done(
          "Appointment cancelled. Its time is free for someone else.",
          isTimeZone(zone) ? zone : "Europe/London",
        );
      },
    },
    async () => answer({ error: "That action is not known. Reload the page and try again." }, 400),
  );
}
