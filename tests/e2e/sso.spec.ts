import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import type { Page } from "@playwright/test";
import { startOidcIdp } from "../support/oidc-idp";
import { makeSamlIdp } from "../support/saml-idp";
import { DEMO_PASSWORD, expect, expectNoA11yViolations, submitLoginForm, test } from "./fixtures";

// Logging in with a university's own identity provider, in a browser: Second University's admin sets
// it up on the single sign-on tab, then a student logs in with it from the university's login page.
// The IdPs run in this process on this machine (the server may fetch from it: playwright.config.ts):
// a certified OpenID provider (oidc-provider), and a SAML IdP made with samlify whose login page posts
// its signed answer back. Second University is no other test's, so its login pages change for none.

const UNIVERSITY = "second-university";
const LOGIN_PAGE = `/login/user-email-password/${UNIVERSITY}`;

/** Second University's admin sets single sign-on up on the tab; `fill` fills the protocol's part. */
async function setUp(page: Page, fill: (page: Page) => Promise<void>) {
  await page.goto("/login");
  await submitLoginForm(page, "admin@second.test", DEMO_PASSWORD);
  await expect(page.getByText("Signed in as")).toBeVisible();
  await page.goto("/university-user-profile/sso");
  await fill(page);
  await page.getByLabel("Alongside passwords").check();
  await page.getByLabel("On: people can log in with it").check();
  await page.getByRole("button", { name: "Save single sign-on" }).click();
  await expect(
    page.getByText("Single sign-on is saved and on: Second University's people can log in with it."),
  ).toBeVisible();
  await expectNoA11yViolations(page, "the single sign-on tab, saved");
  await page.context().clearCookies();
}

/** A student opens the university's login page and follows "Log in with Second University". */
async function startLogin(page: Page) {
  await page.goto(LOGIN_PAGE);
  await expectNoA11yViolations(page, "the university's login page with single sign-on");
  await page.getByRole("link", { name: "Log in with Second University" }).click();
}

test("a student logs in with their university's OpenID Connect provider, which its admin set up", async ({
  page,
  baseURL,
}) => {
  const idp = await startOidcIdp(
    [
      {
        client_id: "careers-e2e",
        client_secret: "e2e-client-secret-0123456789",
        redirect_uris: [`${baseURL}/sso/oidc/${UNIVERSITY}/callback`],
      },
    ],
    [
      {
        sub: "e2e-oidc-1",
        claims: {
          email: "amara.obi@second.test",
          email_verified: true,
          given_name: "Amara",
          family_name: "Obi",
          groups: ["students"],
        },
      },
    ],
  );
  try {
    await setUp(page, async (p) => {
      await p.getByLabel("OpenID Connect").check();
      await p.getByLabel("Issuer URL").fill(idp.issuer);
      await p.getByLabel("Client ID").fill("careers-e2e");
      await p.getByLabel("Client secret").fill("e2e-client-secret-0123456789");
      await p.getByLabel("Your identity provider").selectOption({ label: "Microsoft Entra ID" });
      await p.getByLabel("Values that mean a student").fill("students");
    });
    await startLogin(page);
    // oidc-provider's own login page, then its consent page: not ours.
    const idpOrigin = new URL(idp.issuer).origin;
    await expect(page).toHaveURL((url) => url.origin === idpOrigin);
    await page.locator('input[name="login"]').fill("e2e-oidc-1");
    await page.locator('input[name="password"]').fill("any");
    await page.locator('button[type="submit"]').click();
    if (new URL(page.url()).origin === idpOrigin) await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/student-dashboard$/);
    await expect(page.getByText("Signed in as Amara Obi")).toBeVisible();
    await expectNoA11yViolations(page, "the student's dashboard after single sign-on");
  } finally {
    await idp.stop();
  }
});

test("a student logs in with their university's SAML IdP, which its admin set up", async ({ page, baseURL }) => {
  const acs = `${baseURL}/sso/saml/${UNIVERSITY}/acs`;
  const entityId = `${baseURL}/sso/saml/${UNIVERSITY}/metadata`;
  // The IdP's login page: it reads our request's ID and posts its signed answer to our ACS.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const ssoUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/idp/sso`;
  const idp = makeSamlIdp(new Date(), ssoUrl);
  /** Our SP's metadata, as the IdP's administrator loads it once single sign-on is saved. */
  let spMetadata = "";
  server.on("request", (req, res) => {
    void (async () => {
      const query = new URL(req.url!, ssoUrl).searchParams;
      const request = zlib.inflateRawSync(Buffer.from(query.get("SAMLRequest") ?? "", "base64")).toString("utf8");
      const now = Date.now();
      const answer = await idp.answer(spMetadata, {
        inResponseTo: /\sID="([^"]+)"/.exec(request)![1]!,
        nameId: "e2e-saml-1",
        attributes: {
          email: ["kofi.mensah@second.test"],
          given_name: ["Kofi"],
          family_name: ["Mensah"],
          eduPersonAffiliation: ["member", "student"],
        },
        audience: entityId,
        recipient: acs,
        destination: acs,
        notBefore: new Date(now - 60_000),
        notOnOrAfter: new Date(now + 5 * 60_000),
      });
      const relay = query.get("RelayState");
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          `<!doctype html><html lang="en"><title>Test IdP</title><main><h1>Test IdP</h1>` +
            `<form method="post" action="${acs}"><input type="hidden" name="SAMLResponse" value="${answer}">` +
            (relay ? `<input type="hidden" name="RelayState" value="${relay.replace(/"/g, "&quot;")}">` : "") +
            `<button type="submit">Continue to Second University</button></form></main></html>`,
        );
    })().catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  try {
    await setUp(page, async (p) => {
      await p.getByLabel("SAML 2.0").check();
      await p.getByLabel("IdP metadata (XML)").fill(idp.metadata);
      // The names this IdP sends its attributes under.
      await p.getByLabel("Your identity provider").selectOption({ label: "Other" });
      await p.getByLabel("Email", { exact: true }).fill("email");
      await p.getByLabel("Given name", { exact: true }).fill("given_name");
      await p.getByLabel("Family name", { exact: true }).fill("family_name");
      await p.getByLabel("Affiliation", { exact: true }).fill("eduPersonAffiliation");
      await p.getByLabel("Values that mean a student").fill("student");
    });
    spMetadata = await (await fetch(entityId)).text();
    await startLogin(page);
    await page.getByRole("button", { name: "Continue to Second University" }).click();
    await expect(page).toHaveURL(/\/student-dashboard$/);
    await expect(page.getByText("Signed in as Kofi Mensah")).toBeVisible();
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
