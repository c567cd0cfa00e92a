import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ROLES } from "~/lib/roles";
import { universities } from "./universities";

export const roleEnum = pgEnum("role", ROLES);

/** Whether an account may be used: awaiting a university's approval (alumni, access requests) or refused. */
export const ACCESS_STATUSES = ["active", "awaiting_approval", "refused"] as const;
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
    /** The student's own referral link, /referral/{slug}; made the first time they look for it. */
    referralSlug: text("referral_slug").unique(),
    /** Who referred this account (their link opened the registration). */
    referredBy: integer("referred_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    role: roleEnum("role").notNull(),
    universityId: integer("university_id").references(() => universities.id),
    countryGuideAccess: boolean("country_guide_access").notNull().default(false),
    cihPremiumAccess: boolean("cih_premium_access").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`)],
);

export type User = typeof users.$inferSelect;
