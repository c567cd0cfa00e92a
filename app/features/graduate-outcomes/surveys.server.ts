import { and, eq, gt, gte, lt, notExists, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  type GraduateSurvey,
  SURVEY_WAVES,
  type SurveyWave,
  graduateSurveys,
  studentProfiles,
  universities,
  users,
} from "~/db/schema";
import { newToken, storedHashOf } from "~/db/tokens.server";
import { brandOf } from "~/features/accounts/index.server";
import { composeEmail, greetingFor } from "~/features/email";
import type { OutgoingEmail, Outbox } from "~/features/email/index.server";
import { formatUkDay, todayInLondon } from "~/lib/dates";
import type { SurveyAnswer } from "./questions";
import { closingOf, graduatedBetween, monthLabel, nextWave } from "./waves";

export const SURVEY_PATH = "/graduate-outcomes/survey";
export const SURVEY_JOB = "graduate-outcomes.surveys";

/** What sending needs: the database, where its emails go, the site's configured origin, and the time. */
export type SurveyDeps = { db: Db; outbox: Outbox; origin: string; now: Date };

type Graduate = {
  userId: number;
  name: string;
  email: string;
  universityId: number;
  university: { name: string; brandColour: string };
  graduationDate: string;
  course: string | null;
  studyLevel: GraduateSurvey["studyLevel"];
  homeCountryId: number | null;
  visaType: GraduateSurvey["visaType"];
};

/** The graduates `wave` is due to now: students of a university, their account not refused or switched off, not yet sent it. */
function graduatesDue(db: Db, wave: SurveyWave, now: Date): Promise<Graduate[]> {
  const { from, until } = graduatedBetween(wave, todayInLondon(now).slice(0, 7));
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      universityId: sql<number>`${users.universityId}`,
      university: { name: universities.name, brandColour: universities.brandColour },
      graduationDate: sql<string>`${studentProfiles.graduationDate}`,
      course: studentProfiles.course,
      studyLevel: studentProfiles.studyLevel,
      homeCountryId: studentProfiles.homeCountryId,
      visaType: studentProfiles.visaType,
    })
    .from(users)
    .innerJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .innerJoin(universities, eq(universities.id, users.universityId))
    .where(
      and(
        eq(users.role, "student"),
        // An alumnus whose access has ended is still "active": the survey is for them too.
        eq(users.accessStatus, "active"),
        gte(studentProfiles.graduationDate, from),
        lt(studentProfiles.graduationDate, until),
        notExists(
          db
            .select({ one: sql`1` })
            .from(graduateSurveys)
            .where(and(eq(graduateSurveys.userId, users.id), eq(graduateSurveys.wave, wave))),
        ),
      ),
    )
    .orderBy(users.id);
}

const WAVE_WORDS: Record<SurveyWave, string> = { 6: "Six months", 15: "Fifteen months" };

/** The survey's email: who asks and why, the link that is the graduate's alone, and until when it takes answers. */
function surveyEmail(
  g: Pick<Graduate, "name" | "email" | "universityId" | "university">,
  survey: Pick<GraduateSurvey, "wave" | "graduationMonth" | "closesAt">,
  link: string,
): OutgoingEmail {
  const after = nextWave(survey.wave);
  return {
    kind: "graduate-outcomes.survey",
    to: g.email,
    universityId: g.universityId,
    email: composeEmail(
      {
        subject: `${WAVE_WORDS[survey.wave]} after graduating: what are you doing now?`,
        greeting: greetingFor(g.name),
        paragraphs: [
          `You graduated in ${monthLabel(survey.graduationMonth)}. ${g.university.name} asks its graduates what they are doing 6 and 15 months after graduating, to see how they get on and to help the students who follow them.`,
          "The survey has a few short questions and takes about two minutes. You do not need to log in: the link below is yours alone, so please do not forward this email.",
          `Your answers go to ${g.university.name}, whose staff see them only in totals of 5 graduates or more.`,
        ],
        action: { label: "Answer the survey", url: link },
        after: [
          after
            ? `You can change your answers with the same link until we send the next survey, ${after} months after you graduated.`
            : `You can change your answers with the same link until ${formatUkDay(survey.closesAt)}.`,
          "If you would rather not answer, you need do nothing.",
        ],
      },
      brandOf(g.university),
    ),
  };
}

/**
 * The survey each graduate is due, sent once: the row (unique by graduate and wave), the closing of
 * the one before, and the email are written in one transaction, so two runs (or two servers) send one.
 * Answers how many went out.
 */
