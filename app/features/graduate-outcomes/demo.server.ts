import { and, eq, like, sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import {
  type FoundThrough,
  type GraduateActivity,
  type PayBand,
  SURVEY_WAVES,
  type WorkRoute,
  graduateSurveys,
  universities,
  users,
} from "~/db/schema";
import type { VisaType } from "~/db/schema/student-profile-values";
import { COUNTRIES } from "~/db/seed/countries";
import { hashToken } from "~/db/tokens.server";
import { seeded } from "~/features/analytics/index.server";
import type { Clock } from "~/lib/clock";
import { todayInLondon } from "~/lib/dates";
import type { Service } from "~/lib/service";
import { DEMO_SURVEY_TOKEN } from "./demo-link";
import { addMonths, closingOf } from "./waves";

/**
 * Made-up survey answers of a university's made-up students (those the analytics demo makes, whose
 * addresses start "demo.activity."), for the demo (Demo University's page shows something on a fresh
 * start) and for the analytics benchmark (50,000 students). Each student is given a graduation month
 * of the last three years, and the surveys due by `today` as sent and mostly answered, as they would
 * have been. Only the survey rows hold the graduation month: the students' profiles keep none, so the
 * survey job never emails their made-up addresses. Deterministic for a seed and a day.
 */
export type OutcomesPlan = {
  universityId: number;
  countryId: number;
  today: string;
  seed: number;
  /** The first student's is the demo's well-known link: graduated 7 months ago, asked last month, not answered. */
  demoToken?: string;
};

const ISO = new Map(COUNTRIES.map((c) => [c.iso2, c.id]));
const ABROAD = ["US", "AE", "CA", "DE", "SG", "AU", "IE", "NL"].map((c) => ISO.get(c)!);
const EMPLOYERS = [
  "Northwind Analytics",
  "Harbour Health Trust",
  "Meridian Bank",
  "Atlas Engineering",
  "Bright Retail",
];
const TITLES = ["Data Analyst", "Graduate Engineer", "Finance Associate", "Marketing Executive", "Research Assistant"];

type Made = typeof graduateSurveys.$inferInsert;

/** Writes the surveys and answers; returns how many surveys. */
export async function generateOutcomes(db: Db, plan: OutcomesPlan): Promise<number> {
  const r = seeded(plan.seed);
  const students = await rowsOf<{ id: number; course: string | null; level: Made["studyLevel"]; home: number | null }>(
    db,
    sql`select u.id, p.course, p.study_level as level, p.home_country_id as home from users u join student_profiles p on p.user_id = u.id
        where u.university_id = ${plan.universityId} and u.email like 'demo.activity.%' order by u.id`,
  );
  const thisMonth = plan.today.slice(0, 7);
  const rows: Made[] = [];
  for (const [i, s] of students.entries()) {
    const demo = i === 0 && plan.demoToken ? plan.demoToken : null;
    // Most graduate in the summer, some in the winter, over the last three years.
    const year = Number(thisMonth.slice(0, 4)) - 1 - r.int(3);
    const month = r.weighted([
      [7, 6],
      [12, 2],
      [1, 1],
      [9, 1],
    ] as const);
    const graduated = demo ? addMonths(thisMonth, -7) : `${year}-${String(month).padStart(2, "0")}`;
    const visaType = r.weighted<VisaType>([
      ["student", 8],
      ["graduate", 1],
      ["dependant", 0.6],
      ["none_needed", 0.4],
    ]);
    const sent: { wave: (typeof SURVEY_WAVES)[number]; at: Date }[] = [];
    for (const wave of SURVEY_WAVES) {
      const due = addMonths(graduated, wave);
      if (due > thisMonth) break;
      const at = new Date(`${due}-01T09:00:00Z`);
      at.setUTCDate(1 + r.int(5));
      if (at.toISOString().slice(0, 10) > plan.today) break;
      sent.push({ wave, at });
    }
    sent.forEach(({ wave, at }, k) => {
      const next = sent[k + 1]?.at;
      const answeredAt =
        !demo && r.next() < (wave === 6 ? 0.55 : 0.45) ? new Date(at.getTime() + r.int(20) * 86_400_000) : null;
      rows.push({
        userId: s.id,
        universityId: plan.universityId,
        wave,
        graduationMonth: graduated,
        course: s.course,
        studyLevel: s.level,
        homeCountryId: s.home,
        visaType,
        // Not the hash of any link: no one can open a made-up survey but the demo's.
        tokenHash: demo ? hashToken(demo) : `demo-${plan.seed}-${s.id}-${wave}`,
        sentAt: at,
        closesAt: next ?? closingOf(at),
        answeredAt,
        ...(answeredAt ? answer(r, wave, s.home, plan.countryId) : {}),
      });
    });
  }
  for (let start = 0; start < rows.length; start += 1_000)
    await db.insert(graduateSurveys).values(rows.slice(start, start + 1_000));
  return rows.length;
}

/** One graduate's answer: more at work, and more of them sponsored, the later the survey. */
function answer(r: ReturnType<typeof seeded>, wave: number, home: number | null, country: number): Partial<Made> {
  const activity = r.weighted<GraduateActivity>(
    wave === 6
      ? [
          ["working", 60],
          ["further_study", 12],
          ["looking", 22],
          ["other", 6],
        ]
      : [
          ["working", 75],
          ["further_study", 10],
          ["looking", 10],
          ["other", 5],
        ],
  );
  if (activity !== "working") return { activity };
  const where = r.weighted([
    ["here", 55],
    ["home", 30],
    ["elsewhere", 15],
  ] as const);
  const workCountryId = where === "here" ? country : where === "home" && home ? home : r.pick(ABROAD);
  const workRoute: WorkRoute =
    workCountryId === home
      ? "not_needed"
      : where === "here"
        ? r.weighted<WorkRoute>(
            wave === 6
              ? [
                  ["graduate", 65],
                  ["skilled_worker", 25],
                  ["other", 5],
                  ["not_needed", 5],
                ]
              : [
                  ["graduate", 45],
                  ["skilled_worker", 45],
                  ["other", 5],
                  ["not_needed", 5],
                ],
          )
        : r.weighted<WorkRoute>([
            ["other", 8],
            ["not_needed", 2],
          ]);
  return {
    activity,
    workCountryId,
    employer: r.pick(EMPLOYERS),
    jobTitle: r.pick(TITLES),
    salaryBand: r.weighted<PayBand>([
      ["under_20k", 1],
      ["20k_to_30k", 4],
      ["30k_to_40k", 4],
      ["40k_to_50k", 2],
      ["50k_or_more", 1],
      ["prefer_not_to_say", 1],
    ]),
    sponsored: workRoute === "skilled_worker" || (workRoute === "other" && r.next() < 0.5),
    workRoute,
    foundThrough: r.weighted<FoundThrough>([
      ["careers_service", 2],
      ["this_platform", 2],
      ["job_board", 4],
      ["employer_website", 3],
      ["recruiter", 2],
      ["people_they_know", 2],
      ["placement_or_internship", 1],
      ["other", 1],
    ]),
  };
}

/** Demo University's made-up graduates' surveys, made once, when its made-up students exist; answers how many. */
export async function generateDemoOutcomes(db: Db, now: Date): Promise<number> {
  const [university] = await db.select().from(universities).where(eq(universities.slug, "demo-university"));
  if (!university) return 0;
  const [made] = await db
    .select({ id: graduateSurveys.id })
    .from(graduateSurveys)
    .innerJoin(users, eq(users.id, graduateSurveys.userId))
    .where(and(eq(graduateSurveys.universityId, university.id), like(users.email, "demo.activity.%")))
    .limit(1);
  if (made) return 0;
  return generateOutcomes(db, {
    universityId: university.id,
    countryId: university.countryId,
    today: todayInLondon(now),
    seed: 20263,
    demoToken: DEMO_SURVEY_TOKEN,
  });
}

/** The embedded database's demo outcomes, made once in the background after the demo activity (whose students they are). */
export function startDemoOutcomes(db: Db | null, after: Promise<unknown>, clock: Clock): Service {
  let stopping = false;
  const done = db
    ? after
        .then(async () => {
          if (stopping) return;
          const made = await generateDemoOutcomes(db, clock());
          if (made) console.log(`Generated ${made.toLocaleString("en-GB")} demo graduate outcomes surveys.`);
        })
        .catch((error: unknown) => console.error("The demo graduate outcomes could not be generated:", error))
    : Promise.resolve();
  return {
    provide: () => {},
    close: async () => {
      stopping = true;
      await done;
    },
  };
}
