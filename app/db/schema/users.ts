import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ROLES } from "~/lib/roles";
import { employerOrganisations } from "./employers";
import { universities } from "./universities";

export const roleEnum = pgEnum("role", ROLES);

/**
 * Whether an account may be used: awaiting a university's approval (alumni, access requests), refused,
 * or deactivated by the platform's staff (/ops/users), which only they can undo.
 */
export const ACCESS_STATUSES = ["active", "awaiting_approval", "refused", "deactivated"] as const;
export const accessStatusEnum = pgEnum("access_status", ACCESS_STATUSES);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** Null until the person chooses a password (a registration or invitation under way). */
    passwordHash: text("password_hash"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    accessStatus: accessStatusEnum("access_status").notNull().default("active"),
    /**
     * The university admin (or, for a university's first admin, the platform staff member of the console, or nobody: the operator's command) who approved or refused the account.
     * A pre-departure account is active from the start: for it, the admin who opened the university's own content to it.
     */
    accessDecidedBy: integer("access_decided_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    accessDecidedAt: timestamp("access_decided_at", { withTimezone: true }),
    /** When access given for a time ends (a graduate's, by the university's alumni rule); null: no end. */
    accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }),
    /** University staff: their job title, as they gave it when asking for an admin account. */
    jobTitle: text("job_title"),
    /** The student's own referral link, /referral/{slug}; made the first time they look for it. */
    referralSlug: text("referral_slug").unique(),
    /** Who referred this account (their link opened the registration). */
    referredBy: integer("referred_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    role: roleEnum("role").notNull(),
    universityId: integer("university_id").references(() => universities.id),
    /** An employer's organisation (role `employer`); null for everyone else. */
    employerOrganisationId: integer("employer_organisation_id").references((): AnyPgColumn => employerOrganisations.id),
    countryGuideAccess: boolean("country_guide_access").notNull().default(false),
    cihPremiumAccess: boolean("cih_premium_access").notNull().default(false),
    /** The person's choice: career videos start with their captions showing. */
    videoCaptions: boolean("video_captions").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    // A university's students: its dashboard's list and its analytics.
    index("users_university_role_idx").on(t.universityId, t.role),
  ],
);

export type User = typeof users.$inferSelect;
export type AccessStatus = (typeof ACCESS_STATUSES)[number];
/** What a request sees: the stored status, or "expired" once an active account's access_expires_at has passed. */
export type EffectiveAccessStatus = AccessStatus | "expired";

/**
 * The campuses of one university group a person belongs to (multi-campus students). `users.university_id`
 * is the active one, always among these when any row exists; /student-login switches between them.
 */
export const userCampuses = pgTable(
  "user_campuses",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.universityId] })],
);
