import { and, asc, eq, exists, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { type University, universities, userCampuses, users } from "~/db/schema";

/** One campus a person belongs to, as /student-login lists it. */
export type Campus = Pick<University, "id" | "slug" | "name" | "micrositeHost" | "brandColour"> & {
  /** The person's active university (`users.university_id`): its microsite, plan and analytics are theirs now. */
  active: boolean;
};

/**
 * The campuses a person belongs to, by name. Someone with no `user_campuses` rows (nearly everyone)
 * belongs to their own university only, so the join falls back to it; an account without a
 * university has none.
 */
export async function campusesOf(db: Pick<Db, "select">, userId: number): Promise<Campus[]> {
  const rows = await db
    .select({
      id: universities.id,
      slug: universities.slug,
      name: universities.name,
      micrositeHost: universities.micrositeHost,
      brandColour: universities.brandColour,
      activeId: users.universityId,
    })
    .from(users)
    .leftJoin(userCampuses, eq(userCampuses.userId, users.id))
    .innerJoin(universities, eq(universities.id, sql`coalesce(${userCampuses.universityId}, ${users.universityId})`))
    .where(eq(users.id, userId))
    .orderBy(asc(universities.name), asc(universities.id));
  return rows.map(({ activeId, ...campus }) => ({ ...campus, active: campus.id === activeId }));
}

/** The switch form's one field. A hand-made post gets this message; the page itself always sends a good id. */
export const SwitchCampusSchema = z.object({
  university_id: z
    .string({ error: "Choose a campus from the list" })
    .regex(/^[1-9]\d{0,8}$/, "Choose a campus from the list")
    .transform(Number),
});

/** Said for any university that is not one of the person's campuses, whether or not it exists. */
export const NOT_YOUR_CAMPUS =
  "You do not belong to that campus, so you cannot switch to it. Choose one of the campuses listed on this page.";

export type SwitchOutcome =
  | { ok: true; campus: Campus; changed: boolean }
  | { ok: false; status: 404; message: string };

/**
 * Makes one of the person's campuses their active university. Anything else, including a university
 * that exists but is not theirs, is refused the same way. The update itself checks membership, so a
 * campus removed meanwhile cannot be switched into.
 */
export async function switchCampus(db: Db, userId: number, universityId: number, now: Date): Promise<SwitchOutcome> {
  const target = (await campusesOf(db, userId)).find((c) => c.id === universityId);
  if (!target) return { ok: false, status: 404, message: NOT_YOUR_CAMPUS };
  if (target.active) return { ok: true, campus: target, changed: false };
  const member = db
    .select({ one: sql`1` })
    .from(userCampuses)
    .where(and(eq(userCampuses.userId, userId), eq(userCampuses.universityId, universityId)));
  const updated = await db
    .update(users)
    .set({ universityId, updatedAt: now })
    .where(and(eq(users.id, userId), exists(member)))
    .returning({ id: users.id });
  if (updated.length === 0) return { ok: false, status: 404, message: NOT_YOUR_CAMPUS };
  return { ok: true, campus: { ...target, active: true }, changed: true };
}

/**
 * Adds a campus to a person (the demo seed's multi-campus student, an operator's fix). Their current
 * university becomes a row too, so the active university stays among their campuses. Only campuses of
 * one group go together: a campus's group is its `group_id`, or itself for a group's main university.
 */
export async function addCampus(db: Db, userId: number, universityId: number): Promise<void> {
  const groupOf = sql<number>`coalesce(${universities.groupId}, ${universities.id})`;
  const [person] = await db
    .select({ universityId: users.universityId, group: groupOf })
    .from(users)
    .leftJoin(universities, eq(universities.id, users.universityId))
    .where(eq(users.id, userId));
  if (!person) throw new Error(`No account has id ${userId}`);
  if (person.universityId === null)
    throw new Error(`Account ${userId} belongs to no university: give it one before adding campuses`);
  const [campus] = await db
    .select({ id: universities.id, group: groupOf })
    .from(universities)
    .where(eq(universities.id, universityId));
  if (!campus) throw new Error(`No university has id ${universityId}`);
  if (campus.group !== person.group) {
    throw new Error(
      `University ${universityId} is not a campus of the group of account ${userId}'s university (${person.universityId})`,
    );
  }
  await db
    .insert(userCampuses)
    .values([...new Set([person.universityId, universityId])].map((id) => ({ userId, universityId: id })))
    .onConflictDoNothing();
}
