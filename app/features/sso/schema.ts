import "~/lib/zod-jitless";
import { z } from "zod";
import { type AttributeMapping, SSO_MODES, SSO_PROTOCOLS } from "~/db/schema/sso-values";
import { ATTRIBUTE_PRESETS, PRESETS } from "./mapping";

/** The single sign-on tab's fields, in the order the form shows them (the error summary's order). */
export const SSO_FIELDS = [
  "protocol",
  "issuer_url",
  "client_id",
  "client_secret",
  "idp_metadata_xml",
  "idp_metadata_url",
  "attribute_preset",
  "attr_email",
  "attr_given_name",
  "attr_family_name",
  "attr_affiliation",
  "values_student",
  "values_staff",
  "values_alum",
  "mode",
  "enabled",
] as const;
export type SsoField = (typeof SSO_FIELDS)[number];

/** Hosts an IdP may be reached on over plain http: a developer's own machine (the demo IdP, the tests'). */
const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/;

export const isLoopbackUrl = (url: URL) => LOOPBACK.test(url.hostname);

/** An IdP's address: https (http only on this machine), no credentials, no fragment. */
const idpUrl = (what: string) =>
  z
    .string()
    .trim()
    .max(2_000, "The address is at most 2,000 characters")
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: "custom", message: `Enter the full ${what}, starting with https://` });
        return z.NEVER;
      }
      if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackUrl(url))) {
        ctx.addIssue({ code: "custom", message: `The ${what} must start with https://` });
        return z.NEVER;
      }
      if (url.username || url.password || url.hash) {
        ctx.addIssue({ code: "custom", message: `The ${what} holds no user name, password or # part` });
        return z.NEVER;
      }
      return url.href.replace(/\/$/, "");
    });

const attributeName = z.string().trim().max(200, "An attribute name is at most 200 characters").optional();
/** Values as typed: one per line or separated by commas. */
const valueList = z
  .string()
  .max(5_000, "The list is too long")
  .optional()
  .transform((text) =>
    [
      ...new Set(
        (text ?? "")
          .split(/[\n,]+/)
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ].slice(0, 50),
  );

/**
 * The form as posted. The client secret left empty keeps the stored one, and SAML's metadata comes as
 * pasted XML, an uploaded file (read into idp_metadata_xml before this runs) or a URL: whether what
 * the protocol needs is there is decided with what is stored (settings.server.ts).
 */
export const ssoFormSchema = z
  .object({
    protocol: z.enum(SSO_PROTOCOLS, { error: "Choose OpenID Connect or SAML 2.0" }),
    issuer_url: idpUrl("issuer URL"),
    client_id: z.string().trim().max(500, "A client ID is at most 500 characters").optional(),
    client_secret: z.string().max(2_000, "A client secret is at most 2,000 characters").optional(),
    idp_metadata_xml: z.string().trim().max(500_000, "The metadata is at most 500,000 characters").optional(),
    idp_metadata_url: idpUrl("metadata URL"),
    attribute_preset: z.enum(ATTRIBUTE_PRESETS, { error: "Choose where the attribute names start from" }),
    attr_email: attributeName,
    attr_given_name: attributeName,
    attr_family_name: attributeName,
    attr_affiliation: attributeName,
    values_student: valueList,
    values_staff: valueList,
    values_alum: valueList,
    mode: z.enum(SSO_MODES, { error: "Choose how people log in" }),
    enabled: z.literal("on").optional(),
  })
  .transform(({ attribute_preset, ...f }) => {
    // A name or list left empty takes the preset's.
    const preset = PRESETS[attribute_preset];
    const mapping: AttributeMapping = {
      email: f.attr_email || preset.email,
      givenName: f.attr_given_name || preset.givenName,
      familyName: f.attr_family_name || preset.familyName,
      affiliation: f.attr_affiliation || preset.affiliation,
      student: f.values_student.length ? f.values_student : preset.student,
      staff: f.values_staff.length ? f.values_staff : preset.staff,
      alum: f.values_alum.length ? f.values_alum : preset.alum,
    };
    return {
      protocol: f.protocol,
      issuerUrl: f.issuer_url,
      clientId: f.client_id || null,
      clientSecret: f.client_secret?.trim() || null,
      idpMetadataXml: f.idp_metadata_xml || null,
      idpMetadataUrl: f.idp_metadata_url,
      attributePreset: attribute_preset,
      mapping,
      mode: f.mode,
      enabled: f.enabled === "on",
    };
  });
export type SsoForm = z.output<typeof ssoFormSchema>;
