import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import { STUDY_LEVELS } from "~/db/schema/student-profile-values";
import { COUNTRIES } from "~/db/seed/countries";
import { addDays } from "./range";

/**
 * Made-up students and a year of what they did, for the demo (Demo University's charts show
 * something on a fresh start) and for the analytics benchmark (50,000 students, 5,000,000 events).
 * Deterministic for a seed and a day. The students cannot log in (no password); their addresses
 * start "demo.activity." and every event they did carries `data.demo`, so they are easy to find
 * and remove.
 */

export type ActivityPlan = {
  universityId: number;
  /** The university's email domain, for the students' addresses. */
  domain: string;
  students: number;
  /** Roughly how many events a student does in the year (some do none, some many more). */
  eventsPerStudent: number;
  /** The last day of activity (the year before it is filled). */
  today: string;
  seed: number;
  /** Fewer rows a statement when rows cost more (the rollup trigger runs for each statement). */
  batch?: number;
};

/** mulberry32: small, fast and the same everywhere. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    /** One of `weighted`'s values, as often as its weight says. */
    weighted: <T>(weighted: readonly (readonly [T, number])[]): T => {
      let r = next() * weighted.reduce((s, [, w]) => s + w, 0);
      for (const [value, w] of weighted) if ((r -= w) < 0) return value;
      return weighted.at(-1)![0];
    },
  };
}

// Where a UK university's international students come from, roughly as HESA's tables have it.
const HOME_COUNTRIES: readonly (readonly [string, number])[] = [
  ["IN", 24],
  ["CN", 22],
  ["NG", 10],
  ["PK", 7],
  ["US", 4],
  ["BD", 3],
  ["HK", 3],
  ["MY", 3],
  ["SA", 2],
  ["GH", 2],
  ["VN", 2],
  ["KE", 2],
  ["NP", 2],
  ["LK", 1.5],
  ["TH", 1],
  ["ID", 1],
  ["IE", 1],
  ["CA", 1],
  ["AU", 0.5],
  ["TR", 1],
  ["AE", 1],
  ["EG", 1],
  ["ZA", 0.5],
  ["BR", 0.5],
  ["MX", 0.5],
  ["JP", 0.5],
  ["KR", 0.5],
  ["SG", 0.5],
  ["IT", 0.5],
  ["DE", 0.5],
  ["FR", 0.5],
];
const COURSES = [
  "MSc Data Science",
  "MSc Computer Science",
  "MBA",
  "MSc Finance",
  "MSc Management",
  "MSc Civil Engineering",
  "LLM International Law",
  "MA Marketing",
  "MSc Public Health",
  "BSc Economics",
  "BEng Mechanical Engineering",
  "BSc Nursing",
  "MSc Accounting",
  "MA Education",
  "PhD Chemistry",
];
const FIRST = [
  "Aarav",
  "Priya",
  "Wei",
  "Li",
  "Chidi",
  "Amaka",
  "Ahmed",
  "Fatima",
  "Emily",
  "James",
  "Nguyen",
  "Siti",
  "Kwame",
  "Akosua",
  "Omar",
  "Aisha",
  "Rohan",
  "Mei",
  "Tunde",
  "Zainab",
];
const LAST = [
  "Sharma",
  "Patel",
  "Zhang",
  "Wang",
  "Okafor",
  "Adeyemi",
  "Khan",
  "Hussain",
  "Smith",
  "Brown",
  "Tran",
  "Rahman",
  "Mensah",
  "Boateng",
  "Ali",
  "Chen",
  "Gupta",
  "Lim",
  "Bello",
  "Ibrahim",
];

type EventRow = { kind: string; userId: number; jobId: number | null; at: string; seconds: number };

