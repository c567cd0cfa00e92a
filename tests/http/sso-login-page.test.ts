import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSamlIdp } from "../support/saml-idp";
import { DEMO_PASSWORD, type TestServer, cookieSet, loginAs, request, startServer } from "./harness";

// How the login pages lead to a university's single sign-on: its button on the university's own
// login page, home-realm discovery on /login, and passwords refused in "single sign-on only" mode.
let server: TestServer;
let admin: string;
const sameSite = { "Sec-Fetch-Site": "same-origin" };
const idp = makeSamlIdp();

const configure = (mode: "alongside" | "sso_only") =>
  request(server, {
    path: "/university-user-profile/sso",
    cookie: admin,
    headers: sameSite,
    form: {
      intent: "save-sso",
      protocol: "saml",
      idp_metadata_xml: idp.metadata,
      attribute_preset: "shibboleth",
      mode,
      enabled: "on",
    },
  });
const logIn = (form: Record<string, string>, path = "/login") => request(server, { path, headers: sameSite, form });

beforeAll(async () => {
  server = await startServer();
  admin = await loginAs(server, "admin@demo.test");
});
afterAll(() => server?.stop());

describe("the login pages with single sign-on", () => {
  it("offer nothing before a university turns it on", async () => {
    const page = await request(server, { path: "/login/user-email-password/demo-university" });
    expect(page.body).not.toContain("Log in with Demo University");
    expect((await logIn({ email: "someone@demo.test", password: "" })).status).toBe(400);
  });

  it("show “Log in with {University}” on its own login page only, and send its addresses there", async () => {
    expect((await configure("alongside")).status).toBe(303);
    const page = await request(server, { path: "/login/user-email-password/demo-university" });
    expect(page.body).toMatch(/<a href="\/sso\/demo-university"[^>]*>Log in with Demo University<\/a>/);
    const other = await request(server, { path: "/login/user-email-password/second-university" });
    expect(other.body).not.toContain("Log in with");
    // The microsite's login page links to the main site, where the IdP's answer comes back.
    const microsite = await request(server, { path: "/login", host: "demo-university.localhost" });
    expect(microsite.body).toContain(`<a href="${server.origin}/sso/demo-university"`);

    // Home-realm discovery: an address of the university, no password, goes to its login.
    const discovered = await logIn({ email: "Someone@Students.Demo.Test", password: "" });
    expect(discovered.status).toBe(303);
    expect(discovered.location).toBe("/sso/demo-university");
    // Another university's address is a password login as before.
    expect((await logIn({ email: "someone@second.test", password: "" })).status).toBe(400);
    // Alongside passwords, a password still logs in.
    const password = await logIn({ email: "student@demo.test", password: DEMO_PASSWORD });
    expect(password.status).toBe(303);
    expect(password.location).toBe("/login-success");
  });

  it("refuse a password for the university's addresses in “single sign-on only” mode, pointing to its login", async () => {
    expect((await configure("sso_only")).status).toBe(303);
    const refused = await logIn({ email: "student@demo.test", password: DEMO_PASSWORD });
    expect(refused.status).toBe(403);
    expect(cookieSet(refused, "sid")).toBeUndefined();
    expect(refused.body).toContain("Demo University accounts log in with single sign-on only");
    expect(refused.body).toMatch(/<a href="\/sso\/demo-university"[^>]*>Log in with Demo University<\/a>/);
    // Another university's people are not affected.
    expect((await logIn({ email: "admin@second.test", password: DEMO_PASSWORD })).status).toBe(303);
  });

  it("refuse self-registration in “single sign-on only” mode, pointing to the university login", async () => {
    const form = { name: "Nadia Rahman", email: "nadia.rahman@demo.test" };
    const refused = await logIn(form, "/register/demo-university");
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(
      "Demo University accounts are made when you first log in with your university account",
    );
    expect(refused.body).toContain("(/sso/demo-university)");
    expect((await logIn({ name: "Li Wei", email: "li.wei@second.test" }, "/register/second-university")).status).toBe(
      303,
    );
    // Alongside passwords, registration works as before.
    expect((await configure("alongside")).status).toBe(303);
    expect((await logIn(form, "/register/demo-university")).status).toBe(303);
  });
});
