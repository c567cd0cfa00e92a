import { randomBytes } from "node:crypto";
import { type SQL, and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import { type Db, rowsOf } from "~/db/client.server";
import { recordEvent } from "~/db/events.server";
import { outer } from "~/db/outer";
import {
  type CareerFair,
  type CareerFairRegistration,
  careerFairExhibitors,
  careerFairRegistrations,
  careerFairTalks,
  careerFairWaitingList,
  careerFairs,
  employerOrganisations,
  jobIsListed,
  jobPostings,
  studentProfiles,
  users,
} from "~/db/schema";
import { zonedParts } from "~/lib/time-zones";
import { slugify } from "~/lib/slug";
import { ticketCode } from "./code";
import { type Audience, callableOff, cancellable, doorDecision, placesLeft, registrationOpen } from "./rules";
import type { FairInput, TalkInput } from "./schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Fairs a person sees: the platform's, their university's, and only online ones for a student still abroad. */
function seenBy(audience: Audience): SQL {
  const whose =
    audience.universityId === null
      ? isNull(careerFairs.universityId)
      : or(isNull(careerFairs.universityId), eq(careerFairs.universityId, audience.universityId))!;
  return audience.onlineOnly ? and(whose, eq(careerFairs.format, "online"))! : whose;
}

/** The fairs a person may attend that have not ended, soonest first, with whether they hold a ticket. */
export function upcomingFairs(db: Db, audience: Audience, userId: number, now: Date) {
  return db
    .select({
      slug: careerFairs.slug,
      title: careerFairs.title,
      summary: careerFairs.summary,
      startsAt: careerFairs.startsAt,
      endsAt: careerFairs.endsAt,
      timeZone: careerFairs.timeZone,
      format: careerFairs.format,
      venue: careerFairs.venue,
      universityId: careerFairs.universityId,
      exhibitors: sql<number>`(select count(*)::int from ${careerFairExhibitors} e where e.fair_id = ${outer(careerFairs.id)})`,
      registered: sql<boolean>`exists (select 1 from ${careerFairRegistrations} r where r.fair_id = ${outer(careerFairs.id)} and r.user_id = ${userId})`,
      waiting: sql<boolean>`exists (select 1 from ${careerFairWaitingList} w where w.fair_id = ${outer(careerFairs.id)} and w.user_id = ${userId})`,
      full: sql<boolean>`(${careerFairs.capacity} is not null and (select count(*) from ${careerFairRegistrations} r where r.fair_id = ${outer(careerFairs.id)}) >= ${careerFairs.capacity})`,
    })
    .from(careerFairs)
    .where(and(seenBy(audience), gt(careerFairs.endsAt, now)))
    .orderBy(asc(careerFairs.startsAt), asc(careerFairs.id));
}

export async function fairBySlug(db: Db, slug: string): Promise<CareerFair | null> {
  if (slug.length > 100) return null;
  const [fair] = await db.select().from(careerFairs).where(eq(careerFairs.slug, slug));
  return fair ?? null;
}

/** A fair of `owner` (a university's id, or null for the platform's own) by its slug; null for anyone else's. */
export async function ownedFair(db: Db, slug: string, owner: number | null): Promise<CareerFair | null> {
  const fair = await fairBySlug(db, slug);
  return fair && fair.universityId === owner ? fair : null;
}

/**
 * The fairs `owner` runs (newest first), with their tickets and check-ins; for a university, the
 * platform's fairs too, counting its own students' tickets there.
 */
export function managedFairs(db: Db, owner: number | null) {
  const counted =
    owner === null ? sql`true` : sql`(${careerFairs.universityId} is not null or r.university_id = ${owner})`;
  return db
    .select({
      slug: careerFairs.slug,
      title: careerFairs.title,
      startsAt: careerFairs.startsAt,
      endsAt: careerFairs.endsAt,
      timeZone: careerFairs.timeZone,
      universityId: careerFairs.universityId,
      registered: sql<number>`(select count(*)::int from ${careerFairRegistrations} r where r.fair_id = ${outer(careerFairs.id)} and ${counted})`,
      attended: sql<number>`(select count(*)::int from ${careerFairRegistrations} r where r.fair_id = ${outer(careerFairs.id)} and r.checked_in_at is not null and ${counted})`,
    })
    .from(careerFairs)
    .where(
      owner === null
        ? isNull(careerFairs.universityId)
        : or(eq(careerFairs.universityId, owner), isNull(careerFairs.universityId)),
    )
    .orderBy(desc(careerFairs.startsAt), desc(careerFairs.id));
}

const fairValues = (input: FairInput) => ({
  title: input.title,
  summary: input.summary,
  startsAt: input.startsAt,
  endsAt: input.endsAt,
  timeZone: input.timeZone,
  format: input.format,
  venue: input.format === "in-person" ? input.venue : null,
  joinUrl: input.format === "online" ? input.joinUrl : null,
  capacity: input.capacity,
});

const audited = (
  f: Pick<CareerFair, "title" | "startsAt" | "endsAt" | "timeZone" | "format" | "venue" | "joinUrl" | "capacity">,
) => ({
  title: f.title,
  startsAt: f.startsAt,
  endsAt: f.endsAt,
  timeZone: f.timeZone,
  format: f.format,
  venue: f.venue,
  joinUrl: f.joinUrl,
  capacity: f.capacity,
});

/** A new fair of `owner` (a university, or the platform's for every university), audited. */
export async function createFair(
  db: Db,
  actor: AuditActor & { id: number },
  owner: number | null,
  input: FairInput,
  now: Date,
): Promise<CareerFair> {
  return db.transaction(async (tx) => {
    const [fair] = await tx
      .insert(careerFairs)
      .values({
        slug: `${slugify(input.title).slice(0, 60)}-${randomBytes(3).toString("hex")}`,
        universityId: owner,
        ...fairValues(input),
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actor,
      action: "career_fair.created",
      universityId: owner,
      target: { type: "career_fair", id: fair!.id },
      after: audited(fair!),
      at: now,
    });
    return fair!;
  });
}

/** The talks a change of the fair's hours would leave outside them, by title. */
async function talksOutside(db: Pick<Db, "select">, fairId: number, start: string, end: string) {
  const talks = await db.select().from(careerFairTalks).where(eq(careerFairTalks.fairId, fairId));
  return talks.filter((t) => t.startTime < start || t.endTime > end).map((t) => t.title);
}

/** The fair's hours ("HH:MM") in its own time zone, which the talks' times are read against. */
export const hoursOf = (fair: Pick<CareerFair, "startsAt" | "endsAt" | "timeZone">) => ({
  day: zonedParts(fair.startsAt, fair.timeZone).day,
  start: zonedParts(fair.startsAt, fair.timeZone).time,
  end: zonedParts(fair.endsAt, fair.timeZone).time,
});

/**
 * New details of a fair, audited; refused while a talk of its timetable would fall outside its new
 * hours, or its places would be fewer than the tickets it has given. More places go to its waiting
 * list at once, first come first served (`promoted` runs for each, in the transaction).
 */
export async function updateFair(
  db: Db,
  actor: AuditActor,
  fair: CareerFair,
  input: FairInput,
  now: Date,
  promoted?: HolderHook,
): Promise<{ ok: true; promoted: number } | { ok: false; talks: string[] } | { ok: false; tickets: number }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(careerFairs).where(eq(careerFairs.id, fair.id)).for("update");
    if (!locked) return { ok: true, promoted: 0 };
    const outside = await talksOutside(tx, fair.id, input.start, input.end);
    if (outside.length) return { ok: false, talks: outside };
    const tickets = await ticketCount(tx, fair.id);
    if (input.capacity !== null && input.capacity < tickets) return { ok: false, tickets };
    const [after] = await tx
      .update(careerFairs)
      .set({ ...fairValues(input), updatedAt: now })
      .where(eq(careerFairs.id, fair.id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: "career_fair.updated",
      universityId: fair.universityId,
      target: { type: "career_fair", id: fair.id },
      before: audited(locked),
      after: audited(after!),
      at: now,
    });
    return { ok: true, promoted: await fillPlaces(tx, after!, now, promoted) };
  });
}

