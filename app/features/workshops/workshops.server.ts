import { type AuditActor, recordAudit } from "~/db/audit.server";
import { randomBytes } from "node:crypto";
import { type SQL, and, asc, desc, eq, getTableColumns, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outer } from "~/db/outer";
import { preparedQuery } from "~/db/prepared.server";
import { type Workshop, type WorkshopRegistration, workshopRegistrations, workshops } from "~/db/schema";
import { composeEmail } from "~/features/email";
import type { OutgoingEmail, Outbox } from "~/features/email/index.server";
import { dayLabel, zonedParts } from "~/lib/time-zones";
import { calendarFile } from "~/lib/icalendar";
import type { Signer } from "~/lib/signer.server";
import { slugify } from "~/lib/slug";
import type { WorkshopInput } from "./schema";

export const WORKSHOPS_PATH = "/workshop-and-webinars";
export const REGISTRATION_PATH = "/workshop-and-webinars/registration";

export type WorkshopDeps = { db: Db; outbox: Outbox; links: Signer; origin: string; now: Date };

/** Whose workshops a person sees: the platform's, and their own university's. */
const visibleTo = (universityId: number | null): SQL =>
  universityId === null
    ? isNull(workshops.universityId)
    : or(isNull(workshops.universityId), eq(workshops.universityId, universityId))!;

/** "Tuesday 1 December 2026, 14:00 to 15:00 (Europe/London)". */
export function whenLabel(w: Pick<Workshop, "startsAt" | "endsAt">, timeZone: string): string {
  return `${dayLabel(w.startsAt, timeZone, true)}, ${zonedParts(w.startsAt, timeZone).time} to ${zonedParts(w.endsAt, timeZone).time} (${timeZone.replaceAll("_", " ")})`;
}

export type WorkshopSummary = Workshop & { registered: number; waiting: number };

const upcoming = (db: Db, visible: SQL) =>
  db
    .select({
      ...getTableColumns(workshops),
      registered: sql<number>`(select count(*)::int from workshop_registrations r where r.workshop_id = ${outer(workshops.id)} and r.status = 'registered')`,
      waiting: sql<number>`(select count(*)::int from workshop_registrations r where r.workshop_id = ${outer(workshops.id)} and r.status = 'waiting')`,
    })
    .from(workshops)
    .where(and(visible, eq(workshops.status, "published"), gt(workshops.endsAt, sql.placeholder("now"))))
    .orderBy(asc(workshops.startsAt));
// Every student's dashboard asks: a university's and the platform's, or (without a university) the platform's.
const upcomingForUniversity = preparedQuery((db) =>
  upcoming(
    db,
    or(isNull(workshops.universityId), eq(workshops.universityId, sql.placeholder("universityId")))!,
  ).prepare("upcoming_workshops_of_university"),
);
const upcomingForAll = preparedQuery((db) =>
  upcoming(db, isNull(workshops.universityId)).prepare("upcoming_platform_workshops"),
);

/** The upcoming workshops a person may see, with their places taken, soonest first. */
export async function upcomingWorkshops(db: Db, universityId: number | null, now: Date): Promise<WorkshopSummary[]> {
  return universityId === null
    ? upcomingForAll(db).execute({ now })
    : upcomingForUniversity(db).execute({ universityId, now });
}

/** Past workshops a person may see that have a recording, latest first. */
export function pastRecordings(db: Db, universityId: number | null, now: Date): Promise<Workshop[]> {
  return db
    .select()
    .from(workshops)
    .where(
      and(
        visibleTo(universityId),
        eq(workshops.status, "published"),
        lte(workshops.endsAt, now),
        sql`${workshops.recordingUrl} is not null`,
      ),
    )
    .orderBy(desc(workshops.startsAt))
    .limit(12);
}

/** A workshop the person may see, by id; null when there is none or it is another university's. */
export async function visibleWorkshop(db: Db, id: number, universityId: number | null): Promise<Workshop | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db
    .select()
    .from(workshops)
    .where(and(eq(workshops.id, id), visibleTo(universityId)));
  return row ?? null;
}

const liveRegistrations = (db: Db, whose: SQL) =>
  db
    .select()
    .from(workshopRegistrations)
    .where(and(sql`${workshopRegistrations.status} <> 'cancelled'`, whose));
