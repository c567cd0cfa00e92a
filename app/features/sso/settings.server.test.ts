import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import * as samlify from "samlify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { type University, events, universitySso } from "~/db/schema";
import { manualClock } from "../../../tests/support/clock";
import { createUniversity } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { refreshIdpMetadata } from "./settings.server";
import { makeSpCertificate } from "./sp-certificate.server";

const clock = manualClock();
const metadataWith = (ssoUrl: string) =>
  samlify
    .IdentityProvider({
      entityID: "https://idp.refresh.test/shibboleth",
      signingCert: makeSpCertificate("idp.refresh.test", clock()).certificate,
      singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: ssoUrl }],
    })
    .getMetadata();
const FIRST = metadataWith("https://idp.refresh.test/sso");
const ROLLED = metadataWith("https://idp.refresh.test/sso/v2");

let database: Database;
let university: University;
let server: http.Server;
let url: string;
/** What the IdP's metadata URL answers next. */
let answer: { status: number; body: string } = { status: 200, body: ROLLED };

beforeAll(async () => {
  database = await createTestDatabase();
  university = await createUniversity(database.db);
  server = http.createServer((_req, res) => res.writeHead(answer.status).end(answer.body));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metadata`;
  await database.db.insert(universitySso).values({
    universityId: university.id,
    protocol: "saml",
    enabled: true,
    idpMetadataXml: FIRST,
    idpMetadataUrl: url,
    attributePreset: "shibboleth",
    attributeMapping: {
      email: "mail",
      givenName: "givenName",
      familyName: "sn",
      affiliation: "eduPersonAffiliation",
      student: ["student"],
      staff: ["staff"],
      alum: ["alum"],
    },
    spCertificate: "unused here",
    spPrivateKeyEncrypted: "unused here",
    updatedAt: clock(),
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

const stored = async () =>
  (await database.db.select().from(universitySso).where(eq(universitySso.universityId, university.id)))[0]!;
const refreshEvents = () =>
  database.db
    .select({ data: events.data })
    .from(events)
    .where(and(eq(events.universityId, university.id), eq(events.kind, "sso.metadata_refreshed")))
    .orderBy(events.id);
const refresh = (allowLoopback = true) => {
  clock.advance(24 * 60 * 60_000);
  return refreshIdpMetadata(database.db, { allowLoopback }, clock());
};

describe("refreshIdpMetadata", () => {
  it("takes the IdP's new metadata from its URL, and records the change", async () => {
    expect(await refresh()).toEqual({ read: 1, changed: 1, failed: 0 });
    expect(await stored()).toMatchObject({
      idpMetadataXml: ROLLED,
      idpMetadataFetchedAt: clock(),
      idpMetadataProblem: null,
    });
    expect((await refreshEvents()).map((e) => e.data)).toEqual([{ url, changed: true, problem: null }]);
    // The same metadata again: read, nothing changed, nothing recorded.
    expect(await refresh()).toEqual({ read: 1, changed: 0, failed: 0 });
    expect(await refreshEvents()).toHaveLength(1);
  });

  it("keeps the metadata in use when the URL fails or answers something else, noting why once", async () => {
    answer = { status: 503, body: "down" };
    expect(await refresh()).toEqual({ read: 0, changed: 0, failed: 1 });
    expect(await stored()).toMatchObject({
      idpMetadataXml: ROLLED,
      idpMetadataFetchedAt: clock(),
      idpMetadataProblem: `No metadata could be read at ${url}`,
    });
    await refresh();
    expect(await refreshEvents()).toHaveLength(2);

    answer = { status: 200, body: "<html>maintenance</html>" };
    await refresh();
    expect((await stored()).idpMetadataXml).toBe(ROLLED);
    expect((await stored()).idpMetadataProblem).toMatch(/not SAML metadata/);
    expect(await refreshEvents()).toHaveLength(3);
  });

  it("never reads an address the server may not fetch from", async () => {
    answer = { status: 200, body: FIRST };
    expect(await refresh(false)).toEqual({ read: 0, changed: 0, failed: 1 });
    expect(await stored()).toMatchObject({
      idpMetadataXml: ROLLED,
      idpMetadataProblem: `${new URL(url).host} is not on the public internet: give the address your identity provider publishes`,
    });
  });
});
