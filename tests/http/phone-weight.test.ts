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

describe("phone metadata weight", () => {
  it("is in the Contact us page's scripts", async () => {
    expect((await firstLoadScripts("/contact-us")).some(hasPhoneMetadata)).toBe(true);
  });

  it.each(["/", "/login", "/jobs", "/privacy-policy"])("is not loaded by %s", async (path) => {
    const scripts = await firstLoadScripts(path);
    expect(scripts.length).toBeGreaterThan(2);
    expect(scripts.some(hasPhoneMetadata)).toBe(false);
  });
});
