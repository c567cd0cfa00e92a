import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Reply, type TestServer, loginAs, request, startServer } from "./harness";

let server: TestServer;
let studentCookie: string;
beforeAll(async () => {
  server = await startServer();
  studentCookie = await loginAs(server, "student@demo.test");
});
afterAll(() => server?.stop());

/** The policy's directives by name, each with its sources. */
function directives(reply: Reply): Map<string, string[]> {
  const header = reply.headers["content-security-policy"];
  expect(typeof header).toBe("string");
  return new Map(
    (header as string)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function nonceOf(reply: Reply): string {
  const script = directives(reply).get("script-src") ?? [];
  const nonce = /^'nonce-(.+)'$/.exec(script.find((s) => s.startsWith("'nonce-")) ?? "")?.[1];
  expect(nonce, "script-src carries a nonce").toBeTruthy();
  return nonce!;
}

const PAGES: [string, { host?: string; loggedIn?: boolean; status: number }][] = [
  ["/", { status: 200 }],
  ["/blog", { status: 200 }],
  ["/blog/star-method-competency-interviews", { status: 200 }],
  ["/contact-us", { status: 200 }],
  ["/login", { status: 200 }],
  ["/skilled-migration-points-calculator-australia", { loggedIn: true, status: 200 }],
  ["/student-dashboard", { loggedIn: true, status: 200 }],
  ["/no-such-page", { status: 404 }],
  ["/505", { status: 200 }],
  ["/login", { host: "demo-university.localhost", status: 200 }],
];

describe("the Content-Security-Policy of HTML pages", () => {
  it.each(PAGES)("%s (%j) has the strict policy, and every inline script and style its nonce", async (path, opts) => {
    const reply = await request(server, { path, host: opts.host, cookie: opts.loggedIn ? studentCookie : undefined });
    expect(reply.status).toBe(opts.status);
    expect(reply.headers["content-type"]).toMatch(/^text\/html/);
    const nonce = nonceOf(reply);
    // 128 bits in base64.
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(Object.fromEntries(directives(reply))).toEqual({
      "default-src": ["'self'"],
      "script-src": ["'self'", `'nonce-${nonce}'`],
      "style-src": ["'self'", `'nonce-${nonce}'`],
      "img-src": ["'self'", "data:"],
      "media-src": ["'self'", "https:"],
      "connect-src": ["'self'"],
      "frame-ancestors": ["'self'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'"],
      "object-src": ["'none'"],
    });

    // JSON-LD is a data block, never run, so the policy does not apply to it (and React Router's meta gives it no nonce).
    const scripts = [...reply.body.matchAll(/<script\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !tag.includes('type="application/ld+json"'));
    expect(scripts.length).toBeGreaterThan(2);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const styles = [...reply.body.matchAll(/<style\b[^>]*>/g)].map((m) => m[0]);
    for (const tag of styles) expect(tag).toContain(`nonce="${nonce}"`);
    // The policy refuses style attributes, so one in the HTML would be a broken style.
    expect(reply.body).not.toMatch(/<[a-z][^>]*\sstyle="/i);
    // The nonce appears only in nonce attributes: never in loader data or anywhere a script could read it back.
    const attributes = reply.body.split(`nonce="${nonce}"`).length - 1;
    expect(reply.body.split(nonce).length - 1).toBe(attributes);
  });

  it("uses a new nonce for every response", async () => {
    const first = nonceOf(await request(server, { path: "/" }));
    const second = nonceOf(await request(server, { path: "/" }));
    expect(second).not.toBe(first);
  });

  it("keeps a microsite's brand colour in a nonced style element instead of a style attribute", async () => {
    const reply = await request(server, { path: "/login", host: "demo-university.localhost" });
    const nonce = nonceOf(reply);
    // #6d28d9 is Demo University's colour in the demo data.
    expect(reply.body).toContain(`<style nonce="${nonce}">:root{--brand:#6d28d9}</style>`);
  });

  it("sends the policy with the headers of a HEAD request too", async () => {
    const reply = await request(server, { path: "/", method: "HEAD" });
    expect(reply.status).toBe(200);
    expect(nonceOf(reply)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