/**
 * A person told of a change to their place (in the transaction that makes it): their ticket, if they
 * have one, and the fair as it now is.
 */
export type HolderHook = (
  tx: Tx,
  holder: { name: string; email: string; universityId: number | null },
  ticket: CareerFairRegistration | null,
  fair: CareerFair,
) => Promise<unknown>;

/**
 * Calls off a fair that has not started: each ticket's holder and each student on its waiting list
 * told (`tell`, in the transaction), the fair deleted with its exhibitors, talks, tickets and waiting
 * list, and the call audited with what it was. A fair under way or over stays: its tickets and
 * check-ins are the analytics' record.
 */
export async function callOffFair(
  db: Db,
  actor: AuditActor,
  fair: CareerFair,
  now: Date,
  tell: HolderHook,
): Promise<{ ok: true; tickets: number; waiting: number } | { ok: false; reason: "started" | "gone" }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(careerFairs).where(eq(careerFairs.id, fair.id)).for("update");
    if (!locked) return { ok: false, reason: "gone" };
    if (!callableOff(locked, now)) return { ok: false, reason: "started" };
    const tickets = await tx
      .select({ ticket: careerFairRegistrations, name: users.name, email: users.email })
      .from(careerFairRegistrations)
      .innerJoin(users, eq(users.id, careerFairRegistrations.userId))
      .where(eq(careerFairRegistrations.fairId, fair.id));
    for (const t of tickets) await tell(tx, { ...t, universityId: t.ticket.universityId }, t.ticket, locked);
    const waiting = await waitingList(tx, fair.id);
    for (const w of waiting) await tell(tx, w, null, locked);
    await tx.delete(careerFairs).where(eq(careerFairs.id, fair.id));
    await recordAudit(tx, {
      actor,
      action: "career_fair.called_off",
      universityId: locked.universityId,
      target: { type: "career_fair", id: fair.id },
      before: { ...audited(locked), tickets: tickets.length, waiting: waiting.length },
      after: {},
      at: now,
    });
    return { ok: true, tickets: tickets.length, waiting: waiting.length };
  });
}

