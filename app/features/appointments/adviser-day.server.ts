import { type RouterContextProvider, data, href, redirect } from "react-router";
import { aliasedTable, and, asc, eq, gte, lt, ne } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { actorOf } from "~/db/audit.server";
import { dbContext } from "~/db/context";
import { appointmentTypes, appointments, users } from "~/db/schema";
import { requireUniversityAdmin, siteOrigin } from "~/features/access/index.server";
import { listCvs } from "~/features/cv/index.server";
import { clockContext, configContext } from "~/lib/context";
import { isIsoDay } from "~/lib/dates";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { formOf } from "~/lib/request-body.server";
import { dayLabel, zonedParts, zonedTime } from "~/lib/time-zones";
import { validate } from "~/lib/validation";
import { createFeed, revokeFeed } from "./calendar-feed.server";
import { adviserOf, advisersOf, recordAfterAppointment } from "./careers-service.server";
import { ADVISER_DAY_PATH, FEED_PATH } from "./paths";

type Context = Readonly<RouterContextProvider>;

const studentUser = aliasedTable(users, "student_user");
const shiftDay = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * An adviser's appointments starting in [from, to), the cancelled ones too. A moved appointment is
 * its new row (the same calendar event) at its new time, so the row it left is not shown.
 */
async function appointmentsBetween(db: Db, universityId: number, adviserUserId: number, from: Date, to: Date) {
  return db
    .select({
      appointment: appointments,
      kind: appointmentTypes.name,
      student: {
        id: studentUser.id,
        name: studentUser.name,
        email: studentUser.email,
        universityId: studentUser.universityId,
      },
    })
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .innerJoin(studentUser, eq(studentUser.id, appointments.studentUserId))
    .where(
      and(
        eq(appointments.universityId, universityId),
        eq(appointments.adviserUserId, adviserUserId),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
        ne(appointments.status, "moved"),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/** One appointment of the university's that the page may act on (not one left by a move), or null. */
async function appointmentOf(db: Db, universityId: number, id: number) {
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.universityId, universityId), ne(appointments.status, "moved")));
  return row ?? null;
}

/**
 * /university-dashboard/appointments: an adviser's day in their own time zone (`?day=`, today by
 * default), the signed-in admin's own when they are an adviser, or another adviser of the same
 * university (`?adviser=`; anyone else's is not found). Each appointment with the student, their
 * note and the links to their profile and CV (the university's own students only), and the careers
 * service's notes after it.
 */
export async function loadAdviserDay(url: URL, context: Context) {
  const { admin, university } = await requireUniversityAdmin(context);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const advisers = await advisersOf(db, university.id, now);
  const asked = url.searchParams.get("adviser") || null;
  const chosen = asked
    ? advisers.find((a) => String(a.userId) === asked)
    : (advisers.find((a) => a.userId === admin.id) ?? advisers.find((a) => a.active) ?? advisers[0]);
  if (asked && !chosen) throw data(null, { status: 404 });
  const adviser = chosen ? await adviserOf(db, university.id, chosen.userId) : null;
  const zone = adviser?.timeZone ?? "Europe/London";
  const today = zonedParts(now, zone).day;
  const askedDay = url.searchParams.get("day") ?? "";
  const day = isIsoDay(askedDay) ? askedDay : today;
  const rows = adviser
    ? await appointmentsBetween(
        db,
        university.id,
        adviser.userId,
        zonedTime(day, "00:00", zone),
        zonedTime(shiftDay(day, 1), "00:00", zone),
      )
    : [];
  const list = await Promise.all(
    rows.map(async ({ appointment: a, kind, student }) => {
      // A student who has since left for another university is no longer this one's to look at.
      const ours = student.universityId === university.id;
      const hasCv = ours && (await listCvs(db, { id: student.id, universityId: student.universityId })).length > 0;
      const id = String(a.id);
      return {
        id: a.id,
        kind,
        time: `${zonedParts(a.startsAt, zone).time} to ${zonedParts(a.endsAt, zone).time}`,
        mode: a.mode,
        location: a.location,
        status: a.status,
        noShow: a.noShow,
        started: a.startsAt <= now,
        note: a.note,
        adviserNotes: a.adviserNotes ?? "",
        student: { name: student.name, email: student.email },
        profilePath: ours ? href("/university-dashboard/appointments/:id/student", { id }) : null,
        cvPath: hasCv ? href("/university-dashboard/appointments/:id/cv.pdf", { id }) : null,
      };
    }),
  );
  return {
    universityName: university.name,
    advisers: advisers.map((a) => ({ id: a.userId, name: a.name, active: a.active })),
    adviser: adviser && { id: adviser.userId, name: adviser.name, active: adviser.active, zone },
    // The feed is the adviser's own: offered on their own day only.
    feed: adviser && adviser.userId === admin.id ? { on: adviser.calendarTokenHash !== null } : null,
    day,
    dayLabel: dayLabel(zonedTime(day, "12:00", zone), zone, true),
    isToday: day === today,
    today,
    previous: shiftDay(day, -1),
    next: shiftDay(day, 1),
    appointments: list,
  };
}
export type AdviserDayData = Awaited<ReturnType<typeof loadAdviserDay>>;
export type AdviserDayAnswer = {
  /** The notes refused, as typed, with why. */
  notes?: { appointment: number; value: string; error: string };
  error?: string;
  /** A new feed's address: shown this once, never stored. */
  feedUrl?: string;
};