const registrationsOfUser = preparedQuery((db) =>
  liveRegistrations(db, eq(workshopRegistrations.userId, sql.placeholder("userId"))).prepare(
    "workshop_registrations_of_user",
  ),
);

/** The live registrations of `email` (or of the user), by workshop id. */
export async function registrationsOf(
  db: Db,
  who: { userId: number | null; email: string },
): Promise<Map<number, WorkshopRegistration>> {
  const rows = who.userId
    ? await registrationsOfUser(db).execute({ userId: who.userId })
    : await liveRegistrations(db, sql`lower(${workshopRegistrations.email}) = lower(${who.email})`);
  return new Map(rows.map((r) => [r.workshopId, r]));
}

export const registrationUrl = (deps: Pick<WorkshopDeps, "links" | "origin">, id: number) =>
  `${deps.origin}${REGISTRATION_PATH}?registration=${id}&sig=${deps.links.sign(`registration:${id}`)}`;

/** The registration a signed link names, with its workshop; null when the signature does not match. */
export async function signedRegistration(db: Db, links: Signer, id: number, sig: string | null) {
  if (!Number.isSafeInteger(id) || id <= 0 || !links.verify(`registration:${id}`, sig)) return null;
  const [row] = await db
    .select()
    .from(workshopRegistrations)
    .innerJoin(workshops, eq(workshops.id, workshopRegistrations.workshopId))
    .where(eq(workshopRegistrations.id, id));
  return row ? { registration: row.workshop_registrations, workshop: row.workshops } : null;
}

/** The workshop as a calendar event: one UID for everyone registered, cancelled for one who gives up their place. */
export function workshopCalendar(
  w: Workshop,
  deps: Pick<WorkshopDeps, "origin" | "now">,
  opts: { cancelled?: boolean; manage?: string } = {},
): string {
  const cancelled = opts.cancelled || w.status === "cancelled";
  return calendarFile({
    product: "Workshops",
    method: cancelled ? "CANCEL" : "PUBLISH",
    now: deps.now,
    events: [
      {
        uid: `workshop-${w.id}@career-platform`,
        sequence: w.sequence + (opts.cancelled ? 1 : 0),
        cancelled,
        when: { start: w.startsAt, end: w.endsAt },
        summary: w.title,
        description: [
          w.summary,
          w.joinUrl ? `Join online: ${w.joinUrl}` : "",
          opts.manage ? `Your place: ${opts.manage}` : "",
        ]
          .filter(Boolean)
          .join("\n"),
        location: w.format === "online" ? (w.joinUrl ?? "Online") : (w.venue ?? undefined),
        url: opts.manage,
        alarms: ["P1D", "PT1H"],
      },
    ],
  });
}

type Notice = "registered" | "waiting" | "already" | "promoted" | "cancelled" | "reminder" | "called-off";