const verified = and(isNotNull(employerOrganisations.verifiedAt), isNull(employerOrganisations.rejectedAt));

/** The employers an exhibitor may be chosen from: those the platform has verified (not refused). */
export function verifiedEmployers(db: Db) {
  return db
    .select({ id: employerOrganisations.id, name: employerOrganisations.name })
    .from(employerOrganisations)
    .where(verified)
    .orderBy(asc(employerOrganisations.name), asc(employerOrganisations.id));
}

/** An exhibitor added to the fair, audited: a verified employer, or a name typed in. */
export async function addExhibitor(
  db: Db,
  actor: AuditActor,
  fair: CareerFair,
  exhibitor: { organisation: number } | { name: string },
  now: Date,
): Promise<"added" | "not-verified" | "already"> {
  return db.transaction(async (tx) => {
    let label: string;
    if ("organisation" in exhibitor) {
      const [found] = await tx
        .select({ name: employerOrganisations.name })
        .from(employerOrganisations)
        .where(and(eq(employerOrganisations.id, exhibitor.organisation), verified));
      if (!found) return "not-verified";
      label = found.name;
    } else label = exhibitor.name;
    const [row] = await tx
      .insert(careerFairExhibitors)
      .values(
        "organisation" in exhibitor
          ? { fairId: fair.id, employerOrganisationId: exhibitor.organisation }
          : { fairId: fair.id, name: exhibitor.name },
      )
      .onConflictDoNothing()
      .returning({ id: careerFairExhibitors.id });
    if (!row) return "already";
    await recordAudit(tx, {
      actor,
      action: "career_fair.exhibitor_added",
      universityId: fair.universityId,
      target: { type: "career_fair", id: fair.id },
      after: { exhibitor: label, verifiedEmployer: "organisation" in exhibitor },
      at: now,
    });
    return "added";
  });
}

/** Takes an exhibitor off the fair, audited; false when it is not one of this fair's. */
export async function removeExhibitor(
  db: Db,
  actor: AuditActor,
  fair: CareerFair,
  exhibitorId: number,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(careerFairExhibitors)
      .where(and(eq(careerFairExhibitors.id, exhibitorId), eq(careerFairExhibitors.fairId, fair.id)))
      .returning();
    if (!gone) return false;
    const [organisation] = gone.employerOrganisationId
      ? await tx
          .select({ name: employerOrganisations.name })
          .from(employerOrganisations)
          .where(eq(employerOrganisations.id, gone.employerOrganisationId))
      : [];
    await recordAudit(tx, {
      actor,
      action: "career_fair.exhibitor_removed",
      universityId: fair.universityId,
      target: { type: "career_fair", id: fair.id },
      before: { exhibitor: gone.name ?? organisation?.name ?? null },
      at: now,
    });
    return true;
  });
}

