import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, integer, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { countries } from "./countries";
import { EMPLOYER_POLICIES } from "./job-posting-values";

export const employerPolicyEnum = pgEnum("employer_policy", EMPLOYER_POLICIES);

export const universities = pgTable("universities", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  countryId: integer("country_id")
    .notNull()
    .references(() => countries.id),
  /** Host name of the university's branded microsite, e.g. demo-university.localhost. */
  micrositeHost: text("microsite_host").unique(),
  brandColour: text("brand_colour").notNull().default("#1d4ed8"),
  logoUrl: text("logo_url"),
  planCareerHub: boolean("plan_career_hub").notNull().default(false),
  planCihPremium: boolean("plan_cih_premium").notNull().default(false),
  planCountryGuides: boolean("plan_country_guides").notNull().default(false),
  /** The careers service's contact, shown on the microsite's login page to visitors who need help. */
  careersEmail: text("careers_email"),
  careersUrl: text("careers_url"),
  /** Email domains whose owners may register themselves (subdomains included), lower case: ["demo.test"]. */
  emailDomains: text("email_domains").array().notNull().default(sql`'{}'::text[]`),
  /**
   * Whether students register themselves with an address of the email domains (/register); when closed,
   * they come in by invitation or ask for access.
   */
  selfRegistrationOpen: boolean("self_registration_open").notNull().default(true),
  /** How long a graduate's approved account stays open, in months; null: for good. */
  alumniAccessMonths: integer("alumni_access_months"),
  /** How many future appointments with its advisers one student may hold (issue 33). */
  appointmentLimit: integer("appointment_limit").notNull().default(2),
  /** A campus of a university group: the group's main university. Students may belong to several campuses of one group. */
  groupId: integer("group_id").references((): AnyPgColumn => universities.id),
  /** Which employers' jobs its students see (issue 31): see university-employers.ts. */
  employerPolicy: employerPolicyEnum("employer_policy").notNull().default("all-verified"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type University = typeof universities.$inferSelect;