export async function sendDueSurveys(deps: SurveyDeps): Promise<number> {
  const { db, now } = deps;
  let sent = 0;
  for (const wave of SURVEY_WAVES) {
    for (const g of await graduatesDue(db, wave, now)) {
      const { token, tokenHash } = newToken();
      const queued = await db.transaction(async (tx) => {
        const [survey] = await tx
          .insert(graduateSurveys)
          .values({
            userId: g.userId,
            universityId: g.universityId,
            wave,
            graduationMonth: g.graduationDate.slice(0, 7),
            course: g.course,
            studyLevel: g.studyLevel,
            homeCountryId: g.homeCountryId,
            visaType: g.visaType,
            tokenHash,
            sentAt: now,
            closesAt: closingOf(now),
          })
          .onConflictDoNothing({ target: [graduateSurveys.userId, graduateSurveys.wave] })
          .returning();
        if (!survey) return false;
        // The earlier survey's link stops working: its answer is final once the next one is asked.
        await tx
          .update(graduateSurveys)
          .set({ closesAt: now })
          .where(
            and(
              eq(graduateSurveys.userId, g.userId),
              lt(graduateSurveys.wave, wave),
              gt(graduateSurveys.closesAt, now),
            ),
          );
        await deps.outbox.queue(tx, surveyEmail(g, survey, `${deps.origin}${SURVEY_PATH}/${token}`));
        return true;
      });
      if (queued) sent++;
    }
  }
  if (sent) deps.outbox.flush();
  return sent;
}

export type LinkedSurvey = GraduateSurvey & { universityName: string; open: boolean };

/**
 * A survey takes answers until it closes, and never once the graduate's next survey exists: sending
 * the next one closes it (`closesAt`), and this holds whatever the clock of the one that sent it.
 */
const OPEN = (now: Date) =>
  and(
    gt(graduateSurveys.closesAt, now),
    notExists(
      sql`(select 1 from ${graduateSurveys} later where later.user_id = ${graduateSurveys.userId} and later.wave > ${graduateSurveys.wave})`,
    ),
  );

/** The survey a link opens, and whether it still takes answers; null for a link no survey of ours has. */
export async function surveyOfLink(db: Db, token: string, now: Date): Promise<LinkedSurvey | null> {
  const hash = storedHashOf(token);
  if (!hash) return null;
  const [row] = await db
    .select({
      survey: graduateSurveys,
      universityName: universities.name,
      open: sql<boolean>`coalesce(${OPEN(now)}, false)`,
    })
    .from(graduateSurveys)
    .innerJoin(universities, eq(universities.id, graduateSurveys.universityId))
    .where(eq(graduateSurveys.tokenHash, hash));
  return row ? { ...row.survey, universityName: row.universityName, open: row.open } : null;
}

/** The answer a survey holds, or null before it is answered. */
export function answerOf(s: GraduateSurvey): SurveyAnswer | null {
  if (!s.activity) return null;
  const job =
    s.activity === "working" &&
    s.workCountryId !== null &&
    s.salaryBand &&
    s.sponsored !== null &&
    s.workRoute &&
    s.foundThrough
      ? {
          countryId: s.workCountryId,
          employer: s.employer ?? "",
          jobTitle: s.jobTitle ?? "",
          salaryBand: s.salaryBand,
          sponsored: s.sponsored,
          route: s.workRoute,
          foundThrough: s.foundThrough,
        }
      : null;
  return { activity: s.activity, job };
}

/**
 * Stores an answer, or the change of one, while the survey is open: the condition is in the update,
 * so an answer racing the next survey's sending is either in before it or refused. Answers whether
 * it was stored.
 */
export async function saveAnswer(db: Db, surveyId: number, answer: SurveyAnswer, now: Date): Promise<boolean> {
  const job = answer.job;
  const rows = await db
    .update(graduateSurveys)
    .set({
      activity: answer.activity,
      workCountryId: job?.countryId ?? null,
      employer: job?.employer ?? null,
      jobTitle: job?.jobTitle ?? null,
      salaryBand: job?.salaryBand ?? null,
      sponsored: job?.sponsored ?? null,
      workRoute: job?.route ?? null,
      foundThrough: job?.foundThrough ?? null,
      answeredAt: sql`coalesce(${graduateSurveys.answeredAt}, ${now}::timestamptz)`,
      changedAt: sql`case when ${graduateSurveys.answeredAt} is null then null else ${now}::timestamptz end`,
    })
    .where(and(eq(graduateSurveys.id, surveyId), OPEN(now)))
    .returning({ id: graduateSurveys.id });
  return rows.length === 1;
}