/** Writes the students and their events; returns how many of each. */
export async function generateActivity(db: Db, plan: ActivityPlan): Promise<{ students: number; events: number }> {
  const r = seeded(plan.seed);
  const ids = new Map(COUNTRIES.map((c) => [c.iso2, c.id]));
  const first = addDays(plan.today, -364);
  const jobs = await rowsOf<{ id: number }>(
    db,
    sql`select id from job_postings where status = 'open' order by id limit 2000`,
  );
  if (!jobs.length) return { students: 0, events: 0 };
  const videos = await rowsOf<{ seconds: number }>(
    db,
    sql`select duration_seconds as seconds from videos where status = 'published'`,
  );
  const tag = `demo.activity.${plan.seed}`;

  // Students, registered through the year (more in September and January, as intakes are).
  const students: { id: number; registered: string; level: number }[] = [];
  const batch = plan.batch ?? 5000;
  for (let start = 0; start < plan.students; start += batch) {
    const n = Math.min(batch, plan.students - start);
    const rows = Array.from({ length: n }, (_, k) => {
      const i = start + k;
      const intake = r.weighted([
        [0, 1],
        [240, 5],
        [120, 2],
        [r.int(365), 2],
      ] as const);
      const registered = addDays(first, Math.min(364, intake + r.int(30)));
      return {
        email: `${tag}.${String(i + 1).padStart(6, "0")}@${plan.domain}`,
        name: `${r.pick(FIRST)} ${r.pick(LAST)}`,
        at: `${registered}T${String(8 + r.int(12)).padStart(2, "0")}:${String(r.int(60)).padStart(2, "0")}:00Z`,
        home: ids.get(r.weighted(HOME_COUNTRIES)) ?? null,
        course: r.pick(COURSES),
        level: r.weighted([
          [1, 3],
          [2, 6],
          [3, 1],
        ] as const),
      };
    });
    const made = await rowsOf<{ id: number; created: string }>(
      db,
      sql`insert into users (email, name, role, university_id, email_verified_at, created_at, updated_at)
          select e, n, 'student'::role, ${plan.universityId}, a::timestamptz, a::timestamptz, a::timestamptz
          from unnest(${sql.param(rows.map((x) => x.email))}::text[], ${sql.param(rows.map((x) => x.name))}::text[], ${sql.param(rows.map((x) => x.at))}::text[]) as t(e, n, a)
          returning id, created_at::text as created`,
    );
    await db.execute(
      sql`insert into student_profiles (user_id, home_country_id, course, study_level)
          select u, h, c, l::study_level from unnest(${sql.param(made.map((m) => m.id))}::int[], ${sql.param(rows.map((x) => x.home))}::int[],
            ${sql.param(rows.map((x) => x.course))}::text[], ${sql.param(rows.map((x) => STUDY_LEVELS[x.level]!))}::text[]) as t(u, h, c, l)`,
    );
    made.forEach((m, k) => students.push({ id: m.id, registered: rows[k]!.at.slice(0, 10), level: rows[k]!.level }));
  }

  // Each student: a keenness (a few do most), active days after registering, a session each day.
  let written = 0;
  let pending: EventRow[] = [];
  const flush = async () => {
    if (!pending.length) return;
    await db.execute(
      sql`insert into events (kind, user_id, university_id, job_posting_id, occurred_at, data)
          select k, u, ${plan.universityId}, j, a::timestamptz, case when s > 0 then jsonb_build_object('demo', true, 'seconds', s) else '{"demo":true}'::jsonb end
          from unnest(${sql.param(pending.map((e) => e.kind))}::text[], ${sql.param(pending.map((e) => e.userId))}::int[], ${sql.param(pending.map((e) => e.jobId))}::int[],
            ${sql.param(pending.map((e) => e.at))}::text[], ${sql.param(pending.map((e) => e.seconds))}::float8[]) as t(k, u, j, a, s)`,
    );
    written += pending.length;
    pending = [];
  };
  for (const student of students) {
    const keen =
      r.next() < 0.12
        ? 0
        : r.weighted([
            [0.4, 4],
            [1, 4],
            [2.5, 2],
          ] as const);
    let budget = Math.round(plan.eventsPerStudent * keen * (0.5 + r.next()));
    const span = Math.max(1, Math.round((Date.parse(plan.today) - Date.parse(student.registered)) / 86_400_000) + 1);
    const at = (day: string) =>
      `${day}T${String(7 + r.int(15)).padStart(2, "0")}:${String(r.int(60)).padStart(2, "0")}:${String(r.int(60)).padStart(2, "0")}Z`;
    const push = (kind: string, day: string, jobId: number | null = null, seconds = 0) => {
      pending.push({ kind, userId: student.id, jobId, at: at(day), seconds });
      budget--;
    };
    if (budget > 0 && r.next() < 0.8) push("profile.completed", addDays(student.registered, r.int(Math.min(span, 14))));
    while (budget > 0) {
      const day = addDays(student.registered, r.int(span));
      const session = 1 + r.int(6);
      for (let k = 0; k < session && budget > 0; k++) {
        const what = r.weighted([
          ["job", 10],
          ["cv", 2],
          ["hub", 2],
          ["calculator", 0.4],
          ["sponsors", 0.8],
        ] as const);
        if (what === "job") {
          const job = r.pick(jobs).id;
          push("job.viewed", day, job);
          if (r.next() < 0.25) push("job.saved", day, job);
          // Final-year and postgraduate students apply more.
          if (r.next() < 0.06 * student.level) push("job.applied", day, job);
        } else if (what === "cv")
          push(
            r.weighted([
              ["cv.created", 1],
              ["cv.exported", 2],
              ["cv.ats_checked", 1],
            ] as const),
            day,
          );
        else if (what === "hub") {
          if (r.next() < 0.5 && videos.length) push("video.completed", day, null, r.pick(videos).seconds);
          else push("video.started", day);
        } else if (what === "calculator") push("points.calculated", day);
        else push("sponsor.checked", day);
      }
      if (pending.length >= batch) await flush();
    }
  }
  await flush();
  return { students: students.length, events: written };
}

/** Whether a university's demo activity is there already (the demo adds it once). */
export async function hasActivity(db: Db, universityId: number): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists(select 1 from users where university_id = ${universityId} and email like 'demo.activity.%') as found`,
  );
  return Boolean(row?.found);
}