/** A talk added to the timetable, audited; refused when it falls outside the fair's hours. */
export async function addTalk(
  db: Db,
  actor: AuditActor,
  fair: CareerFair,
  talk: TalkInput,
  now: Date,
): Promise<"added" | "outside"> {
  const hours = hoursOf(fair);
  if (talk.talkStart < hours.start || talk.talkEnd > hours.end) return "outside";
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(careerFairTalks)
      .values({
        fairId: fair.id,
        title: talk.talkTitle,
        speaker: talk.speaker,
        startTime: talk.talkStart,
        endTime: talk.talkEnd,
        room: talk.room || null,
      })
      .returning();
    await recordAudit(tx, {
      actor,
      action: "career_fair.talk_added",
      universityId: fair.universityId,
      target: { type: "career_fair", id: fair.id },
      after: { talk: row!.title, speaker: row!.speaker, start: row!.startTime, end: row!.endTime, room: row!.room },
      at: now,
    });
  });
  return "added";
}

/** Takes a talk off the timetable, audited; false when it is not one of this fair's. */
export async function removeTalk(
  db: Db,
  actor: AuditActor,
  fair: CareerFair,
  talkId: number,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(careerFairTalks)
      .where(and(eq(careerFairTalks.id, talkId), eq(careerFairTalks.fairId, fair.id)))
      .returning();
    if (!gone) return false;
    await recordAudit(tx, {
      actor,
      action: "career_fair.talk_removed",
      universityId: fair.universityId,
      target: { type: "career_fair", id: fair.id },
      before: { talk: gone.title, speaker: gone.speaker, start: gone.startTime, end: gone.endTime },
      at: now,
    });
    return true;
  });
}

export function talksOf(db: Db, fairId: number) {
  return db
    .select()
    .from(careerFairTalks)
    .where(eq(careerFairTalks.fairId, fairId))
    .orderBy(asc(careerFairTalks.startTime), asc(careerFairTalks.endTime), asc(careerFairTalks.id));
}

/** A fair's exhibitors in the order they were added: each verified employer with its name now, or the name typed. */
export function exhibitorsOf(db: Db, fairId: number) {
  return db
    .select({
      id: careerFairExhibitors.id,
      organisationId: careerFairExhibitors.employerOrganisationId,
      name: sql<string>`coalesce(${employerOrganisations.name}, ${careerFairExhibitors.name})`,
    })
    .from(careerFairExhibitors)
    .leftJoin(employerOrganisations, eq(employerOrganisations.id, careerFairExhibitors.employerOrganisationId))
    .where(eq(careerFairExhibitors.fairId, fairId))
    .orderBy(asc(careerFairExhibitors.id));
}

/** Jobs shown under each exhibitor at most (the newest), with how many more it has open. */
export const JOBS_SHOWN = 5;

/** The listed jobs of these employers still open on `today` (not past their closing date), newest first. */
export async function openJobsOf(db: Db, organisationIds: readonly number[], today: string) {
  if (!organisationIds.length) return [];
  return db
    .select({
      organisationId: sql<number>`${jobPostings.employerOrganisationId}`,
      slug: jobPostings.slug,
      title: jobPostings.title,
      town: jobPostings.town,
      sponsorship: jobPostings.sponsorshipStatus,
    })
    .from(jobPostings)
    .where(
      and(
        inArray(jobPostings.employerOrganisationId, [...organisationIds]),
        jobIsListed,
        or(isNull(jobPostings.closingDate), gte(jobPostings.closingDate, today)),
      ),
    )
    .orderBy(desc(jobPostings.postedAt), desc(jobPostings.id));
}

export async function ticketOf(db: Pick<Db, "select">, fairId: number, userId: number) {
  const [ticket] = await db
    .select()
    .from(careerFairRegistrations)
    .where(and(eq(careerFairRegistrations.fairId, fairId), eq(careerFairRegistrations.userId, userId)));
  return ticket ?? null;
}

