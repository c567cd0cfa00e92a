import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { AttributeMapping, SsoMode, SsoProtocol } from "./sso-values";
import { universities } from "./universities";
import { users } from "./users";

/**
 * A university's single sign-on, as its admin configured it. Secrets are stored encrypted
 * (AES-256-GCM with SSO_SECRET_KEY, app/lib/secret-box.server.ts): the IdP's client secret
 * and the private key our SAML requests are signed with.
 */
export const universitySso = pgTable("university_sso", {
  universityId: integer("university_id")
    .primaryKey()
    .references(() => universities.id, { onDelete: "cascade" }),
  protocol: text("protocol").$type<SsoProtocol>().notNull(),
  enabled: boolean("enabled").notNull().default(false),
  mode: text("mode").$type<SsoMode>().notNull().default("alongside"),
  issuerUrl: text("issuer_url"),
  clientId: text("client_id"),
  clientSecretEncrypted: text("client_secret_encrypted"),
  idpMetadataXml: text("idp_metadata_xml"),
  idpMetadataUrl: text("idp_metadata_url"),
  /** When the metadata was last read from its URL (on saving, then daily), and why the last reading failed, if it did. */
  idpMetadataFetchedAt: timestamp("idp_metadata_fetched_at", { withTimezone: true }),
  idpMetadataProblem: text("idp_metadata_problem"),
  /** Which preset the mapping started from ("entra", "google", "shibboleth"), or "custom". */
  attributePreset: text("attribute_preset").notNull(),
  attributeMapping: jsonb("attribute_mapping").$type<AttributeMapping>().notNull(),
  /** Our side of SAML: a self-signed certificate made once per university, its key encrypted. */
  spCertificate: text("sp_certificate").notNull(),
  spPrivateKeyEncrypted: text("sp_private_key_encrypted").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * A login sent to an IdP and not yet back: kept in the database, not in a process, so that the
 * answer may arrive at any instance. Looked up by the SHA-256 of its state (OIDC) or of its request
 * ID (SAML), and deleted as it is used, so that each is accepted once. Where the person lands after
 * it is the prev_url cookie's business, as after a password login (/login-success).
 */
export const ssoLogins = pgTable(
  "sso_logins",
  {
    keyHash: text("key_hash").primaryKey(),
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    protocol: text("protocol").$type<SsoProtocol>().notNull(),
    nonce: text("nonce"),
    codeVerifier: text("code_verifier"),
    samlRequestId: text("saml_request_id"),
    /** A "Test sign-in" by this admin: the answer is shown to them, and no account is made or opened. */
    testBy: integer("test_by").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sso_logins_expires_idx").on(t.expiresAt)],
);

/** SAML assertion IDs already accepted, until they expire: an assertion is accepted once. */
export const ssoSeenAssertions = pgTable(
  "sso_seen_assertions",
  {
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    assertionId: text("assertion_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.universityId, t.assertionId] }), index("sso_seen_expires_idx").on(t.expiresAt)],
);

/** Which IdP subject is which account, once linked: the address may change at the IdP, the subject does not. */
export const ssoIdentities = pgTable(
  "sso_identities",
  {
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.universityId, t.subject] }), index("sso_identities_user_idx").on(t.userId)],
);

export type UniversitySso = typeof universitySso.$inferSelect;
