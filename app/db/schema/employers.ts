import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/** How an organisation was verified: its register entry holds an A-rated licence, or a member of staff approved it. */
export const EMPLOYER_VERIFICATIONS = ["register_a_rated", "staff"] as const;
export const employerVerificationEnum = pgEnum("employer_verification", EMPLOYER_VERIFICATIONS);

/**
 * An employer organisation (issue 31), made by its first person's registration. Until `verified_at`
 * is set its people hold no employer powers: they see their dashboard and its status, nothing else.
 */
export const employerOrganisations = pgTable(
  "employer_organisations",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    website: text("website").notNull(),
    /** The website's host without "www.", lower case: a work email's domain must be it or under it. */
    websiteDomain: text("website_domain").notNull(),
    /** The sponsor register entry the employer chose (sponsor_organisations.org_key, stable across imports). */
    registerOrgKey: text("register_org_key"),
    /** The employer said they hold no sponsor licence. */
    holdsNoLicence: boolean("holds_no_licence").notNull().default(false),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    verifiedBy: integer("verified_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    verification: employerVerificationEnum("verification"),
    /** A member of staff refused it (the reason was emailed); it leaves the moderation queue. */
    rejectedAt: timestamp("rejected_at", { withTimezone: true }),
    /**
     * A register refresh no longer lists its entry with a licence: the "Verified licensed sponsor"
     * badge is gone, its jobs were judged again and its people told, once (cleared if the licence returns).
     */
    licenceLostAt: timestamp("licence_lost_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("employer_organisations_verified_at_idx").on(t.verifiedAt)],
);

export type EmployerOrganisation = typeof employerOrganisations.$inferSelect;
