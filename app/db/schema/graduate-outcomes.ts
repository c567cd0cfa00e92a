import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { countries } from "./countries";
import type { FoundThrough, GraduateActivity, PayBand, SurveyWave, WorkRoute } from "./graduate-outcome-values";
import { studyLevelEnum, visaTypeEnum } from "./student-profiles";
import { universities } from "./universities";
import { users } from "./users";

/**
 * One graduate outcomes survey sent to a graduate (issue 33), 6 or 15 months after their graduation
 * month, and their answer. One row per graduate and wave, so each is sent once. What the analytics
 * cut by (course, level, home country, the visa on their profile, the graduation month) is copied
 * from the profile when the survey goes out: the answer stays in the group it was asked in. The
 * row is the university's (kept under the university that sent it) and goes with the account.
 */
export const graduateSurveys = pgTable(
  "graduate_surveys",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    wave: smallint("wave").$type<SurveyWave>().notNull(),
    /** YYYY-MM. */
    graduationMonth: text("graduation_month").notNull(),
    course: text("course"),
    studyLevel: studyLevelEnum("study_level"),
    homeCountryId: integer("home_country_id").references(() => countries.id),
    visaType: visaTypeEnum("visa_type"),
    /** SHA-256 of the secret of the survey's link (app/db/tokens.server.ts): the link is the key, no login. */
    tokenHash: text("token_hash").notNull().unique(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    /** Until when the answer may be given or changed: brought forward to when the next survey goes out. */
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    changedAt: timestamp("changed_at", { withTimezone: true }),
    activity: text("activity").$type<GraduateActivity>(),
    // The job, for those working; empty otherwise.
    workCountryId: integer("work_country_id").references(() => countries.id),
    employer: text("employer"),
    jobTitle: text("job_title"),
    salaryBand: text("salary_band").$type<PayBand>(),
    /** Whether the job needed a visa sponsor. */
    sponsored: boolean("sponsored"),
    workRoute: text("work_route").$type<WorkRoute>(),
    foundThrough: text("found_through").$type<FoundThrough>(),
  },
  (t) => [
    uniqueIndex("graduate_surveys_user_wave_key").on(t.userId, t.wave),
    // The analytics page reads one university's wave.
    index("graduate_surveys_university_idx").on(t.universityId, t.wave),
  ],
);

export type GraduateSurvey = typeof graduateSurveys.$inferSelect;
export * from "./graduate-outcome-values";