export async function ticketCount(tx: Pick<Db, "select">, fairId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(careerFairRegistrations)
    .where(eq(careerFairRegistrations.fairId, fairId));
  return row?.n ?? 0;
}

/**
 * Who waits for a place at the fair, longest first: in the order they joined, which the ids keep (a
 * student joins holding the fair's row, so one after another), whatever the clocks of the requests.
 */
function waitingList(tx: Pick<Db, "select">, fairId: number) {
  return tx
    .select({
      userId: careerFairWaitingList.userId,
      universityId: careerFairWaitingList.universityId,
      name: users.name,
      email: users.email,
    })
    .from(careerFairWaitingList)
    .innerJoin(users, eq(users.id, careerFairWaitingList.userId))
    .where(eq(careerFairWaitingList.fairId, fairId))
    .orderBy(asc(careerFairWaitingList.id));
}

/** The student's place on the fair's waiting list (1 for the next to get a place), or null when not on it. */
export async function waitingPlace(db: Pick<Db, "select">, fairId: number, userId: number): Promise<number | null> {
  const [row] = await db
    .select({
      place: sql<number>`(select count(*)::int from ${careerFairWaitingList} o where o.fair_id = ${fairId} and o.id <= ${outer(careerFairWaitingList.id)})`,
    })
    .from(careerFairWaitingList)
    .where(and(eq(careerFairWaitingList.fairId, fairId), eq(careerFairWaitingList.userId, userId)));
  return row?.place ?? null;
}

/** How many wait for a place at the fair. */
export async function waitingCount(db: Pick<Db, "select">, fairId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(careerFairWaitingList)
    .where(eq(careerFairWaitingList.fairId, fairId));
  return row?.n ?? 0;
}

/**
 * A new ticket for the student, their place on the waiting list given up with it, and its event. A
 * code that another ticket of the fair happens to carry is drawn again.
 */
async function issueTicket(
  tx: Tx,
  fair: Pick<CareerFair, "id">,
  student: { id: number; universityId: number | null },
  now: Date,
): Promise<CareerFairRegistration> {
  for (let draw = 0; draw < 5; draw++) {
    const [row] = await tx
      .insert(careerFairRegistrations)
      .values({
        fairId: fair.id,
        userId: student.id,
        universityId: student.universityId,
        code: ticketCode(randomBytes),
        createdAt: now,
      })
      .onConflictDoNothing({ target: [careerFairRegistrations.fairId, careerFairRegistrations.code] })
      .returning();
    if (!row) continue;
    await tx
      .delete(careerFairWaitingList)
      .where(and(eq(careerFairWaitingList.fairId, fair.id), eq(careerFairWaitingList.userId, student.id)));
    await recordEvent(tx, {
      kind: "career_fair.registered",
      at: now,
      userId: student.id,
      universityId: student.universityId,
      data: { fair: fair.id },
    });
    return row;
  }
  throw new Error(`no free ticket code for fair ${fair.id} in 5 draws`);
}

/**
 * The places a fair (locked by the caller) has free, given to its waiting list, longest waiting
 * first, while it is open; `promoted` tells each. Answers how many got a place.
 */
async function fillPlaces(tx: Tx, fair: CareerFair, now: Date, promoted?: HolderHook): Promise<number> {
  if (!registrationOpen(fair, now)) return 0;
  const left = placesLeft(fair.capacity, await ticketCount(tx, fair.id));
  if (left === 0) return 0;
  const waiting = await waitingList(tx, fair.id);
  const chosen = waiting.slice(0, Number.isFinite(left) ? left : waiting.length);
  for (const w of chosen) {
    const ticket = await issueTicket(tx, fair, { id: w.userId, universityId: w.universityId }, now);
    await promoted?.(tx, w, ticket, fair);
  }
  return chosen.length;
}

/** Run in the transaction that makes or gives up a ticket: its email, kept or dropped with it. */
type TicketHook = (tx: Tx, ticket: CareerFairRegistration) => Promise<unknown>;

export type Registration =
  | { kind: "ticket"; ticket: CareerFairRegistration }
  | { kind: "waiting"; place: number }
  | { kind: "gone" };

