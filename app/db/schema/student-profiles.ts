import { boolean, date, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { countries } from "./countries";
import { STUDY_LEVELS, VISA_TYPES } from "./student-profile-values";
import { users } from "./users";

export const studyLevelEnum = pgEnum("study_level", STUDY_LEVELS);

export const visaTypeEnum = pgEnum("visa_type", VISA_TYPES);

/**
 * What a student (or a pre-departure student, who keeps it on enrolling) tells us about themselves. Recommendations, the visa clock and university
 * analytics read it, so each answer is a typed column, not free text. Dates are calendar dates.
 */
export const studentProfiles = pgTable("student_profiles", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** E.164, from the phone input. */
  phone: text("phone"),
  homeCountryId: integer("home_country_id").references(() => countries.id),
  course: text("course"),
  studyLevel: studyLevelEnum("study_level"),
  graduationDate: date("graduation_date", { mode: "string" }),
  /** Set for a graduate who registered as alumni: the year they graduated (only the year is asked). */
  alumniGraduationYear: integer("alumni_graduation_year"),
  /** Pre-departure students: when the course they hold an offer for starts. */
  courseStartDate: date("course_start_date", { mode: "string" }),
  visaType: visaTypeEnum("visa_type"),
  visaExpiry: date("visa_expiry", { mode: "string" }),
  sectors: text("sectors").array().notNull().default([]),
  locations: text("locations").array().notNull().default([]),
  jobTypes: text("job_types").array().notNull().default([]),
  linkedinUrl: text("linkedin_url"),
  jobAlerts: boolean("job_alerts").notNull().default(true),
  newsletters: boolean("newsletters").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type StudentProfile = typeof studentProfiles.$inferSelect;
export * from "./student-profile-values";
