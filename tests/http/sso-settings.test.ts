import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import * as samlify from "samlify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { auditLog, events, universitySso } from "~/db/schema";
import { makeSpCertificate } from "~/features/sso/sp-certificate.server";
import { type OidcIdp, startOidcIdp } from "../support/oidc-idp";
import { type Reply, type TestServer, cookieSet, loginAs, request, requestBytes, startServerWithData } from "./harness";

// A university admin's single sign-on settings, /university-user-profile/sso: what is stored, what
// is shown again (never the client secret), what is refused, and our side of the connection.
const PAGE = "/university-user-profile/sso";
const SECRET = "idp-client-secret-7f3e9a";
let idp: OidcIdp;
let server: TestServer;
let admin: string;
let stopAndRead: <R>(read: (db: Db) => Promise<R>) => Promise<R>;

beforeAll(async () => {
  idp = await startOidcIdp([{ client_id: "careers-demo", client_secret: SECRET, redirect_uris: ["http://x.test/cb"] }]);
  const started = await startServerWithData(async () => null);
  server = started.server;
  stopAndRead = started.stopAndRead;
  admin = await loginAs(server, "admin@demo.test");
});
afterAll(async () => {
  await idp?.stop();
});

const sameSite = { "Sec-Fetch-Site": "same-origin" };
const get = (cookie = admin) => request(server, { path: PAGE, cookie });
const flash = (reply: Reply) => decodeURIComponent(cookieSet(reply, "flash") ?? "");
const fieldTag = (body: string, name: string) =>
  new RegExp(`<(?:input|textarea)[^>]*\\bname="${name}"[^>]*>`).exec(body)?.[0] ?? "";
