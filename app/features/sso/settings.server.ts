import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import { recordEvent } from "~/db/events.server";
import { type University, type UniversitySso, universitySso } from "~/db/schema";
import { type Config, outboundPolicy } from "~/lib/env.server";
import { type OutboundPolicy, isOutboundRefused, outboundFetch } from "~/lib/outbound.server";
import { publicOrigin } from "~/lib/public-origin";
import { type FieldErrors, validate } from "~/lib/validation";
import { PRESETS } from "./mapping";
import { discoverIdp } from "./oidc.server";
import { summariseIdpMetadata } from "./saml.server";
import { type SsoField, type SsoForm, ssoFormSchema } from "./schema";
import { seal, secretsKey } from "~/lib/secret-box.server";
import { makeSpCertificate } from "./sp-certificate.server";

type SsoConfig = Pick<
  Config,
  "PUBLIC_URL" | "PORT" | "SSO_SECRET_KEY" | "NODE_ENV" | "SESSION_SECRET" | "DATA_DIR" | "ALLOW_LOOPBACK_FETCH"
>;

/** What encrypted values are for: bound into each, so one cannot stand for another. */
export const CLIENT_SECRET = "sso client secret";
export const SP_PRIVATE_KEY = "sso sp private key";

/** Our side of the connection, as a university's IdP administrator needs it. */
export function ourSide(config: Pick<Config, "PUBLIC_URL" | "PORT">, slug: string) {
  const origin = publicOrigin(config);
  return {
    entityId: `${origin}/sso/saml/${slug}/metadata`,
    metadataUrl: `${origin}/sso/saml/${slug}/metadata`,
    acsUrl: `${origin}/sso/saml/${slug}/acs`,
    redirectUri: `${origin}/sso/oidc/${slug}/callback`,
  };
}

export async function ssoOf(db: Db, universityId: number): Promise<UniversitySso | undefined> {
  const [row] = await db.select().from(universitySso).where(eq(universitySso.universityId, universityId));
  return row;
}

/** The single sign-on tab: the stored settings (the client secret only as whether there is one) and our side. */
export async function ssoSettingsView(db: Db, university: University, config: SsoConfig) {
  const row = await ssoOf(db, university.id);
  const mapping = row?.attributeMapping ?? PRESETS.entra;
  return {
    tab: "sso" as const,
    universitySlug: university.slug,
    configured: Boolean(row),
    protocol: row?.protocol ?? "oidc",
    enabled: row?.enabled ?? false,
    mode: row?.mode ?? "alongside",
    issuerUrl: row?.issuerUrl ?? "",
    clientId: row?.clientId ?? "",
    hasClientSecret: Boolean(row?.clientSecretEncrypted),
    idpMetadataXml: row?.idpMetadataXml ?? "",
    idpMetadataUrl: row?.idpMetadataUrl ?? "",
    idpMetadataFetchedAt: row?.idpMetadataUrl ? (row.idpMetadataFetchedAt ?? null) : null,
    idpMetadataProblem: row?.idpMetadataUrl ? (row.idpMetadataProblem ?? null) : null,
    attributePreset: row?.attributePreset ?? "entra",
    mapping,
    ourSide: ourSide(config, university.slug),
    spCertificate: row?.spCertificate ?? null,
  };
}
export type SsoSettingsView = Awaited<ReturnType<typeof ssoSettingsView>>;

/** The most of an IdP's metadata fetched from its URL. */
const METADATA_MAX_BYTES = 1024 * 1024;

/**
 * The metadata at an IdP's URL, as text; null when it cannot be had (a refusal, a timeout, too
 * large). An address that is not on the public internet throws (see isOutboundRefused).
 */
async function fetchMetadata(url: string, policy: OutboundPolicy): Promise<string | null> {
  try {
    const response = await outboundFetch(url, { signal: AbortSignal.timeout(10_000) }, policy);
    if (!response.ok || !response.body) return null;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > METADATA_MAX_BYTES) return null;
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString("utf8");
  } catch (error) {
    if (isOutboundRefused(error)) throw error;
    return null;
  }
}

/** What a field says of an address the platform will not fetch. */
const notPublic = (url: string) =>
  `${new URL(url).host} is not on the public internet: give the address your identity provider publishes`;

