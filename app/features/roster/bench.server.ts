// What `npm run bench:roster` drives in-process: a university, its records file, and the sync.
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type University, universities, users } from "~/db/schema";
import { ROSTER_COLUMNS } from "~/db/schema/roster-values";
import { Outbox } from "~/features/email/index.server";
export { syncRoster } from "./sync.server";

/** A university and its admin, as the bench's sync runs for them. */
export async function benchUniversity(db: Db): Promise<{ university: University; adminId: number }> {
  const [university] = await db
    .insert(universities)
    .values({ slug: "roster-bench", name: "Roster Bench University", countryId: 226, emailDomains: ["bench.test"] })
    .returning();
  const [admin] = await db
    .insert(users)
    .values({ email: "admin@bench.test", name: "Bench Admin", role: "university_admin", universityId: university!.id })
    .returning({ id: users.id });
  return { university: university!, adminId: admin!.id };
}

/** An outbox that only queues (no job runner sends in the bench). */
export const benchOutbox = () => new Outbox(() => new Date(), "bench.test");

const LEVELS = ["undergraduate", "postgraduate_taught", "postgraduate_research", "foundation", ""];

/**
 * A records file of `students` lines, the same every run: `changed` of them (every n-th) with another
 * course, and the last `missing` left out, for a full sync that updates and marks students as left.
 */
export function rosterFile(students: number, { changed = 0, missing = 0 } = {}): string {
  const every = changed ? Math.floor(students / changed) : 0;
  const lines = [ROSTER_COLUMNS.join(",")];
  for (let i = 0; i < students - missing; i++) {
    const course = every && i % every === 0 ? `Changed Course ${i % 40}` : `Course ${i % 40}`;
    const year = 2026 + (i % 4);
    lines.push(
      `S${String(i).padStart(7, "0")},student.${i}@bench.test,First${i},"Last, ${i}",${course},${LEVELS[i % LEVELS.length]},${year}-0${1 + (i % 9)},active`,
    );
  }
  return lines.join("\n");
}

/**
 * The baseline: as many rows, sent from here as the sync sends them (1,000-row statements of values),
 * written plainly into a table shaped like the records, with no reading, comparing or invitations.
 */
export async function plainInsert(db: Db, students: number): Promise<void> {
  await db.execute(sql`create temporary table bench_plain (like roster_records including all)`);
  for (let i = 0; i < students; i += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, students - i) }, (_, j) => {
      const n = i + j;
      return sql`(1, ${`S${n}`}, ${`student.${n}@bench.test`}, ${`First${n}`}, ${`Last${n}`}, ${`Course ${n % 40}`}, 'undergraduate', '2027-06', 'active', now(), now())`;
    });
    await db.execute(sql`
      insert into bench_plain (university_id, student_id, email, first_name, last_name, course, level, expected_graduation, status, created_at, updated_at)
      values ${sql.join(rows, sql`, `)}`);
  }
  await db.execute(sql`drop table bench_plain`);
}
