import { type AuditActor, recordAudit } from "~/db/audit.server";
import { type SQL, and, asc, count, eq, ilike, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { countries, studentProfiles, users } from "~/db/schema";
import { STUDY_LEVELS } from "~/db/schema/student-profile-values";
import { LEVEL_LABELS, PAGE_SIZE, STUDENT_STATUSES, type StudentStatus } from "./labels";

/**
 * The university's student list on its dashboard: its students and pre-departure students, searched
 * and filtered, a page at a time or all of them as CSV, and deactivated or reactivated by its admins.
 * Everything is of the admin's university (its id comes from the session, never from the request).
 */

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
export const studentFilters = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(100, "Search for at most 100 characters").optional()),
  course: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  level: z.preprocess(blankToUndefined, z.enum(STUDY_LEVELS, { message: "Choose a level from the list" }).optional()),
  country: z.preprocess(
    blankToUndefined,
    z.coerce.number({ message: "Choose a country from the list" }).int().positive().optional(),
  ),
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(Object.keys(STUDENT_STATUSES) as [StudentStatus, ...StudentStatus[]], {
        message: "Choose a status from the list",
      })
      .optional(),
  ),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
});
export type StudentFilters = z.infer<typeof studentFilters>;

export type StudentRow = {
  id: number;
  name: string;
  email: string;
  role: "student" | "predeparture_student";
  course: string | null;
  level: (typeof STUDY_LEVELS)[number] | null;
  country: string | null;
  registeredAt: Date;
  status: StudentStatus;
};

/** The university's students who have confirmed their address (an unconfirmed registration is nobody's yet). */
const ofUniversity = (universityId: number) =>
  and(
    eq(users.universityId, universityId),
    inArray(users.role, ["student", "predeparture_student"]),
    isNotNull(users.emailVerifiedAt),
  );

function statusIs(status: StudentStatus, now: Date): SQL | undefined {
  const ended = and(isNotNull(users.accessExpiresAt), lte(users.accessExpiresAt, now));
  if (status === "expired") return and(eq(users.accessStatus, "active"), ended);
  if (status === "active")
    return and(
      eq(users.accessStatus, "active"),
      or(isNull(users.accessExpiresAt), sql`${users.accessExpiresAt} > ${now}`),
    );
  return eq(users.accessStatus, status);
}

function where(universityId: number, f: StudentFilters, now: Date) {
  const words = f.q ? `%${f.q.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_")}%` : null;
  return and(
    ofUniversity(universityId),
    words ? or(ilike(users.name, words), ilike(users.email, words)) : undefined,
    f.course ? eq(studentProfiles.course, f.course) : undefined,
    f.level ? eq(studentProfiles.studyLevel, f.level) : undefined,
    f.country ? eq(studentProfiles.homeCountryId, f.country) : undefined,
    f.status ? statusIs(f.status, now) : undefined,
  );
}

const columns = (now: Date) => ({
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  course: studentProfiles.course,
  level: studentProfiles.studyLevel,
  country: countries.name,
  registeredAt: users.createdAt,
  accessStatus: users.accessStatus,
  ended: sql<boolean>`coalesce(${users.accessExpiresAt} <= ${now}, false)`,
});

function rowOf(
  r: { accessStatus: string; ended: boolean; role: string } & Omit<StudentRow, "status" | "role">,
): StudentRow {
  const { accessStatus, ended, ...rest } = r;
  return {
    ...rest,
    role: rest.role as StudentRow["role"],
    status: accessStatus === "active" && ended ? "expired" : (accessStatus as StudentStatus),
  };
}

/** A page of the list, and how many match. */
export async function listStudents(
  db: Db,
  universityId: number,
  f: StudentFilters,
  now: Date,
): Promise<{ rows: StudentRow[]; total: number }> {
  const condition = where(universityId, f, now);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns(now))
      .from(users)
      .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
      .leftJoin(countries, eq(countries.id, studentProfiles.homeCountryId))
      .where(condition)
      .orderBy(asc(users.name), asc(users.id))
      .limit(PAGE_SIZE)
      .offset((f.page - 1) * PAGE_SIZE),
    db
      .select({ n: count() })
      .from(users)
      .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
      .where(condition),
  ]);
  return { rows: rows.map(rowOf), total: total?.n ?? 0 };
}

/** Every row that matches, for the CSV: what the list shows, nothing more. */
export async function allStudents(db: Db, universityId: number, f: StudentFilters, now: Date): Promise<StudentRow[]> {
  const rows = await db
    .select(columns(now))
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .leftJoin(countries, eq(countries.id, studentProfiles.homeCountryId))
    .where(where(universityId, f, now))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map(rowOf);
}

/** The courses and home countries the university's students gave, for the filters' choices. */
export async function filterChoices(
  db: Db,
  universityId: number,
): Promise<{ courses: string[]; countries: { id: number; name: string }[] }> {
  const [courses, homes] = await Promise.all([
    db
      .selectDistinct({ course: studentProfiles.course })
      .from(users)
      .innerJoin(studentProfiles, eq(studentProfiles.userId, users.id))
      .where(and(ofUniversity(universityId), isNotNull(studentProfiles.course)))
      .orderBy(asc(studentProfiles.course)),
    db
      .selectDistinct({ id: countries.id, name: countries.name })
      .from(users)
      .innerJoin(studentProfiles, eq(studentProfiles.userId, users.id))
      .innerJoin(countries, eq(countries.id, studentProfiles.homeCountryId))
      .where(ofUniversity(universityId))
      .orderBy(asc(countries.name)),
  ]);
  return { courses: courses.map((c) => c.course!).filter(Boolean), countries: homes };
}

export const STUDENT_CSV_HEADER = [
  "Name",
  "Email",
  "Account",
  "Course",
  "Level",
  "Home country",
  "Registered",
  "Status",
];

export function studentCsvRow(s: StudentRow): string[] {
  return [
    s.name,
    s.email,
    s.role === "student" ? "Student" : "Pre-departure",
    s.course ?? "",
    s.level ? LEVEL_LABELS[s.level] : "",
    s.country ?? "",
    s.registeredAt.toISOString().slice(0, 10),
    STUDENT_STATUSES[s.status],
  ];
}

/**
 * Ends a student's access now (they land on the page that says so and whom to ask), or gives it
 * back. Only an active account of the university's: anything else answers as not found.
 */
export async function setStudentAccess(
  db: Db,
  actor: AuditActor,
  universityId: number,
  studentId: number,
  active: boolean,
  now: Date,
): Promise<{ ok: true; name: string } | { ok: false; status: 404; message: string }> {
  return db.transaction(async (tx) => {
    const mine = and(eq(users.id, studentId), ofUniversity(universityId), eq(users.accessStatus, "active"));
    const [before] = await tx.select({ accessExpiresAt: users.accessExpiresAt }).from(users).where(mine);
    const [row] = await tx
      .update(users)
      .set({ accessExpiresAt: active ? null : now, updatedAt: now })
      .where(mine)
      .returning({ name: users.name, accessExpiresAt: users.accessExpiresAt });
    if (!row || !before)
      return { ok: false as const, status: 404 as const, message: "There is no such student at your university." };
    await recordAudit(tx, {
      actor,
      action: active ? "student.reactivated" : "student.deactivated",
      universityId,
      target: { type: "user", id: studentId },
      before: { accessExpiresAt: before.accessExpiresAt },
      after: { accessExpiresAt: row.accessExpiresAt },
      at: now,
    });
    return { ok: true as const, name: row.name };
  });
}
