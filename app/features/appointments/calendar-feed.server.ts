import type { RouterContextProvider } from "react-router";
import { aliasedTable, and, asc, eq, gte, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dbContext, rateLimiterContext } from "~/db/context";
import type { Limit } from "~/db/rate-limiter.server";
import { appointmentTypes, appointments, careersAdvisers, universities, users } from "~/db/schema";
import { newToken, storedHashOf } from "~/db/tokens.server";
import { siteOrigin } from "~/features/access/index.server";
import { clientIpContext, clockContext } from "~/lib/context";
import { calendarFile } from "~/lib/icalendar";
import { appointmentEvent } from "./notices.server";

type Context = Readonly<RouterContextProvider>;

/**
 * An adviser's private calendar feed (issue 33): an address with a secret only they are shown, once,
 * that Outlook or Google Calendar subscribes to. Only the secret's SHA-256 is stored (the hashed-token
 * helpers of the account links), so a copy of the database opens no feed; making a new one or turning
 * it off makes the old address answer 404.
 */

/** Makes (or replaces) the adviser's feed secret, answering it; null when they are not the university's adviser. */
export async function createFeed(db: Db, universityId: number, userId: number): Promise<string | null> {
  const { token, tokenHash } = newToken();
  const [row] = await db
    .update(careersAdvisers)
    .set({ calendarTokenHash: tokenHash })
    .where(and(eq(careersAdvisers.userId, userId), eq(careersAdvisers.universityId, universityId)))
    .returning({ userId: careersAdvisers.userId });
  return row ? token : null;
}

/** Turns the adviser's feed off; false when they are not the university's adviser. */
export async function revokeFeed(db: Db, universityId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .update(careersAdvisers)
    .set({ calendarTokenHash: null })
    .where(and(eq(careersAdvisers.userId, userId), eq(careersAdvisers.universityId, universityId)))
    .returning({ userId: careersAdvisers.userId });
  return !!row;
}

/**
 * Feed fetches each client address may make in an hour. Calendar apps poll every few minutes to
 * hours, and Google's and Microsoft's servers fetch many people's feeds from shared addresses, so the
 * limit is wide; it is counted before the secret is looked up.
 */
const FEED_LIMIT: Limit = { max: 600, windowSeconds: 60 * 60 };
/** How far back the feed goes: a month of past appointments stays in the calendar. */
const PAST_DAYS = 30;

const studentUser = aliasedTable(users, "student_user");
const adviserUser = aliasedTable(users, "adviser_user");

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", ...headers },
  });

/**
 * GET /appointments/calendar/{secret}.ics: the adviser's booked appointments from 30 days back to
 * their horizon, each the calendar event of its row (the UID and sequence a move keeps and raises,
 * so a subscribed calendar moves the event rather than adding another). A cancelled appointment
 * leaves the feed, which the calendar takes as removed. The careers service's notes are never in it.
 * The adviser must still be an active admin of the adviser's university.
 */
export async function calendarFeed(file: string | undefined, context: Context): Promise<Response> {
  const wait = await context
    .get(rateLimiterContext)
    .spend(`appointments-feed:ip:${context.get(clientIpContext)}`, FEED_LIMIT);
  if (wait) return plain(429, "Too many requests. Try again later.", { "Retry-After": String(wait) });
  const hash = storedHashOf(/^(.*)\.ics$/.exec(file ?? "")?.[1] ?? "");
  const notFound = () => plain(404, "This calendar feed does not exist, or has been turned off.");
  if (!hash) return notFound();
  const db = context.get(dbContext);
  const [adviser] = await db
    .select({
      userId: careersAdvisers.userId,
      name: adviserUser.name,
      email: adviserUser.email,
      timeZone: careersAdvisers.timeZone,
      noticeHours: careersAdvisers.noticeHours,
      horizonDays: careersAdvisers.horizonDays,
      university: { name: universities.name, brandColour: universities.brandColour },
    })
    .from(careersAdvisers)
    .innerJoin(adviserUser, eq(adviserUser.id, careersAdvisers.userId))
    .innerJoin(universities, eq(universities.id, careersAdvisers.universityId))
    .where(
      and(
        eq(careersAdvisers.calendarTokenHash, hash),
        eq(adviserUser.universityId, careersAdvisers.universityId),
        eq(adviserUser.role, "university_admin"),
        eq(adviserUser.accessStatus, "active"),
      ),
    );
  if (!adviser) return notFound();
  const now = context.get(clockContext)();
  const rows = await db
    .select({
      appointment: appointments,
      kind: appointmentTypes.name,
      student: { name: studentUser.name, email: studentUser.email },
    })
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .innerJoin(studentUser, eq(studentUser.id, appointments.studentUserId))
    .where(
      and(
        eq(appointments.adviserUserId, adviser.userId),
        eq(appointments.status, "booked"),
        gte(appointments.startsAt, new Date(now.getTime() - PAST_DAYS * 86_400_000)),
        lt(appointments.startsAt, new Date(now.getTime() + (adviser.horizonDays + 1) * 86_400_000)),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  const { university, ...who } = adviser;
  // The event the adviser's emails attach for the same appointment, so the two are one in their calendar.
  const events = rows.map(({ appointment, kind, student }) =>
    appointmentEvent(appointment, { kind, student, adviser: who, university }, "adviser", siteOrigin(context)),
  );
  return new Response(calendarFile({ product: "Appointments", name: `Appointments: ${adviser.name}`, now, events }), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="appointments.ics"',
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