/** The email about a registration, in the event's time zone (the page shows the reader's). */
function noticeOf(kind: Notice, w: Workshop, r: WorkshopRegistration, deps: WorkshopDeps, position = 0): OutgoingEmail {
  const when = whenLabel(w, w.timeZone);
  const manage = registrationUrl(deps, r.id);
  const where =
    w.format === "online"
      ? w.joinUrl
        ? `It is online: join at ${w.joinUrl}`
        : "It is online."
      : `It takes place at ${w.venue}.`;
  // `placeGivenUp`: this person's place only (the next sequence for them); a cancelled workshop is off for everyone at its own sequence.
  const calendar = (placeGivenUp = false) => {
    const off = placeGivenUp || w.status === "cancelled";
    return [
      {
        filename: off ? "workshop-cancelled.ics" : "workshop.ics",
        contentType: `text/calendar; charset=utf-8; method=${off ? "CANCEL" : "PUBLISH"}`,
        content: workshopCalendar(w, deps, { cancelled: placeGivenUp, manage }),
      },
    ];
  };
  const content = {
    registered: {
      subject: `You're registered: ${w.title}`,
      paragraphs: [
        `You have a place at ${w.title}, on ${when}.`,
        where,
        "The calendar file attached adds it to your calendar.",
      ],
      attachments: calendar(),
    },
    waiting: {
      subject: `You're on the waiting list: ${w.title}`,
      paragraphs: [
        `${w.title}, on ${when}, is full. You are number ${position} on its waiting list.`,
        "If a place opens, it is yours: we email you straight away with the details.",
      ],
      attachments: [],
    },
    already:
      r.status === "registered"
        ? {
            subject: `Your place: ${w.title}`,
            paragraphs: [
              `We were asked to register this address for ${w.title}, on ${when}. It has a place already, so nothing has changed.`,
              where,
              "The calendar file attached adds it to your calendar.",
            ],
            attachments: calendar(),
          }
        : {
            subject: `Your place on the waiting list: ${w.title}`,
            paragraphs: [
              `We were asked to register this address for ${w.title}, on ${when}. It is on the waiting list already, number ${position}, so nothing has changed.`,
              "If a place opens, it is yours: we email you straight away with the details.",
            ],
            attachments: [],
          },
    promoted: {
      subject: `A place has opened for you: ${w.title}`,
      paragraphs: [
        `A place has opened at ${w.title}, on ${when}, and it is yours.`,
        where,
        "The calendar file attached adds it to your calendar.",
      ],
      attachments: calendar(),
    },
    cancelled: {
      subject: `Your place is cancelled: ${w.title}`,
      paragraphs: [
        `You no longer have a place at ${w.title}, on ${when}. The calendar file attached removes it from your calendar.`,
      ],
      attachments: calendar(true),
    },
    reminder: {
      subject: `Tomorrow: ${w.title}`,
      paragraphs: [`A reminder that ${w.title} is on ${when}.`, where],
      attachments: calendar(),
    },
    "called-off": {
      subject: `Cancelled: ${w.title}`,
      paragraphs: [
        `We are sorry: ${w.title}, on ${when}, has been cancelled. The calendar file attached removes it from your calendar.`,
      ],
      attachments: calendar(),
    },
  }[kind];
  return {
    kind: `workshop.${kind}`,
    to: r.email,
    universityId: w.universityId,
    email: composeEmail({
      subject: content.subject,
      greeting: `Hello ${r.name},`,
      paragraphs: content.paragraphs,
      ...(kind === "cancelled" || kind === "called-off"
        ? { action: { label: "See other workshops", url: `${deps.origin}${WORKSHOPS_PATH}` } }
        : { action: { label: "Your place, or give it up", url: manage } }),
    }),
    attachments: content.attachments,
  };
}

export type RegisterResult = {
  status: "registered" | "waiting" | "already";
  registration: WorkshopRegistration;
  position: number;
};

/**
 * A place at the workshop, or one on its waiting list when it is full. The workshop's row is locked
 * while the places are counted, so two people asking at once cannot both have the last place.
 * A person with an account (`userId`) registers under its address, confirmed when the account was
 * made, and may be shown the place it already holds. Without one, the address was only typed: a
 * place it already holds is emailed to it (its link lets the holder see or give it up), never
 * answered to whoever typed it.
 */
export async function registerForWorkshop(
  deps: WorkshopDeps,
  workshopId: number,
  person: { userId: number | null; name: string; email: string },
): Promise<RegisterResult | "closed"> {
  const result = await deps.db.transaction(async (tx) => {
    const [w] = await tx.select().from(workshops).where(eq(workshops.id, workshopId)).for("update");
    if (!w || w.status !== "published" || w.startsAt <= deps.now) return "closed" as const;
    const [existing] = await tx
      .select()
      .from(workshopRegistrations)
      .where(
        and(
          eq(workshopRegistrations.workshopId, w.id),
          sql`lower(${workshopRegistrations.email}) = lower(${person.email})`,
          sql`${workshopRegistrations.status} <> 'cancelled'`,
        ),
      );
    if (existing) {
      const position = existing.status === "waiting" ? await waitingPosition(tx, existing) : 0;
      if (person.userId === null) await deps.outbox.queue(tx, noticeOf("already", w, existing, deps, position));
      return { status: "already" as const, registration: existing, position };
    }
    const [{ registered }] = (await tx
      .select({ registered: sql<number>`count(*)::int` })
      .from(workshopRegistrations)
      .where(and(eq(workshopRegistrations.workshopId, w.id), eq(workshopRegistrations.status, "registered")))) as [
      { registered: number },
    ];
    const status = registered < w.capacity ? ("registered" as const) : ("waiting" as const);
    const [row] = await tx
      .insert(workshopRegistrations)
      .values({
        workshopId: w.id,
        userId: person.userId,
        name: person.name,
        email: person.email,
        status,
        createdAt: deps.now,
        queuedAt: deps.now,
      })
      .returning();
    const position = status === "waiting" ? await waitingPosition(tx, row!) : 0;
    await deps.outbox.queue(tx, noticeOf(status, w, row!, deps, position));
    return { status, registration: row!, position };
  });
  if (result !== "closed") deps.outbox.flush();
  return result;
}

