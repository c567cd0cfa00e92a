import { Form } from "react-router";
import { CheckboxGroup, ErrorSummary, RadioGroup, SelectField, SubmitButton, TextField } from "~/components/form";
import { type FieldErrors, errorList } from "~/lib/validation";
import { ATTRIBUTE_PRESETS, PRESET_LABELS } from "../mapping";
import { SSO_FIELDS } from "../schema";
import type { SsoSettingsView } from "../settings.server";

const FIELDSET = "space-y-5 rounded border border-slate-300 p-4";
const LEGEND = "px-1 text-lg font-semibold";

/** The single sign-on tab of the university profile: the IdP's settings, the mapping, the mode, and our side. */

/** The mapping's attribute names: the form's field, its label, the mapping's key, and a hint. */
const ATTRIBUTE_FIELDS = [
  ["attr_email", "Email", "email", undefined],
  ["attr_given_name", "Given name", "givenName", undefined],
  ["attr_family_name", "Family name", "familyName", undefined],
  [
    "attr_affiliation",
    "Affiliation",
    "affiliation",
    "eduPersonAffiliation, eduPersonScopedAffiliation, or a groups claim.",
  ],
] as const;
/** The affiliation values of each kind of person: the form's field, its label, the mapping's key, and a hint. */
const VALUE_FIELDS = [
  [
    "values_student",
    "Values that mean a student",
    "student",
    "One per line: affiliation values, or your students' group IDs.",
  ],
  [
    "values_staff",
    "Values that mean staff",
    "staff",
    "Staff get an account that waits for your approval, never an admin account by itself.",
  ],
  ["values_alum", "Values that mean an alum", "alum", undefined],
] as const;

export function SsoTab({
  view,
  answer,
  errors,
  typed,
}: {
  view: SsoSettingsView;
  answer: { formError: string | null } | undefined;
  errors: FieldErrors;
  typed: Record<string, string> | null;
}) {
  const value = (name: string, stored: string) => typed?.[name] ?? stored;
  const list = (values: string[]) => values.join("\n");
  return (
    <>
      <p className="mt-2">
        Your students and staff log in with their university account, through your identity provider (IdP): OpenID
        Connect (Microsoft Entra ID, Google, Okta) or SAML 2.0 (Shibboleth, the UK Access Federation).
      </p>
      <ErrorSummary formError={answer?.formError} fields={errorList(errors, SSO_FIELDS)} answer={answer} />
      <Form method="post" encType="multipart/form-data" className="mt-4 space-y-6" noValidate>
        <RadioGroup
          name="protocol"
          legend="Protocol"
          options={[
            { value: "oidc", label: "OpenID Connect" },
            { value: "saml", label: "SAML 2.0" },
          ]}
          checked={value("protocol", view.protocol)}
          error={errors.protocol}
        />
        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>OpenID Connect</legend>
          <TextField
            name="issuer_url"
            label="Issuer URL"
            hint="We find the rest at this address followed by /.well-known/openid-configuration."
            type="url"
            spellCheck={false}
            autoCapitalize="none"
            defaultValue={value("issuer_url", view.issuerUrl)}
            error={errors.issuer_url}
          />
          <TextField
            name="client_id"
            label="Client ID"
            spellCheck={false}
            autoCapitalize="none"
            defaultValue={value("client_id", view.clientId)}
            error={errors.client_id}
          />
          <TextField
            name="client_secret"
            label="Client secret"
            hint={
              view.hasClientSecret
                ? "A secret is stored, and it is never shown again. Leave this empty to keep it, or enter a new one to replace it."
                : "Stored encrypted, and never shown again."
            }
            type="password"
            autoComplete="off"
            error={errors.client_secret}
          />
        </fieldset>
        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>SAML 2.0</legend>
          <TextField
            name="idp_metadata_xml"
            label="IdP metadata (XML)"
            hint="Paste your IdP's metadata (an EntityDescriptor), or upload it below, or give its URL."
            multiline
            rows={6}
            spellCheck={false}
            defaultValue={value("idp_metadata_xml", view.idpMetadataXml)}
            error={errors.idp_metadata_xml}
          />
          <TextField
            name="idp_metadata_file"
            label="Upload the IdP metadata"
            hint="An XML file of at most 512 KiB; it takes the place of what is pasted above."
            type="file"
            accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
            error={errors.idp_metadata_file}
          />
          <TextField
            name="idp_metadata_url"
            label="IdP metadata URL"
            hint={metadataUrlHint(view)}
            type="url"
            spellCheck={false}
            autoCapitalize="none"
            defaultValue={value("idp_metadata_url", view.idpMetadataUrl)}
            error={errors.idp_metadata_url}
          />
        </fieldset>
        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Attribute mapping</legend>
          <p>Which attribute (or claim) holds each thing. A field left empty takes the value of the IdP chosen here.</p>
          <SelectField
            name="attribute_preset"
            label="Your identity provider"
            options={ATTRIBUTE_PRESETS.map((p) => ({ value: p, label: PRESET_LABELS[p] }))}
            defaultValue={value("attribute_preset", view.attributePreset)}
            error={errors.attribute_preset}
          />
          {ATTRIBUTE_FIELDS.map(([name, label, key, hint]) => (
            <TextField
              key={name}
              name={name}
              label={label}
              hint={hint}
              spellCheck={false}
              defaultValue={value(name, view.mapping[key])}
              error={errors[name]}
            />
          ))}
          {VALUE_FIELDS.map(([name, label, key, hint]) => (
            <TextField
              key={name}
              name={name}
              label={label}
              hint={hint}
              multiline
              rows={2}
              defaultValue={value(name, list(view.mapping[key]))}
              error={errors[name]}
            />
          ))}
        </fieldset>
        <RadioGroup
          name="mode"
          legend="Mode"
          hint="With single sign-on only, password login and self-registration are refused for your email domains, and point to your university login."
          options={[
            { value: "alongside", label: "Alongside passwords" },
            { value: "sso_only", label: "Single sign-on only" },
          ]}
          checked={value("mode", view.mode)}
          error={errors.mode}
        />
        <CheckboxGroup
          name="enabled"
          legend="Single sign-on"
          options={[{ value: "on", label: "On: people can log in with it" }]}
          checked={(typed ? typed.enabled : view.enabled ? "on" : "") === "on" ? ["on"] : []}
          error={errors.enabled}
        />
        <input type="hidden" name="intent" value="save-sso" />
        <SubmitButton>Save single sign-on</SubmitButton>
      </Form>
      {view.configured ? (
        <section aria-labelledby="test-sign-in" className="mt-10">
          <h3 id="test-sign-in" className="text-xl font-semibold">
            Test sign-in
          </h3>
          <p className="mt-2">
            Runs a login at your identity provider, as saved (on or off), and shows the attributes it sent and what the
            mapping reads in them. No account is made or opened.
          </p>
          {/* A document navigation: the test continues at the identity provider. */}
          <a
            href={`/sso/${view.universitySlug}?test=1`}
            className="mt-3 inline-block min-h-11 rounded border-2 border-red-800 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
          >
            Test sign-in
          </a>
        </section>
      ) : null}
      <OurSide view={view} />
    </>
  );
}

