import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestSmtpServer } from "../support/smtp";
import { type TestServer, request, startServer, startServerWithMail } from "./harness";

// Issue 27, finding 1: links were built from the Host header, so a forged one put an attacker's
// address into a password-reset email. Links now come from PUBLIC_URL or a registered microsite
// host only, and a request for any other host is refused before page code runs.
const ip = (n: number) => ({ "X-Forwarded-For": `198.51.100.${n}` });
const resetLink = (text: string | undefined) => /https?:\/\/\S*\/reset-password\/\S+/.exec(text ?? "")?.[0];

describe("with PUBLIC_URL set", () => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let stop = async () => {};
  beforeAll(async () => {
    ({ server, smtp, stop } = await startServerWithMail({
      PUBLIC_URL: "https://careers.example.com",
      TRUST_PROXY: "true",
    }));
  });
  afterAll(() => stop());

  const forgot = (host: string, email: string, n: number) =>
    request(server, {
      path: "/forgot-password/demo-university",
      host,
      headers: { ...ip(n), "Sec-Fetch-Site": "same-origin" },
      form: { email },
    });

  it("answers 421 to a forged Host and sends nothing", async () => {
    const r = await forgot("attacker.example", "basic.student@demo.test", 1);
    expect(r.status).toBe(421);
    expect(r.body).toContain("does not serve that host name");
    // A later, honest request's email is the first one the SMTP server sees for this person.
    expect((await forgot("localhost", "basic.student@demo.test", 2)).status).toBe(303);
    const mail = await smtp.next((m) => m.envelopeTo.includes("basic.student@demo.test"));
    expect(resetLink(mail.text)).toMatch(/^https:\/\/careers\.example\.com\/reset-password\//);
    expect(smtp.received.filter((m) => m.envelopeTo.includes("basic.student@demo.test"))).toHaveLength(1);
  });

  it("refuses a forged Host on every kind of address: pages, JSON checks, feeds, static files", async () => {
    for (const path of [
      "/",
      "/login",
      "/check-user-loggedin",
      "/sitemap.xml",
      "/blog/rss.xml",
      "/favicon.ico",
      "/no-such-page",
    ]) {
      const r = await request(server, { path, host: "attacker.example" });
      expect(r.status, path).toBe(421);
    }
    // A Host that is not a host name at all.
    expect((await request(server, { path: "/", host: "localhost@attacker.example" })).status).toBe(421);
  });

  it("builds the sitemap and canonical tags from PUBLIC_URL, whichever accepted Host asked", async () => {
    for (const host of ["localhost", "127.0.0.1", "careers.example.com"]) {
      const sitemap = await request(server, { path: "/sitemap.xml", host });
      expect(sitemap.status).toBe(200);
      const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeGreaterThan(5);
      expect(
        locs.every((l) => l.startsWith("https://careers.example.com/")),
        host,
      ).toBe(true);
      const page = await request(server, { path: "/employers", host });
      expect(page.body).toContain('<link rel="canonical" href="https://careers.example.com/employers"');
    }
  });

  it("links a microsite under its registered host with PUBLIC_URL's scheme, whatever port the client named", async () => {
    expect((await forgot("demo-university.localhost", "student@demo.test", 3)).status).toBe(303);
    const mail = await smtp.next((m) => m.envelopeTo.includes("student@demo.test"));
    expect(resetLink(mail.text)).toMatch(/^https:\/\/demo-university\.localhost\/reset-password\//);
  });
});

describe("without PUBLIC_URL", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it("links to http://localhost:PORT, not to the Host the client sent", async () => {
    const sitemap = await request(server, { path: "/sitemap.xml", host: "127.0.0.1" });
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain(`<loc>http://localhost:${server.port}/</loc>`);
    expect(sitemap.body).not.toContain("127.0.0.1");
  });

  it("serves a registered microsite and a *.localhost name, and refuses a host nobody registered", async () => {
    expect((await request(server, { path: "/login", host: "demo-university.localhost" })).status).toBe(200);
    expect((await request(server, { path: "/login", host: "anything.localhost" })).status).toBe(200);
    expect((await request(server, { path: "/login", host: "demo-university.example" })).status).toBe(421);
  });
});