const NotesSchema = z.object({
  notes: z
    .string()
    .max(5000, "Keep the notes to 5,000 characters")
    .transform((s) => s.trim() || null),
});

/**
 * The day page's buttons: notes after an appointment and no-shows (any admin of the university, on
 * its appointments only), and the signed-in adviser's own calendar feed.
 */
export async function adviserDayAction(request: Request, context: Context) {
  const { admin, university } = await requireUniversityAdmin(context);
  const form = await formOf(request);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const field = (name: string) => String(form.get(name) ?? "");
  // Back to the day the form was on.
  const back = new URLSearchParams();
  if (isIsoDay(field("day"))) back.set("day", field("day"));
  if (/^\d{1,9}$/.test(field("adviser"))) back.set("adviser", field("adviser"));
  const done = (message: string, anchor = "") =>
    redirect(`${ADVISER_DAY_PATH}${back.size ? `?${back}` : ""}${anchor}`, {
      status: 303,
      headers: { "Set-Cookie": flashCookie(context.get(configContext), message) },
    });
  const refuse = (status: number, answer: AdviserDayAnswer) => data<AdviserDayAnswer>(answer, { status });
  const appointment = async () => {
    const id = Number(field("appointment"));
    const found = Number.isSafeInteger(id) && id > 0 ? await appointmentOf(db, university.id, id) : null;
    // Another university's appointment is no appointment at all.
    if (!found) throw data(null, { status: 404 });
    return found;
  };

  return dispatchIntent(
    form,
    {
      "save-notes": async () => {
        const a = await appointment();
        const checked = validate(NotesSchema, { notes: field("notes") });
        if (!checked.success)
          return refuse(400, {
            notes: { appointment: a.id, value: field("notes"), error: checked.fieldErrors.notes ?? "Check the notes" },
          });
        await recordAfterAppointment(db, actorOf(admin, context), university.id, a.id, checked.data, now);
        return done("Notes saved. Only your careers service sees them.", `#appointment-${a.id}`);
      },
      "no-show": async () => {
        const a = await appointment();
        if (a.status !== "booked") return refuse(409, { error: "This appointment was cancelled." });
        if (a.startsAt > now)
          return refuse(409, { error: "A no-show can be marked once the appointment has started." });
        const noShow = field("noShow") === "yes";
        await recordAfterAppointment(db, actorOf(admin, context), university.id, a.id, { noShow }, now);
        return done(noShow ? "Marked as a no-show." : "No longer marked as a no-show.", `#appointment-${a.id}`);
      },
      "create-feed": async () => {
        const token = await createFeed(db, university.id, admin.id);
        if (!token) throw data(null, { status: 404 });
        return data<AdviserDayAnswer>({ feedUrl: `${siteOrigin(context)}${FEED_PATH}/${token}.ics` });
      },
      "revoke-feed": async () => {
        if (!(await revokeFeed(db, university.id, admin.id))) throw data(null, { status: 404 });
        return done("Your calendar feed is turned off: its address no longer works.");
      },
    },
    async () => refuse(400, { error: "That action is not known. Reload the page and try again." }),
  );
}
