import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { adviserOffers, appointmentTypes, appointments, careersAdvisers, universities, users } from "~/db/schema";
import type { AdviserSettings, Offer } from "./settings-schema";

/**
 * The careers service's settings (issue 33): which of the university's admins are advisers, each
 * adviser's hours and the kinds they offer, the university's kinds of appointment and its limit.
 * Every read and write names the university, which comes from the admin's session: another
 * university's adviser or kind is not found. Changes to another person's settings, the kinds and the
 * limit are audited in the same transaction.
 */

/** The university's advisers, those switched off too, by name, with how many appointments they hold still to come. */
export async function advisersOf(db: Db, universityId: number, now: Date) {
  return db
    .select({
      userId: careersAdvisers.userId,
      name: users.name,
      email: users.email,
      active: careersAdvisers.active,
      upcoming: sql<number>`(select count(*)::int from ${appointments} where ${appointments.adviserUserId} = ${careersAdvisers.userId} and ${appointments.status} = 'booked' and ${appointments.endsAt} > ${now.toISOString()}::timestamptz)`,
    })
    .from(careersAdvisers)
    .innerJoin(users, eq(users.id, careersAdvisers.userId))
    .where(eq(careersAdvisers.universityId, universityId))
    .orderBy(asc(users.name), asc(users.id));
}

/** The university's active admins who are not advisers (yet): whom an admin may mark as one. */
export async function adviserCandidates(db: Db, universityId: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .leftJoin(careersAdvisers, eq(careersAdvisers.userId, users.id))
    .where(
      and(
        eq(users.universityId, universityId),
        eq(users.role, "university_admin"),
        eq(users.accessStatus, "active"),
        isNull(careersAdvisers.userId),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** One adviser of the university with their offers, or null (another university's, or no adviser). */
export async function adviserOf(db: Pick<Db, "select">, universityId: number, userId: number) {
  const [row] = await db
    .select({ adviser: careersAdvisers, name: users.name, email: users.email })
    .from(careersAdvisers)
    .innerJoin(users, eq(users.id, careersAdvisers.userId))
    .where(and(eq(careersAdvisers.userId, userId), eq(careersAdvisers.universityId, universityId)));
  if (!row) return null;
  const offers = await db
    .select({ typeId: adviserOffers.typeId, mode: adviserOffers.mode, location: adviserOffers.location })
    .from(adviserOffers)
    .where(eq(adviserOffers.adviserUserId, userId))
    .orderBy(asc(adviserOffers.typeId));
  return { ...row.adviser, name: row.name, email: row.email, offers };
}

type MarkOutcome = "marked" | "switched-on" | "already" | "not-found" | "not-an-admin";

/**
 * Marks one of the university's active admins as an adviser (or switches a switched-off adviser on
 * again). Anyone not of this university is not found; a student of it cannot be an adviser.
 */
export async function markAdviser(
  db: Db,
  actor: AuditActor,
  universityId: number,
  userId: number,
  now: Date,
): Promise<{ outcome: MarkOutcome; name?: string }> {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ name: users.name, role: users.role, accessStatus: users.accessStatus })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.universityId, universityId)));
    if (!person) return { outcome: "not-found" };
    if (person.role !== "university_admin" || person.accessStatus !== "active")
      return { outcome: "not-an-admin", name: person.name };
    const [existing] = await tx
      .select({ universityId: careersAdvisers.universityId, active: careersAdvisers.active })
      .from(careersAdvisers)
      .where(eq(careersAdvisers.userId, userId))
      .for("update");
    if (existing && existing.universityId !== universityId) return { outcome: "not-found" };
    if (existing?.active) return { outcome: "already", name: person.name };
    if (existing) await tx.update(careersAdvisers).set({ active: true }).where(eq(careersAdvisers.userId, userId));
    // Two admins marking the same colleague at once: the second finds the row made.
    else if (
      !(await tx.insert(careersAdvisers).values({ userId, universityId }).onConflictDoNothing().returning()).length
    )
      return { outcome: "already", name: person.name };
    await recordAudit(tx, {
      actor,
      action: existing ? "careers_adviser.switched_on" : "careers_adviser.marked",
      universityId,
      target: { type: "user", id: userId },
      before: { adviser: existing ? "off" : "no" },
      after: { adviser: "on" },
      at: now,
    });
    return { outcome: existing ? "switched-on" : "marked", name: person.name };
  });
}

/**
 * Switches an adviser off: they keep their row and their appointments (their students' records), and
 * no new time of theirs is offered. Null when they are not the university's adviser.
 */
export async function switchAdviserOff(
  db: Db,
  actor: AuditActor,
  universityId: number,
  userId: number,
  now: Date,
): Promise<{ name: string; changed: boolean } | null> {
  return db.transaction(async (tx) => {
    const adviser = await adviserOf(tx, universityId, userId);
    if (!adviser) return null;
    if (!adviser.active) return { name: adviser.name, changed: false };
    await tx.update(careersAdvisers).set({ active: false }).where(eq(careersAdvisers.userId, userId));
    await recordAudit(tx, {
      actor,
      action: "careers_adviser.switched_off",
      universityId,
      target: { type: "user", id: userId },
      before: { adviser: "on" },
      after: { adviser: "off" },
      at: now,
    });
    return { name: adviser.name, changed: true };
  });
}

const offerText = (o: Offer) => `${o.typeId}: ${o.mode} ${o.location}`;