/** Equal values, objects compared whatever their keys' order (jsonb keeps its own). */
function same(a: unknown, b: unknown): boolean {
  const stable = (v: unknown): unknown =>
    v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y)))
      : v;
  return JSON.stringify(stable(a)) === JSON.stringify(stable(b));
}

export type SaveSsoResult =
  | { ok: true; message: string }
  | { ok: false; status: number; fieldErrors: FieldErrors<SsoField>; formError: string | null };

const refused = (fieldErrors: FieldErrors<SsoField>): SaveSsoResult => ({
  ok: false,
  status: 400,
  fieldErrors,
  formError: null,
});

/**
 * What the protocol needs, checked against the IdP itself: an OpenID provider that answers discovery
 * at the issuer URL, or SAML metadata with an entity ID, a sign-on address and a signing certificate.
 */
async function checkIdp(
  form: SsoForm,
  stored: UniversitySso | undefined,
  hasClientSecret: boolean,
  policy: OutboundPolicy,
): Promise<{ fieldErrors: FieldErrors<SsoField> } | { idpMetadataXml: string | null; fromUrl?: true }> {
  if (form.protocol === "oidc") {
    const fieldErrors: FieldErrors<SsoField> = {};
    if (!form.issuerUrl) fieldErrors.issuer_url = "Enter the issuer URL your identity provider gives";
    if (!form.clientId) fieldErrors.client_id = "Enter the client ID your identity provider gave this platform";
    if (!hasClientSecret) fieldErrors.client_secret = "Enter the client secret your identity provider gave";
    if (Object.keys(fieldErrors).length) return { fieldErrors };
    try {
      await discoverIdp(form.issuerUrl!, form.clientId!, policy);
    } catch (error) {
      if (isOutboundRefused(error)) return { fieldErrors: { issuer_url: notPublic(form.issuerUrl!) } };
      return {
        fieldErrors: {
          issuer_url: `No OpenID Connect provider answered at ${form.issuerUrl}/.well-known/openid-configuration, or it names another issuer`,
        },
      };
    }
    return { idpMetadataXml: form.idpMetadataXml ?? stored?.idpMetadataXml ?? null };
  }
  let xml = form.idpMetadataXml;
  if (!xml && form.idpMetadataUrl) {
    try {
      xml = await fetchMetadata(form.idpMetadataUrl, policy);
    } catch (error) {
      if (!isOutboundRefused(error)) throw error;
      return { fieldErrors: { idp_metadata_url: notPublic(form.idpMetadataUrl) } };
    }
    if (!xml) return { fieldErrors: { idp_metadata_url: `No metadata could be read at ${form.idpMetadataUrl}` } };
  }
  if (!xml)
    return { fieldErrors: { idp_metadata_xml: "Paste or upload the IdP's metadata XML, or give its metadata URL" } };
  const summary = summariseIdpMetadata(xml);
  if (!summary.ok)
    return { fieldErrors: { [form.idpMetadataXml ? "idp_metadata_xml" : "idp_metadata_url"]: summary.reason } };
  return form.idpMetadataXml ? { idpMetadataXml: xml } : { idpMetadataXml: xml, fromUrl: true };
}

/**
 * Saves a university's single sign-on from its admin's form, and records the change as an event
 * (which fields changed, never a secret). The client secret left empty keeps the stored one; our
 * SAML certificate is made on the first save.
 */