/** What the IdP's administrator enters on their side. */
function OurSide({ view }: { view: SsoSettingsView }) {
  const { ourSide } = view;
  const rows: [string, string][] = [
    ["OIDC redirect URI", ourSide.redirectUri],
    ["SAML SP metadata", ourSide.metadataUrl],
    ["SAML entity ID", ourSide.entityId],
    ["SAML ACS URL (HTTP-POST)", ourSide.acsUrl],
  ];
  return (
    <section aria-labelledby="our-side" className="mt-10">
      <h3 id="our-side" className="text-xl font-semibold">
        Our side of the connection
      </h3>
      <p className="mt-2">Give these to your identity provider's administrator.</p>
      <dl className="mt-3 space-y-3">
        {rows.map(([term, detail]) => (
          <div key={term}>
            <dt className="font-medium">{term}</dt>
            <dd className="break-all font-mono text-sm">{detail}</dd>
          </div>
        ))}
        <div>
          <dt className="font-medium">SAML signing certificate</dt>
          <dd>
            {view.spCertificate ? (
              <pre className="mt-1 overflow-x-auto rounded bg-slate-100 p-2 text-xs">{view.spCertificate}</pre>
            ) : (
              "Made when you first save; it is in the SP metadata too."
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** Where the metadata of a URL stands: read when saved (nothing pasted), then again every day. */
function metadataUrlHint(view: SsoSettingsView): string {
  const base =
    "Read when you save, when nothing is pasted or uploaded, then again every day, so a new signing certificate reaches us.";
  if (!view.idpMetadataFetchedAt) return base;
  const when = view.idpMetadataFetchedAt.toLocaleString("en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/London",
  });
  return view.idpMetadataProblem
    ? `${base} The last reading, on ${when}, failed: ${view.idpMetadataProblem}. The metadata read before stays in use.`
    : `${base} Last read on ${when}.`;
}
