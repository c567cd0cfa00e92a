import type { RouterContextProvider } from "react-router";
import { aliasedTable, and, asc, eq, gte, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dbContext, rateLimiterContext } from "~/db/context";
import type { Limit } from "~/db/rate-limiter.server";
import { appointmentTypes, appointments, careersAdvisers, users } from "~/db/schema";
import { newToken, storedHashOf } from "~/db/tokens.server";
import { siteOrigin } from "~/features/access/index.server";
import { clientIpContext, clockContext } from "~/lib/context";
import { type CalendarEvent, calendarFile } from "~/lib/icalendar";
import { zonedParts } from "~/lib/time-zones";
import { ADVISER_DAY_PATH } from "./paths";

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
      timeZone: careersAdvisers.timeZone,
      horizonDays: careersAdvisers.horizonDays,
    })
    .from(careersAdvisers)
    .innerJoin(adviserUser, eq(adviserUser.id, careersAdvisers.userId))
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
    .select({ appointment: appointments, kind: appointmentTypes.name, student: studentUser.name })
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
  const origin = siteOrigin(context);
  const events = rows.map(({ appointment: a, kind, student }): CalendarEvent => {
    const day = `${origin}${ADVISER_DAY_PATH}?day=${zonedParts(a.startsAt, adviser.timeZone).day}&adviser=${adviser.userId}`;
    return {
      uid: a.uid,
      sequence: a.sequence,
      when: { start: a.startsAt, end: a.endsAt },
      summary: `${kind} with ${student}`,
      description: [
        a.mode === "online" ? `Online: ${a.location}` : `In person: ${a.location}`,
        a.note ? `Their note: ${a.note}` : "",
        `The day's appointments: ${day}`,
      ]
        .filter(Boolean)
        .join("\n"),
      location: a.location,
      url: day,
    };
  });
  return new Response(calendarFile({ product: "Appointments", name: `Appointments: ${adviser.name}`, now, events }), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="appointments.ics"',
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