/**
 * A ticket for the student, or the one they hold already (a second post, or two at once), or, when
 * the fair's places are all taken, a place on its waiting list. Registrations of a fair wait on its
 * row in turn, so two at once never take its last place twice. `made` runs for a new ticket only.
 */
export async function register(
  db: Db,
  fair: CareerFair,
  student: { id: number; universityId: number | null },
  now: Date,
  made?: TicketHook,
): Promise<Registration> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(careerFairs).where(eq(careerFairs.id, fair.id)).for("update");
    if (!locked) return { kind: "gone" };
    const held = await ticketOf(tx, fair.id, student.id);
    if (held) return { kind: "ticket", ticket: held };
    if (placesLeft(locked.capacity, await ticketCount(tx, fair.id)) === 0) {
      await tx
        .insert(careerFairWaitingList)
        .values({ fairId: fair.id, userId: student.id, universityId: student.universityId, createdAt: now })
        .onConflictDoNothing();
      return { kind: "waiting", place: (await waitingPlace(tx, fair.id, student.id))! };
    }
    const ticket = await issueTicket(tx, locked, student, now);
    await made?.(tx, ticket);
    return { kind: "ticket", ticket };
  });
}

/**
 * The ticket the student holds at the fair given up in the caller's transaction (their account is
 * being deleted), its place going to the longest waiting (`promoted` tells them), as giving it up does.
 */
export async function releaseTicket(tx: Tx, fair: CareerFair, studentId: number, now: Date, promoted?: HolderHook) {
  const [locked] = await tx.select().from(careerFairs).where(eq(careerFairs.id, fair.id)).for("update");
  if (!locked) return;
  await tx
    .delete(careerFairRegistrations)
    .where(and(eq(careerFairRegistrations.fairId, fair.id), eq(careerFairRegistrations.userId, studentId)));
  await fillPlaces(tx, locked, now, promoted);
}

/** Takes the student off the fair's waiting list; false when they were not on it. */
export async function leaveWaitingList(db: Db, fairId: number, studentId: number): Promise<boolean> {
  const gone = await db
    .delete(careerFairWaitingList)
    .where(and(eq(careerFairWaitingList.fairId, fairId), eq(careerFairWaitingList.userId, studentId)))
    .returning({ id: careerFairWaitingList.id });
  return gone.length > 0;
}

/**
 * Gives up the student's place before the fair starts, unless the door has checked it in (`given`
 * runs if so); the place goes to the longest waiting on the list (`promoted` runs for them).
 */
export async function cancel(
  db: Db,
  fair: CareerFair,
  studentId: number,
  now: Date,
  hooks: { given?: TicketHook; promoted?: HolderHook } = {},
): Promise<"cancelled" | "not-found" | "too-late"> {
  const ticket = await ticketOf(db, fair.id, studentId);
  if (!ticket) return "not-found";
  if (!cancellable(fair, ticket, now)) return "too-late";
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(careerFairs).where(eq(careerFairs.id, fair.id)).for("update");
    if (!locked) return "not-found";
    const [gone] = await tx
      .delete(careerFairRegistrations)
      .where(and(eq(careerFairRegistrations.id, ticket.id), isNull(careerFairRegistrations.checkedInAt)))
      .returning();
    if (!gone) return "too-late";
    await recordEvent(tx, {
      kind: "career_fair.cancelled",
      at: now,
      userId: studentId,
      universityId: gone.universityId,
      data: { fair: fair.id },
    });
    await hooks.given?.(tx, gone);
    await fillPlaces(tx, locked, now, hooks.promoted);
    return "cancelled";
  });
}

export type DoorAnswer =
  | { kind: "welcome"; name: string }
  | { kind: "already"; name: string; at: Date }
  | { kind: "not-registered" }
  | { kind: "not-this-fair" };

/**
 * The door: the ticket with this code checked in, once. The check-in is one conditional update (of
 * this door's ticket, only where no check-in is recorded), so of several scans at once one records it
 * (and its event) and the others find it done: "already checked in".
 */
