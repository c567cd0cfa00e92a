import type { AttributeMapping } from "~/db/schema/sso-values";

export const ATTRIBUTE_PRESETS = ["entra", "google", "shibboleth", "custom"] as const;
export type AttributePreset = (typeof ATTRIBUTE_PRESETS)[number];

export const PRESET_LABELS: Record<AttributePreset, string> = {
  entra: "Microsoft Entra ID",
  google: "Google Workspace",
  shibboleth: "Shibboleth (eduPerson)",
  custom: "Other",
};

const EDU_PERSON = { student: ["student"], staff: ["staff", "faculty", "employee"], alum: ["alum"] };

/**
 * Where each IdP usually puts things. Entra ID and Google send no affiliation of their own: a groups
 * claim (Entra ID sends group object IDs, which the admin fills in) is the usual way.
 */
const OIDC_GROUPS: AttributeMapping = {
  email: "email",
  givenName: "given_name",
  familyName: "family_name",
  affiliation: "groups",
  student: [],
  staff: [],
  alum: [],
};

export const PRESETS: Record<AttributePreset, AttributeMapping> = {
  entra: OIDC_GROUPS,
  google: OIDC_GROUPS,
  shibboleth: {
    email: "urn:oid:0.9.2342.19200300.100.1.3",
    givenName: "urn:oid:2.5.4.42",
    familyName: "urn:oid:2.5.4.4",
    // eduPersonScopedAffiliation ("student@uni.ac.uk"); the scope is compared without it.
    affiliation: "urn:oid:1.3.6.1.4.1.5923.1.1.1.9",
    ...EDU_PERSON,
  },
  custom: {
    email: "email",
    givenName: "given_name",
    familyName: "family_name",
    affiliation: "eduPersonAffiliation",
    ...EDU_PERSON,
  },
};

export type Affiliation = "student" | "staff" | "alum";

/** What a login told us of the person, by the university's mapping. */
export type MappedPerson = {
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  /** Student first: a doctoral student who teaches is a student here. */
  affiliation: Affiliation | null;
};

const valuesOf = (raw: unknown): string[] =>
  (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw])
    .filter((v): v is string | number => typeof v === "string" || typeof v === "number")
    .map((v) => String(v).trim())
    .filter(Boolean);

const first = (raw: unknown) => valuesOf(raw)[0] ?? null;

/** Reads the attributes (OIDC claims or SAML attributes by name) an IdP sent through a mapping. */
export function mapAttributes(attributes: Readonly<Record<string, unknown>>, mapping: AttributeMapping): MappedPerson {
  // A scoped value "student@uni.ac.uk" counts as "student"; values are compared without case.
  const held = new Set(valuesOf(attributes[mapping.affiliation]).map((v) => v.replace(/@.*$/, "").toLowerCase()));
  const has = (values: string[]) => values.some((v) => held.has(v.toLowerCase()));
  const affiliation: Affiliation | null = has(mapping.student)
    ? "student"
    : has(mapping.staff)
      ? "staff"
      : has(mapping.alum)
        ? "alum"
        : null;
  return {
    email: first(attributes[mapping.email])?.toLowerCase() ?? null,
    givenName: first(attributes[mapping.givenName]),
    familyName: first(attributes[mapping.familyName]),
    affiliation,
  };
}