/**
 * Saves an adviser's hours, days off, horizon, notice and offers in one transaction (their row is
 * locked, as a booking locks it, so no booking checks half-saved hours). The offers are for the
 * university's own kinds only (the caller read them from its kinds). False: not the university's adviser.
 */
export async function saveAdviserSettings(
  db: Db,
  actor: AuditActor,
  universityId: number,
  userId: number,
  input: { settings: AdviserSettings; offers: Offer[] },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select user_id from careers_advisers where user_id = ${userId} for update`);
    const before = await adviserOf(tx, universityId, userId);
    if (!before) return false;
    const { settings, offers } = input;
    await tx
      .update(careersAdvisers)
      .set({
        timeZone: settings.timeZone,
        weekly: settings.weekly,
        daysOff: settings.daysOff,
        horizonDays: settings.horizonDays,
        noticeHours: settings.noticeHours,
      })
      .where(eq(careersAdvisers.userId, userId));
    await tx.delete(adviserOffers).where(eq(adviserOffers.adviserUserId, userId));
    if (offers.length) await tx.insert(adviserOffers).values(offers.map((o) => ({ adviserUserId: userId, ...o })));
    // One's own hours are one's own business; an admin changing a colleague's is on the record.
    if (actor.id !== userId)
      await recordAudit(tx, {
        actor,
        action: "careers_adviser.settings_updated",
        universityId,
        target: { type: "user", id: userId },
        before: {
          timeZone: before.timeZone,
          weekly: before.weekly,
          daysOff: before.daysOff,
          horizonDays: before.horizonDays,
          noticeHours: before.noticeHours,
          offers: before.offers.map(offerText),
        },
        after: { ...settings, offers: offers.map(offerText) },
        at: now,
      });
    return true;
  });
}

/** The university's kinds of appointment, those switched off too, by name. */
export async function kindsOf(db: Pick<Db, "select">, universityId: number) {
  return db
    .select()
    .from(appointmentTypes)
    .where(eq(appointmentTypes.universityId, universityId))
    .orderBy(asc(appointmentTypes.name), asc(appointmentTypes.id));
}

export type KindInput = { name: string; minutes: number; description: string | null; active: boolean };

/** Adds a kind of appointment; no adviser offers it until one's settings say so. */
export async function addKind(db: Db, actor: AuditActor, universityId: number, kind: KindInput, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(appointmentTypes)
      .values({ universityId, ...kind })
      .returning({ id: appointmentTypes.id });
    await recordAudit(tx, {
      actor,
      action: "appointment_type.added",
      universityId,
      target: { type: "appointment_type", id: row!.id },
      after: kind,
      at: now,
    });
  });
}

/**
 * Changes a kind of the university's (false: none such). Its appointments keep the length they were
 * booked with; one switched off is no longer offered, and is never deleted (appointments name it).
 */
export async function saveKind(
  db: Db,
  actor: AuditActor,
  universityId: number,
  id: number,
  kind: KindInput,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(appointmentTypes)
      .where(and(eq(appointmentTypes.id, id), eq(appointmentTypes.universityId, universityId)))
      .for("update");
    if (!before) return false;
    await tx.update(appointmentTypes).set(kind).where(eq(appointmentTypes.id, id));
    await recordAudit(tx, {
      actor,
      action: "appointment_type.updated",
      universityId,
      target: { type: "appointment_type", id },
      before: { name: before.name, minutes: before.minutes, description: before.description, active: before.active },
      after: kind,
      at: now,
    });
    return true;
  });
}

/** How many future appointments one student may hold: the university's own rule. */
export async function setAppointmentLimit(db: Db, actor: AuditActor, universityId: number, limit: number, now: Date) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ limit: universities.appointmentLimit })
      .from(universities)
      .where(eq(universities.id, universityId))
      .for("update");
    if (!before || before.limit === limit) return;
    await tx.update(universities).set({ appointmentLimit: limit }).where(eq(universities.id, universityId));
    await recordAudit(tx, {
      actor,
      action: "university.appointment_limit_updated",
      universityId,
      target: { type: "university", id: universityId },
      before: { appointmentLimit: before.limit },
      after: { appointmentLimit: limit },
      at: now,
    });
  });
}

/**
 * The careers service's record of a student's appointment: notes after it (kept out of the log, which
 * says only that they changed: they are private to the careers service) or a no-show. Audited, as a
 * change to the student's record made by a member of staff.
 */
export async function recordAfterAppointment(
  db: Db,
  actor: AuditActor,
  universityId: number,
  appointmentId: number,
  change: { notes: string | null } | { noShow: boolean },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ notes: appointments.adviserNotes, noShow: appointments.noShow })
      .from(appointments)
      .where(and(eq(appointments.id, appointmentId), eq(appointments.universityId, universityId)))
      .for("update");
    if (!before) return;
    const notes = "notes" in change;
    if (notes ? before.notes === change.notes : before.noShow === change.noShow) return;
    await tx
      .update(appointments)
      .set(notes ? { adviserNotes: change.notes } : { noShow: change.noShow })
      .where(eq(appointments.id, appointmentId));
    await recordAudit(tx, {
      actor,
      action: notes ? "appointment.notes_updated" : "appointment.no_show_updated",
      universityId,
      target: { type: "appointment", id: appointmentId },
      before: notes ? { notes: before.notes ? "written" : "none" } : { noShow: before.noShow },
      after: notes ? { notes: change.notes ? "written" : "none" } : { noShow: change.noShow },
      at: now,
    });
  });
}