export async function checkIn(
  db: Db,
  door: { fair: CareerFair; scope: number | null; staffId: number },
  code: string,
  now: Date,
): Promise<DoorAnswer> {
  const name = async (userId: number) =>
    (await db.select({ name: users.name }).from(users).where(eq(users.id, userId)))[0]?.name ?? "";
  const checkedIn = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(careerFairRegistrations)
      .set({ checkedInAt: now, checkedInBy: door.staffId })
      .where(
        and(
          eq(careerFairRegistrations.fairId, door.fair.id),
          eq(careerFairRegistrations.code, code),
          isNull(careerFairRegistrations.checkedInAt),
          door.scope === null ? undefined : eq(careerFairRegistrations.universityId, door.scope),
        ),
      )
      .returning();
    if (row)
      await recordEvent(tx, {
        kind: "career_fair.attended",
        at: now,
        userId: row.userId,
        universityId: row.universityId,
        data: { fair: door.fair.id },
      });
    return row;
  });
  if (checkedIn) return { kind: "welcome", name: await name(checkedIn.userId) };
  const tickets = await db
    .select({
      id: careerFairRegistrations.id,
      fairId: careerFairRegistrations.fairId,
      universityId: careerFairRegistrations.universityId,
      userId: careerFairRegistrations.userId,
      checkedInAt: careerFairRegistrations.checkedInAt,
    })
    .from(careerFairRegistrations)
    .where(eq(careerFairRegistrations.code, code));
  const decision = doorDecision({ fairId: door.fair.id, scope: door.scope }, tickets);
  if (decision.kind !== "already") return { kind: decision.kind };
  const ticket = tickets.find((t) => t.id === decision.ticket)!;
  // Registered this very moment, after the update looked: not checked in, so not yet theirs to enter.
  if (!ticket.checkedInAt) return { kind: "not-registered" };
  return { kind: "already", name: await name(ticket.userId), at: ticket.checkedInAt };
}

/** How many tickets the door's staff may check in at the fair, and how many are checked in. */
export async function doorCounts(db: Db, fairId: number, scope: number | null) {
  const [counts] = await db
    .select({
      registered: sql<number>`count(*)::int`,
      attended: sql<number>`(count(*) filter (where ${careerFairRegistrations.checkedInAt} is not null))::int`,
    })
    .from(careerFairRegistrations)
    .where(
      and(
        eq(careerFairRegistrations.fairId, fairId),
        scope === null ? undefined : eq(careerFairRegistrations.universityId, scope),
      ),
    );
  return counts ?? { registered: 0, attended: 0 };
}

/**
 * The tickets the door sees (all of a university's own fair; at the platform's, its own students'),
 * with who holds each and their course, by name: the careers service's list of who is coming.
 */
export function doorRegistrations(db: Db, fairId: number, scope: number | null) {
  return db
    .select({
      name: users.name,
      email: users.email,
      course: studentProfiles.course,
      level: studentProfiles.studyLevel,
      registeredAt: careerFairRegistrations.createdAt,
      checkedInAt: careerFairRegistrations.checkedInAt,
    })
    .from(careerFairRegistrations)
    .innerJoin(users, eq(users.id, careerFairRegistrations.userId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, careerFairRegistrations.userId))
    .where(
      and(
        eq(careerFairRegistrations.fairId, fairId),
        scope === null ? undefined : eq(careerFairRegistrations.universityId, scope),
      ),
    )
    .orderBy(sql`lower(${users.name})`, careerFairRegistrations.id);
}

/** One row a student: what their profile says now, and whether they attended any fair they registered for. */
export type FairGoer = {
  course: string | null;
  level: string | null;
  home: number | null;
  visa: string | null;
  attended: boolean;
};

/**
 * The university's students who registered for a fair (its own or the platform's) held between two
 * UK days, each once, with their course, level, home country and visa from their profile.
 */
export function fairGoers(db: Db, universityId: number, range: { from: string; to: string }): Promise<FairGoer[]> {
  return rowsOf<FairGoer>(
    db,
    sql`select nullif(trim(p.course), '') as course, p.study_level::text as level, p.home_country_id as home,
          p.visa_type::text as visa, bool_or(r.checked_in_at is not null) as attended
        from ${careerFairRegistrations} r
        join ${careerFairs} f on f.id = r.fair_id
        left join student_profiles p on p.user_id = r.user_id
        where r.university_id = ${universityId}
          and (f.starts_at at time zone 'Europe/London')::date between ${range.from}::date and ${range.to}::date
        group by r.user_id, p.course, p.study_level, p.home_country_id, p.visa_type`,
  );
}