/** Where a waiting registration stands on its list (1 is next). */
export async function waitingPosition(db: Pick<Db, "select">, r: WorkshopRegistration): Promise<number> {
  const [{ ahead }] = (await db
    .select({ ahead: sql<number>`count(*)::int` })
    .from(workshopRegistrations)
    .where(
      and(
        eq(workshopRegistrations.workshopId, r.workshopId),
        eq(workshopRegistrations.status, "waiting"),
        or(
          lt(workshopRegistrations.queuedAt, r.queuedAt),
          and(eq(workshopRegistrations.queuedAt, r.queuedAt), lt(workshopRegistrations.id, r.id)),
        ),
      ),
    )) as [{ ahead: number }];
  return ahead + 1;
}

/**
 * Gives up a place (or a place on the waiting list). A place given up goes to the first on the
 * waiting list, who is told at once; all in one transaction with the workshop locked.
 */
export async function cancelRegistration(deps: WorkshopDeps, registrationId: number): Promise<boolean> {
  const done = await deps.db.transaction(async (tx) => {
    const [r] = await tx.select().from(workshopRegistrations).where(eq(workshopRegistrations.id, registrationId));
    if (!r || r.status === "cancelled") return false;
    const [w] = await tx.select().from(workshops).where(eq(workshops.id, r.workshopId)).for("update");
    if (!w || w.endsAt <= deps.now) return false;
    const [gone] = await tx
      .update(workshopRegistrations)
      .set({ status: "cancelled" })
      .where(and(eq(workshopRegistrations.id, r.id), sql`${workshopRegistrations.status} <> 'cancelled'`))
      .returning();
    if (!gone) return false;
    await deps.outbox.queue(tx, noticeOf("cancelled", w, gone, deps));
    if (r.status === "registered" && w.startsAt > deps.now) {
      const [next] = await tx
        .select()
        .from(workshopRegistrations)
        .where(and(eq(workshopRegistrations.workshopId, w.id), eq(workshopRegistrations.status, "waiting")))
        .orderBy(asc(workshopRegistrations.queuedAt), asc(workshopRegistrations.id))
        .limit(1);
      if (next) {
        const [promoted] = await tx
          .update(workshopRegistrations)
          .set({ status: "registered" })
          .where(eq(workshopRegistrations.id, next.id))
          .returning();
        await deps.outbox.queue(tx, noticeOf("promoted", w, promoted!, deps));
      }
    }
    return true;
  });
  if (done) deps.outbox.flush();
  return done;
}

/**
 * Reminders for the workshops starting within a day, to each person with a place, once: the row
 * marked and the email queued together, so two servers running this at once send one.
 */
export async function sendDueReminders(deps: WorkshopDeps): Promise<number> {
  const soon = new Date(deps.now.getTime() + 24 * 3_600_000);
  const due = await deps.db
    .select({ id: workshopRegistrations.id })
    .from(workshopRegistrations)
    .innerJoin(workshops, eq(workshops.id, workshopRegistrations.workshopId))
    .where(
      and(
        eq(workshopRegistrations.status, "registered"),
        isNull(workshopRegistrations.reminderSentAt),
        eq(workshops.status, "published"),
        gt(workshops.startsAt, deps.now),
        lte(workshops.startsAt, soon),
      ),
    );
  let sent = 0;
  for (const { id } of due) {
    const queued = await deps.db.transaction(async (tx) => {
      const [r] = await tx
        .update(workshopRegistrations)
        .set({ reminderSentAt: deps.now })
        .where(
          and(
            eq(workshopRegistrations.id, id),
            isNull(workshopRegistrations.reminderSentAt),
            eq(workshopRegistrations.status, "registered"),
          ),
        )
        .returning();
      if (!r) return false;
      const [w] = await tx.select().from(workshops).where(eq(workshops.id, r.workshopId));
      await deps.outbox.queue(tx, noticeOf("reminder", w!, r, deps));
      return true;
    });
    if (queued) sent++;
  }
  if (sent) deps.outbox.flush();
  return sent;
}