export async function saveSsoSettings(
  db: Db,
  who: { admin: AuditActor & { id: number }; university: University },
  raw: Record<string, string>,
  config: SsoConfig,
  now: Date,
): Promise<SaveSsoResult> {
  const parsed = validate<typeof ssoFormSchema, SsoField>(ssoFormSchema, raw);
  if (!parsed.success) return refused(parsed.fieldErrors);
  const form = parsed.data;
  const stored = await ssoOf(db, who.university.id);
  const key = secretsKey(config);
  const checked = await checkIdp(
    form,
    stored,
    Boolean(form.clientSecret || stored?.clientSecretEncrypted),
    outboundPolicy(config),
  );
  if ("fieldErrors" in checked) return refused(checked.fieldErrors);

  const sp = stored ? null : makeSpCertificate(`${publicOrigin(config)} ${who.university.slug}`, now);
  const values = {
    protocol: form.protocol,
    enabled: form.enabled,
    mode: form.mode,
    issuerUrl: form.issuerUrl,
    clientId: form.clientId,
    idpMetadataXml: checked.idpMetadataXml,
    idpMetadataUrl: form.idpMetadataUrl,
    ...(checked.fromUrl ? { idpMetadataFetchedAt: now, idpMetadataProblem: null } : {}),
    attributePreset: form.attributePreset,
    attributeMapping: form.mapping,
    updatedAt: now,
    updatedBy: who.admin.id,
    ...(form.clientSecret ? { clientSecretEncrypted: seal(key, CLIENT_SECRET, form.clientSecret) } : {}),
  };
  const changed = (Object.keys(values) as (keyof typeof values)[]).filter(
    (k) =>
      !["updatedAt", "updatedBy", "idpMetadataFetchedAt", "idpMetadataProblem"].includes(k) &&
      !same(values[k], stored?.[k as keyof UniversitySso] ?? null),
  );
  await db.transaction(async (tx) => {
    await tx
      .insert(universitySso)
      .values({
        universityId: who.university.id,
        ...values,
        spCertificate: sp?.certificate ?? "",
        spPrivateKeyEncrypted: sp ? seal(key, SP_PRIVATE_KEY, sp.privateKey) : "",
      })
      .onConflictDoUpdate({ target: universitySso.universityId, set: values });
    await recordEvent(tx, {
      kind: "sso.configured",
      at: now,
      userId: who.admin.id,
      universityId: who.university.id,
      data: {
        protocol: form.protocol,
        enabled: form.enabled,
        mode: form.mode,
        changed: changed.map((k) => (k === "clientSecretEncrypted" ? "clientSecret" : k)),
      },
    });
    if (changed.length)
      await recordAudit(tx, {
        actor: who.admin,
        action: stored ? "sso.updated" : "sso.created",
        universityId: who.university.id,
        target: { type: "university_sso", id: who.university.id },
        before: Object.fromEntries(changed.map((k) => [k, stored?.[k as keyof UniversitySso] ?? null])),
        after: Object.fromEntries(changed.map((k) => [k, values[k] ?? null])),
        at: now,
      });
  });
  return {
    ok: true,
    message: form.enabled
      ? `Single sign-on is saved and on: ${who.university.name}'s people can log in with it.`
      : "Single sign-on is saved. It is off until you turn it on.",
  };
}

/**
 * Reads again the metadata of every SAML IdP given by its URL, so that a new signing certificate
 * (IdPs roll theirs over) reaches the login without the admin saving again. Metadata that cannot be
 * read, or is not usable, leaves the stored one in use and is noted on the tab and as an event.
 */
export async function refreshIdpMetadata(
  db: Db,
  policy: OutboundPolicy,
  now: Date,
): Promise<{ read: number; changed: number; failed: number }> {
  const rows = await db
    .select({
      universityId: universitySso.universityId,
      url: universitySso.idpMetadataUrl,
      xml: universitySso.idpMetadataXml,
      problem: universitySso.idpMetadataProblem,
    })
    .from(universitySso)
    .where(and(eq(universitySso.protocol, "saml"), isNotNull(universitySso.idpMetadataUrl)));
  const counts = { read: 0, changed: 0, failed: 0 };
  for (const row of rows) {
    const url = row.url!;
    let xml: string | null = null;
    let problem: string | null = null;
    try {
      xml = await fetchMetadata(url, policy);
      if (!xml) problem = `No metadata could be read at ${url}`;
    } catch (error) {
      if (!isOutboundRefused(error)) throw error;
      problem = notPublic(url);
    }
    if (xml) {
      const summary = summariseIdpMetadata(xml);
      if (!summary.ok) [xml, problem] = [null, summary.reason];
    }
    const changed = xml !== null && xml !== row.xml;
    counts.read += xml ? 1 : 0;
    counts.changed += changed ? 1 : 0;
    counts.failed += problem ? 1 : 0;
    await db.transaction(async (tx) => {
      await tx
        .update(universitySso)
        .set({ ...(changed ? { idpMetadataXml: xml } : {}), idpMetadataFetchedAt: now, idpMetadataProblem: problem })
        .where(eq(universitySso.universityId, row.universityId));
      // A new failure, and each change, is recorded; the same failure day after day is not.
      if (changed || (problem && problem !== row.problem))
        await recordEvent(tx, {
          kind: "sso.metadata_refreshed",
          at: now,
          universityId: row.universityId,
          data: { url, changed, problem },
        });
    });
  }
  return counts;
}
