import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, request, startServer } from "./harness";

// Issue 3: pages without a phone field load none of the phone metadata.
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

/** Every script a page loads first: module scripts, modulepreloads and the entry's imports. */
async function firstLoadScripts(path: string): Promise<string[]> {
  const html = (await request(server, { path })).body;
  const urls = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  for (const m of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]!);
  return Promise.all([...urls].map(async (url) => (await request(server, { path: url })).body));
}

const hasPhoneMetadata = (code: string) => code.includes("country_calling_codes");
/** The phone input's table of flag files: Kosovo's is one of the flags emoji fonts lack. */
const FLAG_FILE = /\/assets\/XK-[\w-]+\.svg/;

describe("phone metadata weight", () => {
  it("is in the Contact us page's scripts", async () => {
    expect((await firstLoadScripts("/contact-us")).some(hasPhoneMetadata)).toBe(true);
  });

  it.each(["/", "/login", "/jobs", "/privacy-policy"])("is not loaded by %s", async (path) => {
    const scripts = await firstLoadScripts(path);
    expect(scripts.length).toBeGreaterThan(2);
    expect(scripts.some(hasPhoneMetadata)).toBe(false);
    expect(scripts.some((code) => FLAG_FILE.test(code))).toBe(false);
  });
});

describe("country flags", () => {
  it("come with the phone input's scripts as addresses of SVG files, not as drawings", async () => {
    const scripts = await firstLoadScripts("/contact-us");
    const withFlags = scripts.filter((code) => FLAG_FILE.test(code));
    expect(withFlags).toHaveLength(1);
    expect(withFlags[0]).not.toContain("data:image/svg+xml");
    expect(withFlags[0]).not.toContain("<svg");
  });

  it("are served as images that browsers keep", async () => {
    const scripts = await firstLoadScripts("/contact-us");
    const file = scripts.map((code) => FLAG_FILE.exec(code)?.[0]).find(Boolean)!;
    const r = await request(server, { path: file });
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("image/svg+xml");
    expect(r.headers["cache-control"]).toContain("immutable");
    expect(r.body.startsWith("<svg")).toBe(true);
  });
});