/**
 * Tells everyone still registered (or waiting) for a workshop that has been cancelled, once: their
 * registration is closed and the email queued together. Run with the reminders.
 */
export async function sendCancellations(deps: WorkshopDeps): Promise<number> {
  const due = await deps.db
    .select({ id: workshopRegistrations.id })
    .from(workshopRegistrations)
    .innerJoin(workshops, eq(workshops.id, workshopRegistrations.workshopId))
    .where(
      and(
        eq(workshops.status, "cancelled"),
        sql`${workshopRegistrations.status} <> 'cancelled'`,
        gt(workshops.endsAt, deps.now),
      ),
    );
  let sent = 0;
  for (const { id } of due) {
    const queued = await deps.db.transaction(async (tx) => {
      const [r] = await tx
        .update(workshopRegistrations)
        .set({ status: "cancelled" })
        .where(and(eq(workshopRegistrations.id, id), sql`${workshopRegistrations.status} <> 'cancelled'`))
        .returning();
      if (!r) return false;
      const [w] = await tx.select().from(workshops).where(eq(workshops.id, r.workshopId));
      await deps.outbox.queue(tx, noticeOf("called-off", w!, r, deps));
      return true;
    });
    if (queued) sent++;
  }
  if (sent) deps.outbox.flush();
  return sent;
}

/** A university admin calls off one of their university's upcoming workshops; false for anyone else's. */
export async function cancelWorkshop(
  db: Db,
  actor: AuditActor,
  workshopId: number,
  universityId: number,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(workshops)
      .set({ status: "cancelled", sequence: sql`${workshops.sequence} + 1` })
      .where(
        and(
          eq(workshops.id, workshopId),
          eq(workshops.universityId, universityId),
          eq(workshops.status, "published"),
          gt(workshops.startsAt, now),
        ),
      )
      .returning({ id: workshops.id, title: workshops.title });
    if (!rows.length) return false;
    await recordAudit(tx, {
      actor,
      action: "workshop.cancelled",
      universityId,
      target: { type: "workshop", id: workshopId },
      before: { title: rows[0]!.title, status: "published" },
      after: { title: rows[0]!.title, status: "cancelled" },
      at: now,
    });
    return true;
  });
}

/** A university's new workshop for its own students, added by one of its admins. */
export async function createWorkshop(
  db: Db,
  input: WorkshopInput,
  admin: AuditActor & { id: number; universityId: number },
  now: Date,
): Promise<Workshop> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(workshops)
      .values({
        slug: `${slugify(input.title).slice(0, 60)}-${randomBytes(3).toString("hex")}`,
        title: input.title,
        summary: input.summary,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        timeZone: input.timeZone,
        format: input.format,
        joinUrl: input.format === "online" ? input.joinUrl : null,
        venue: input.format === "in-person" ? input.venue : null,
        capacity: input.capacity,
        universityId: admin.universityId,
        createdBy: admin.id,
      })
      .returning();
    await recordAudit(tx, {
      actor: admin,
      action: "workshop.created",
      universityId: admin.universityId,
      target: { type: "workshop", id: row!.id },
      after: { title: row!.title, startsAt: row!.startsAt, format: row!.format, capacity: row!.capacity },
      at: now,
    });
    return row!;
  });
}

/** Who has a place at a university's own workshop, for its admins; null for another university's. */
export async function attendeesOf(db: Db, workshopId: number, universityId: number) {
  const [w] = await db
    .select()
    .from(workshops)
    .where(and(eq(workshops.id, workshopId), eq(workshops.universityId, universityId)));
  if (!w) return null;
  const people = await db
    .select({
      name: workshopRegistrations.name,
      email: workshopRegistrations.email,
      status: workshopRegistrations.status,
    })
    .from(workshopRegistrations)
    .where(and(eq(workshopRegistrations.workshopId, w.id), sql`${workshopRegistrations.status} <> 'cancelled'`))
    .orderBy(asc(workshopRegistrations.queuedAt), asc(workshopRegistrations.id));
  return { workshop: w, people };
}
