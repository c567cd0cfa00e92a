import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { enquiries } from "~/db/schema";
import { type TestServer, loginAs, request, startServer } from "./harness";

// TRUST_PROXY lets each test post from an address of its own (X-Forwarded-For), so the
// per-address limit of one test does not spend another's. DATA_DIR is ours so that the stored
// enquiries can be read once the server has stopped (PGlite belongs to one process at a time).
let server: TestServer;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "careers-contact-"));
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "true", DATA_DIR: dataDir });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const GOOD = {
  name: "Amara Okafor",
  email: "amara@example.com",
  phone_text: "020 7946 0000",
  phone_country: "GB",
  subject: "Access for our careers service",
  message: "We would like to give our students access to the platform.",
  website: "",
};

/** The opening tag of the element with this id (React orders attributes its own way). */
const tagOf = (body: string, id: string) =>
  new RegExp(`<(?:input|textarea)[^>]*\\bid="${id}"[^>]*>`).exec(body)?.[0] ?? "";

const post = (
  form: Record<string, string>,
  ip: string,
  opts: { host?: string; cookie?: string; headers?: Record<string, string> } = {},
) =>
  request(server, {
    path: "/contact-us",
    host: opts.host,
    cookie: opts.cookie,
    form,
    headers: { Origin: `http://${opts.host ?? "localhost"}:${server.port}`, "X-Forwarded-For": ip, ...opts.headers },
  });

