import { integer, pgEnum, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { employerOrganisations } from "./employers";
import { EMPLOYER_DECISIONS } from "./job-posting-values";
import { universities } from "./universities";
import { users } from "./users";

export const employerDecisionEnum = pgEnum("employer_decision", EMPLOYER_DECISIONS);

/**
 * A university admin's decision on one employer (issue 31). Blocked: the employer's jobs vanish from
 * that university's students' searches, recommendations and alerts, and from nowhere else. Approved:
 * they reach its students even under the policy "only the employers we approve".
 */
export const universityEmployers = pgTable(
  "university_employers",
  {
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    employerOrganisationId: integer("employer_organisation_id")
      .notNull()
      .references(() => employerOrganisations.id, { onDelete: "cascade" }),
    decision: employerDecisionEnum("decision").notNull(),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.universityId, t.employerOrganisationId] })],
);

export type UniversityEmployer = typeof universityEmployers.$inferSelect;
