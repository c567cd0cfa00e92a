import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/** One licence line of an organisation: a route with the type and rating it holds on it. */
export type SponsorLicence = { route: string; type: string; rating: string };

/** Each import of the Home Office register: its date, size and difference to the one before. */
export const sponsorSnapshots = pgTable("sponsor_snapshots", {
  id: serial("id").primaryKey(),
  registerDate: date("register_date").notNull(),
  source: text("source").notNull(),
  rowCount: integer("row_count").notNull(),
  organisationCount: integer("organisation_count").notNull(),
  added: integer("added").notNull(),
  removed: integer("removed").notNull(),
  changed: integer("changed").notNull(),
  /** Every route of this register, for the route filter. */
  routes: text("routes").array().notNull(),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The live register: one row per organisation (name and town), replaced as a whole by each import. */
export const sponsorOrganisations = pgTable(
  "sponsor_organisations",
  {
    id: serial("id").primaryKey(),
    /** Normalised name and town: what makes two register lines the same organisation across imports. */
    orgKey: text("org_key").notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    town: text("town").notNull(),
    county: text("county").notNull(),
    licences: jsonb("licences").$type<SponsorLicence[]>().notNull(),
    routes: text("routes").array().notNull(),
    /** Filter keys of the ratings held: a, b, premium, sme-plus, provisional. */
    ratingKeys: text("rating_keys").array().notNull(),
    townKey: text("town_key").notNull(),
    countyKey: text("county_key").notNull(),
    /** Register date of the first snapshot this organisation appeared in without a break. */
    firstSeen: date("first_seen").notNull(),
  },
  (t) => [
    uniqueIndex("sponsor_organisations_slug_idx").on(t.slug),
    uniqueIndex("sponsor_organisations_org_key_idx").on(t.orgKey),
    index("sponsor_organisations_town_key_idx").on(t.townKey),
    index("sponsor_organisations_county_key_idx").on(t.countyKey),
  ],
);

/** Every name an organisation is searched by: its legal name and each trading name, normalised. */
export const sponsorNames = pgTable(
  "sponsor_names",
  {
    organisationId: integer("organisation_id")
      .notNull()
      .references(() => sponsorOrganisations.id, { onDelete: "cascade" }),
    isAlias: boolean("is_alias").notNull(),
    /** Normalised with legal forms unified (Limited → ltd). */
    full: text("full").notNull(),
    /** The same without legal forms, "the" and "uk". */
    core: text("core").notNull(),
    words: text("words").array().notNull(),
  },
  (t) => [
    index("sponsor_names_organisation_id_idx").on(t.organisationId),
    index("sponsor_names_full_idx").on(t.full),
    // text_pattern_ops and the trigram and array indexes are in the custom migration.
  ],
);

/** What changed between a snapshot and the one before it, one row per organisation. */
export const sponsorChanges = pgTable(
  "sponsor_changes",
  {
    id: serial("id").primaryKey(),
    snapshotId: integer("snapshot_id")
      .notNull()
      .references(() => sponsorSnapshots.id, { onDelete: "cascade" }),
    orgKey: text("org_key").notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    town: text("town").notNull(),
    kind: text("kind", { enum: ["added", "removed", "changed"] }).notNull(),
    before: jsonb("before").$type<SponsorLicence[]>(),
    after: jsonb("after").$type<SponsorLicence[]>(),
  },
  (t) => [
    index("sponsor_changes_snapshot_id_idx").on(t.snapshotId, t.kind),
    index("sponsor_changes_slug_idx").on(t.slug),
    index("sponsor_changes_org_key_idx").on(t.orgKey),
  ],
);

/** Employers a logged-in user keeps to come back to; kept by slug so it outlives re-imports. */
export const sponsorShortlist = pgTable(
  "sponsor_shortlist",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex("sponsor_shortlist_user_slug_idx").on(t.userId, t.slug)],
);