describe("the Contact us page", () => {
  it("shows the form with labelled fields, the phone among them, and a hidden honeypot", async () => {
    const r = await request(server, { path: "/contact-us" });
    expect(r.status).toBe(200);
    expect(r.body).toContain("<title>Contact us | Career Platform</title>");
    for (const [id, label] of [
      ["name", "Name"],
      ["email", "Email"],
      ["phone", "Phone number"],
      ["subject", "Subject"],
      ["message", "Message"],
    ]) {
      expect(r.body).toMatch(new RegExp(`<label for="${id}"[^>]*>${label}</label>`));
    }
    const phone = tagOf(r.body, "phone");
    for (const attribute of ['name="phone_text"', 'type="tel"', 'maxLength="25"', 'autoComplete="tel"'])
      expect(phone).toContain(attribute);
    expect(r.body).toMatch(/<input type="hidden" name="phone_country" value="GB"\/>/);
    expect(tagOf(r.body, "message")).toMatch(/^<textarea[^>]*name="message"/);
    expect(r.body).toMatch(/<label for="website">Leave this empty<\/label>/);
    const honeypot = tagOf(r.body, "website");
    for (const attribute of ['name="website"', 'tabindex="-1"', 'autoComplete="off"'])
      expect(honeypot).toContain(attribute);
  });

  it("stores a good enquiry and confirms it", async () => {
    const r = await post({ ...GOOD, subject: "HTTP good enquiry" }, "203.0.113.1");
    expect(r.status).toBe(303);
    expect(r.location).toBe("/contact-us?sent=1");
    const page = await request(server, { path: r.location! });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Thank you, we have your message. We reply within two working days");
    expect(page.body).not.toContain('name="message"');
  });

  it("answers a bad phone with 400, its message, and everything typed kept", async () => {
    const form = {
      ...GOOD,
      name: "Amara <O'Kafor>",
      phone_text: "12345",
      phone_country: "IE",
      message: "Line one\nline two & more",
    };
    const r = await post(form, "203.0.113.2");
    expect(r.status).toBe(400);
    expect(r.body).toContain("There is a problem");
    expect(r.body).toContain(
      '<a href="#phone" class="underline">This phone number is too short. Check you have typed all of it.</a>',
    );
    expect(r.body).toContain('<p id="phone-error" class="mt-1 text-sm text-red-800">This phone number is too short.');
    expect(tagOf(r.body, "phone")).toContain('aria-invalid="true"');
    expect(tagOf(r.body, "phone")).toContain('aria-describedby="phone-hint phone-error"');
    expect(r.body).toContain('value="Amara &lt;O&#x27;Kafor&gt;"');
    expect(r.body).toContain('value="amara@example.com"');
    expect(r.body).toContain('value="12345"');
    expect(r.body).toContain('<input type="hidden" name="phone_country" value="IE"/>');
    expect(r.body).toContain(`value="${GOOD.subject}"`);
    expect(r.body).toContain("Line one\nline two &amp; more</textarea>");
  });

  it("lists every field's error in the summary, linked to its field", async () => {
    const r = await post(
      { name: "", email: "not-an-email", phone_text: "", phone_country: "GB", subject: "", message: "short" },
      "203.0.113.3",
    );
    expect(r.status).toBe(400);
    for (const [field, message] of [
      ["name", "Enter your name"],
      ["email", "Enter an email address in the right format, like name@example.com"],
      ["subject", "Enter a subject"],
      ["message", "Tell us how we can help: at least 10 characters"],
    ]) {
      expect(r.body).toContain(`<a href="#${field}" class="underline">${message}</a>`);
    }
    expect(r.body).not.toContain('href="#phone"');
    expect(r.body).toContain('value="not-an-email"');
    expect(r.body).toContain(">short</textarea>");
  });

  it("answers the honeypot as a success, and neither stores it nor counts it against the limit", async () => {
    const ip = "203.0.113.4";
    const bot = await post({ ...GOOD, subject: "HTTP honeypot", website: "https://spam.example" }, ip);
    expect(bot.status).toBe(303);
    expect(bot.location).toBe("/contact-us?sent=1");
    for (let i = 1; i <= 5; i++) {
      const r = await post({ ...GOOD, subject: `HTTP limit ${i}` }, ip);
      expect(r.status, `real enquiry ${i}`).toBe(303);
    }
    const sixth = await post({ ...GOOD, subject: "HTTP limit 6" }, ip);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(3000);
    expect(Number(sixth.headers["retry-after"])).toBeLessThanOrEqual(3600);
    expect(sixth.body).toContain("Too many messages have been sent in the last hour. Wait");
    expect(sixth.body).toContain('value="HTTP limit 6"');
    // Fixing errors is not held against the sender, and other addresses are not affected.
    expect((await post({ ...GOOD, subject: "" }, ip)).status).toBe(429);
    expect((await post({ ...GOOD, subject: "HTTP other address" }, "203.0.113.5")).status).toBe(303);
  });

  it("does not count enquiries refused for errors", async () => {
    const ip = "203.0.113.6";
    for (let i = 0; i < 6; i++) expect((await post({ ...GOOD, phone_text: "12345" }, ip)).status).toBe(400);
    expect((await post({ ...GOOD, subject: "HTTP after errors" }, ip)).status).toBe(303);
  });

  it.each([
    ["an Origin of another site", { Origin: "https://evil.example" }],
    ["Sec-Fetch-Site cross-site", { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }],
  ])("refuses a post with %s", async (_name, headers) => {
    const r = await post({ ...GOOD, subject: "HTTP cross-site" }, "203.0.113.7", { headers });
    expect(r.status).toBe(403);
  });

  it("keeps microsite visitors out (guard A) and records a member's university and account", async () => {
    const host = "demo-university.localhost";
    const visitor = await request(server, { path: "/contact-us", host });
    expect(visitor.status).toBe(302);
    const cookie = await loginAs(server, "student@demo.test", host);
    const page = await request(server, { path: "/contact-us", host, cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Questions about the Demo University careers platform?");
    expect(page.body).toMatch(/<input[^>]*id="email"[^>]*value="student@demo.test"/);
    const r = await post({ ...GOOD, phone_text: "+353 1 234 5678", subject: "HTTP microsite" }, "203.0.113.8", {
      host,
      cookie,
    });
    expect(r.status).toBe(303);
    expect(r.location).toBe("/contact-us?sent=1");
  });

  // Runs last: on the embedded database it stops the server to read what was stored.
  it("stored exactly the real enquiries, with the phone in E.164", async () => {
    const url = server.env.DATABASE_URL;
    if (!url) await server.stop();
    const database = await openDatabase(url ? { url } : { dataDir });
    let rows;
    try {
      rows = await database.db.select().from(enquiries).orderBy(enquiries.id);
    } finally {
      await database.close();
    }
    expect(rows.map((r) => r.subject)).toEqual([
      "HTTP good enquiry",
      "HTTP limit 1",
      "HTTP limit 2",
      "HTTP limit 3",
      "HTTP limit 4",
      "HTTP limit 5",
      "HTTP other address",
      "HTTP after errors",
      "HTTP microsite",
    ]);
    expect(rows[0]).toMatchObject({
      name: GOOD.name,
      email: GOOD.email,
      phone: "+442079460000",
      message: GOOD.message,
      universityId: null,
      userId: null,
    });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    const microsite = rows.at(-1)!;
    expect(microsite.phone).toBe("+35312345678");
    expect(microsite.universityId).toEqual(expect.any(Number));
    expect(microsite.userId).toEqual(expect.any(Number));
  });
});