/** A field's error message, as the form kit renders it after the field. */
/** Whether a radio button or tick box of `name` with `value` is checked (its attributes come in no set order). */
const checked = (body: string, name: string, value: string) =>
  [...body.matchAll(new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`, "g"))].some(
    ([tag]) => tag.includes(`value="${value}"`) && /\bchecked=""/.test(tag),
  );
const errorOf = (body: string, name: string) =>
  new RegExp(`id="${name}-error"[^>]*>(?:<[^>]+>)*([^<]*)`).exec(body)?.[1] ?? null;

const OIDC = {
  intent: "save-sso",
  protocol: "oidc",
  issuer_url: "",
  client_id: "careers-demo",
  client_secret: SECRET,
  attribute_preset: "custom",
  mode: "alongside",
  enabled: "on",
};
const save = (form: Record<string, string>, cookie = admin) =>
  request(server, { path: PAGE, cookie, form, headers: sameSite });

describe("the single sign-on tab", () => {
  it("shows the form and our side of the connection to the admin, and nothing to a student", async () => {
    const page = await get();
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<a[^>]*aria-current="page"[^>]*>Single sign-on<\/a>/);
    for (const label of ["Issuer URL", "Client ID", "Client secret", "IdP metadata (XML)", "IdP metadata URL"])
      expect(page.body).toContain(`>${label}</label>`);
    expect(page.body).toContain("Save single sign-on</button>");
    expect(page.body).toContain(`${server.origin}/sso/oidc/demo-university/callback`);
    expect(page.body).toContain(`${server.origin}/sso/saml/demo-university/metadata`);
    expect(page.body).toContain(`${server.origin}/sso/saml/demo-university/acs`);
    expect(page.body).toContain("Made when you first save");
    expect(page.body).not.toContain("Test sign-in");

    const student = await loginAs(server, "student@demo.test");
    const refused = await get(student);
    expect(refused.status).toBe(302);
    expect(refused.body).not.toContain("Issuer URL");
  });

  it("refuses an OpenID Connect configuration without its IdP, or over plain http elsewhere, storing nothing", async () => {
    const missing = await save({ ...OIDC, client_secret: "" });
    expect(missing.status).toBe(400);
    expect(errorOf(missing.body, "issuer_url")).toMatch(/Enter the issuer URL/);
    expect(errorOf(missing.body, "client_secret")).toMatch(/Enter the client secret/);

    const plain = await save({ ...OIDC, issuer_url: "http://idp.demo.test" });
    expect(plain.status).toBe(400);
    expect(errorOf(plain.body, "issuer_url")).toBe("The issuer URL must start with https://");
    // The secret typed is not sent back in the page.
    expect(plain.body).not.toContain(SECRET);

    const nobody = await save({ ...OIDC, issuer_url: `${idp.issuer}/nothing-here` });
    expect(nobody.status).toBe(400);
    expect(errorOf(nobody.body, "issuer_url")).toMatch(/No OpenID Connect provider answered at/);
    expect((await get()).body).toContain("Made when you first save");
  });

  it("never fetches from a private or link-local address: a cloud's metadata service, the private network", async () => {
    for (const issuer of ["https://169.254.169.254/latest", "https://10.20.30.40", "https://[fd00::1]"]) {
      const refused = await save({ ...OIDC, issuer_url: issuer });
      expect(refused.status).toBe(400);
      expect(errorOf(refused.body, "issuer_url")).toBe(
        `${new URL(issuer).host} is not on the public internet: give the address your identity provider publishes`,
      );
    }
    const saml = { ...OIDC, protocol: "saml", client_secret: "", attribute_preset: "shibboleth" };
    const metadata = await save({ ...saml, idp_metadata_url: "https://192.168.0.10/metadata.xml" });
    expect(metadata.status).toBe(400);
    expect(errorOf(metadata.body, "idp_metadata_url")).toMatch(/^192\.168\.0\.10 is not on the public internet/);
    expect((await get()).body).toContain("Made when you first save");
  });

  it("saves an OpenID Connect IdP found by discovery; the secret is never shown, and kept when left empty", async () => {
    const saved = await save({ ...OIDC, issuer_url: idp.issuer });
    expect(saved.status).toBe(303);
    expect(flash(saved)).toContain("Single sign-on is saved and on");

    const page = await get();
    expect(fieldTag(page.body, "issuer_url")).toContain(`value="${idp.issuer}"`);
    expect(fieldTag(page.body, "client_id")).toContain('value="careers-demo"');
    expect(fieldTag(page.body, "client_secret")).not.toContain("value=");
    expect(page.body).not.toContain(SECRET);
    expect(page.body).toContain("A secret is stored");
    expect(page.body).toContain("-----BEGIN CERTIFICATE-----");
    expect(page.body).toMatch(/<a href="\/sso\/demo-university\?test=1"[^>]*>Test sign-in<\/a>/);

    const kept = await save({ ...OIDC, issuer_url: idp.issuer, client_secret: "", mode: "sso_only" });
    expect(kept.status).toBe(303);
    const after = (await get()).body;
    expect(checked(after, "mode", "sso_only")).toBe(true);
    expect(checked(after, "mode", "alongside")).toBe(false);
    expect(checked(after, "enabled", "on")).toBe(true);
  });

  it("saves SAML metadata pasted or uploaded, and refuses what is not usable metadata", async () => {
    const { certificate } = makeSpCertificate("idp.demo.test", new Date());
    const metadata = samlify
      .IdentityProvider({
        entityID: "https://idp.demo.test/shibboleth",
        signingCert: certificate,
        singleSignOnService: [
          { Binding: samlify.Constants.namespace.binding.redirect, Location: "https://idp.demo.test/sso" },
        ],
      })
      .getMetadata();
    const saml = { ...OIDC, protocol: "saml", client_secret: "", attribute_preset: "shibboleth" };

    const garbage = await save({ ...saml, idp_metadata_xml: "<html>not metadata</html>" });
    expect(garbage.status).toBe(400);
    expect(errorOf(garbage.body, "idp_metadata_xml")).toMatch(/not SAML metadata/);
    const none = await save(saml);
    expect(errorOf(none.body, "idp_metadata_xml")).toMatch(/Paste or upload/);

    const boundary = "----sso-metadata-5d1c";
    const part = (name: string, value: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: application/xml` : ""}\r\n\r\n${value}\r\n`;
    const body = Buffer.from(
      Object.entries(saml)
        .map(([k, v]) => part(k, v))
        .join("") +
        part("idp_metadata_file", metadata, "idp.xml") +
        `--${boundary}--\r\n`,
    );
    const uploaded = await requestBytes(server, {
      method: "POST",
      path: PAGE,
      cookie: admin,
      body,
      type: `multipart/form-data; boundary=${boundary}`,
      headers: sameSite,
    });
    expect(uploaded.status).toBe(303);
    const page = await get();
    expect(page.body).toContain("https://idp.demo.test/shibboleth");
    expect(checked(page.body, "protocol", "saml")).toBe(true);
    // The mapping left empty took Shibboleth's attribute names.
    expect(fieldTag(page.body, "attr_email")).toContain('value="urn:oid:0.9.2342.19200300.100.1.3"');

    // Given by its URL (an IdP on this machine, which test servers may fetch from), it is read at
    // once, and the tab says when.
    const idpSite = http.createServer((_req, res) =>
      res.writeHead(200, { "content-type": "application/samlmetadata+xml" }).end(metadata),
    );
    await new Promise<void>((resolve) => idpSite.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(idpSite.address() as AddressInfo).port}/idp/metadata`;
      expect((await save({ ...saml, idp_metadata_url: url })).status).toBe(303);
      const fromUrl = await get();
      expect(fieldTag(fromUrl.body, "idp_metadata_url")).toContain(`value="${url}"`);
      expect(fromUrl.body).toMatch(
        /then again every day, so a new signing certificate reaches us\. Last read on \d{1,2} \w+ 20\d\d/,
      );
    } finally {
      await new Promise((resolve) => idpSite.close(resolve));
    }
  });

  it("shows another university's admin only their own", async () => {
    const second = await loginAs(server, "admin@second.test");
    const page = await get(second);
    expect(page.status).toBe(200);
    expect(page.body).toContain("/sso/oidc/second-university/callback");
    expect(page.body).not.toContain("demo-university");
    expect(page.body).not.toContain(idp.issuer);
    expect(page.body).toContain("Made when you first save");
  });

  it("stores the secret encrypted, and records each change as an event and in the audit log without it", async () => {
    const { row, recorded, audited } = await stopAndRead(async (db) => ({
      row: (await db.select().from(universitySso))[0],
      audited: await db.select().from(auditLog).where(eq(auditLog.targetType, "university_sso")).orderBy(auditLog.id),
      recorded: await db
        .select({ data: events.data, userId: events.userId })
        .from(events)
        .where(and(eq(events.kind, "sso.configured")))
        .orderBy(events.id),
    }));
    expect(row!.clientSecretEncrypted).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(row!.spPrivateKeyEncrypted).toMatch(/^v1\./);
    expect(row!.spPrivateKeyEncrypted).not.toContain("PRIVATE KEY");
    expect(recorded).toHaveLength(4);
    expect(recorded[0]!.data).toMatchObject({
      protocol: "oidc",
      changed: expect.arrayContaining(["clientSecret", "issuerUrl"]),
    });
    expect(recorded[1]!.data).toMatchObject({ changed: ["mode"] });
    expect(recorded[2]!.data).toMatchObject({
      protocol: "saml",
      changed: expect.arrayContaining(["protocol", "idpMetadataXml"]),
    });
    // The same metadata from a URL: only the URL changed (when it was read is not a change of the admin's).
    expect(recorded[3]!.data).toMatchObject({ changed: ["idpMetadataUrl"] });
    expect(JSON.stringify(recorded)).not.toContain(SECRET);
    // The audit log: by the admin, from their address, each change's fields before and after, the
    // secret as changed but never its value, the metadata as its length.
    expect(audited.map((a) => [a.action, a.actorRole, a.ip !== null, Object.keys(a.changes).sort()])).toEqual([
      [
        "sso.created",
        "university_admin",
        true,
        expect.arrayContaining(["clientSecretEncrypted", "issuerUrl", "protocol"]),
      ],
      ["sso.updated", "university_admin", true, ["mode"]],
      ["sso.updated", "university_admin", true, expect.arrayContaining(["protocol", "idpMetadataXml"])],
      ["sso.updated", "university_admin", true, ["idpMetadataUrl"]],
    ]);
    expect(audited[0]!.changes.clientSecretEncrypted).toEqual({ before: "(not recorded)", after: "(not recorded)" });
    expect(audited[1]!.changes.mode).toEqual({ before: "alongside", after: "sso_only" });
    expect(audited[2]!.changes.idpMetadataXml!.after).toMatch(/^\(\d+ characters\)$/);
    expect(JSON.stringify(audited)).not.toContain(SECRET);
  });
});
