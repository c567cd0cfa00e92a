import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, loginAs, request, runServerExpectingExit, startServer } from "./harness";

describe("the default deployment", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it("serves the UK home page with the frame, skip link and login link", async () => {
    const r = await request(server, { path: "/" });
    expect(r.status).toBe(200);
    expect(r.body).toContain('data-country="226"');
    expect(r.body).toContain('href="#main"');
    expect(r.body).toContain('<main id="main"');
    expect(r.body).toMatch(/<a[^>]*href="\/login"[^>]*>Log in<\/a>/);
    expect(r.headers["x-content-type-options"]).toBe("nosniff");
    expect(r.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("compresses pages for browsers that take brotli or gzip, and only for those", async () => {
    const fetchRaw = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(
            {
              host: "127.0.0.1",
              port: server.port,
              path: "/",
              headers: { Host: `localhost:${server.port}`, "Accept-Encoding": encoding },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (c: Buffer) => chunks.push(c));
              res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            },
          )
          .on("error", reject);
      });
    const br = await fetchRaw("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    const html = zlib.brotliDecompressSync(br.body).toString("utf8");
    expect(html).toContain('<main id="main"');
    expect(br.body.length).toBeLessThan(html.length / 2);
    const gz = await fetchRaw("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString("utf8")).toContain('<main id="main"');
    const plain = await fetchRaw("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toContain('<main id="main"');
  });

  it("loads a page's scripts at low priority, in few files, after the stylesheet that the first paint needs", async () => {
    for (const path of ["/", "/blog", "/uk-work-visa-sponsor-licence-check?q=tesco", "/jobs"]) {
      const { body } = await request(server, { path });
      const preloads = body.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(preloads.length, path).toBeGreaterThan(2);
      for (const link of preloads) expect(link, path).toContain('fetchPriority="low"');
      // React, React Router and our shared modules come as one file each, not a dozen: a phone opens
      // six connections, and each file past them waits a round trip.
      expect(preloads.length, path).toBeLessThanOrEqual(8);
      const stylesheet = /<link[^>]*rel="stylesheet"[^>]*>/.exec(body)?.[0];
      expect(stylesheet, path).toBeDefined();
      expect(stylesheet, path).not.toContain("fetchPriority");
    }
  });

  it("sends browsers no database code: pages take enum values from modules without Drizzle", () => {
    const assets = path.resolve(import.meta.dirname, "../../build/client/assets");
    const withDrizzle = fs
      .readdirSync(assets)
      .filter((f) => f.endsWith(".js") && fs.readFileSync(path.join(assets, f), "utf8").includes("drizzle:entityKind"));
    expect(withDrizzle).toEqual([]);
  });

  it("puts only the routes a page matched in its HTML, however many routes the product has", async () => {
    const { body } = await request(server, { path: "/blog/post-study-work-australia-canada-ireland" });
    const manifest = /window\.__reactRouterManifest = (\{[\s\S]*?\});\n/.exec(body)?.[1];
    expect(manifest).toBeDefined();
    const routes = Object.keys((JSON.parse(manifest!) as { routes: Record<string, unknown> }).routes);
    expect(routes.sort()).toEqual(["blog.$slug", "root"]);
  });

  it("matches routes by pattern on the server only, and an address ending in several slashes as in one", async () => {
    const { body } = await request(server, { path: "/blog" });
    const handoff = /window\.__reactRouterContext = (\{[\s\S]*?\});/.exec(body)?.[1];
    expect(JSON.parse(handoff!)).toMatchObject({ future: { unstable_routePatternMatching: false } });
    const slashes = await request(server, { path: "/blog//" });
    expect(slashes.status).toBe(200);
    expect(slashes.body).toContain(
      await request(server, { path: "/blog/" }).then((r) => /<h1[^>]*>[^<]*/.exec(r.body)![0]),
    );
  });

  it("serves the Australia-styled about page at /about and the system country's at /about-us", async () => {
    expect((await request(server, { path: "/about" })).body).toContain('data-country="14"');
    expect((await request(server, { path: "/about-us" })).body).toContain('data-country="226"');
  });

  it("gives each page its title and heading inside the frame", async () => {
    const r = await request(server, { path: "/uk-work-visa-sponsor-licence-check" });
    expect(r.body).toContain("<title>UK work visa sponsor licence check | Career Platform</title>");
    expect(r.body).toMatch(/<h1[^>]*>UK work visa sponsor licence check<\/h1>/);
  });

  it("shows the privacy policy with the cookies it sets", async () => {
    const r = await request(server, { path: "/privacy-policy" });
    expect(r.status).toBe(200);
    for (const cookie of ["sid", "prev_url", "flash"]) expect(r.body).toContain(cookie);
    expect(r.body).toContain("ico.org.uk");
  });

  it("shows the terms and the error page", async () => {
    expect((await request(server, { path: "/terms-condition" })).body).toMatch(/England and Wales/);
    expect((await request(server, { path: "/505" })).body).toContain("Something went wrong on our side");
    expect((await request(server, { path: "/under-maintenance" })).status).toBe(200);
  });

  it("brands the microsite with the university's name, logo and colour", async () => {
    const cookie = await loginAs(server, "admin@demo.test", "demo-university.localhost");
    const r = await request(server, { path: "/university-dashboard", host: "demo-university.localhost", cookie });
    expect(r.status).toBe(200);
    expect(r.body).toContain("Demo University Careers");
    expect(r.body).toContain("/brand/demo-university.svg");
    expect(r.body).toContain("--brand:#6d28d9");
    expect(r.body).toContain("Signed in as <strong>Sarah Whitfield</strong>");
    expect(r.body).toContain('href="/visa-job-analytics"');
  });

  it("serves built assets from memory, compressed and cached for good", async () => {
    const home = await request(server, { path: "/" });
    const asset = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(home.body);
    const path = asset?.[1] ?? asset?.[2];
    expect(path).toBeTruthy();
    const r = await request(server, { path: path!, headers: { "Accept-Encoding": "gzip" } });
    expect(r.status).toBe(200);
    expect(r.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(r.headers["content-type"]).toMatch(/^text\/javascript/);
  });
});

describe("configuration", () => {
  it.each([
    ["226", "226", "Start your UK career while you study", "uk", "the UK"],
    ["14", "14", "Build your career in Australia", "australia", "Australia"],
    ["39", "39", "Launch your career in Canada", "canada", "Canada"],
    ["104", "104", "Grow your career in Ireland", "ireland", "Ireland"],
    ["999", "226", "Start your UK career while you study", "uk", "the UK"],
  ])(
    "SYSTEM_COUNTRY_ID=%s shows the home page made for %s: headline, featured guide, visas and jobs",
    async (id, shown, headline, guide, place) => {
      const server = await startServer({ SYSTEM_COUNTRY_ID: id });
      try {
        const r = await request(server, { path: "/" });
        expect(r.status).toBe(200);
        // React separates text and values with empty comments; the sentences are checked without them.
        const body = r.body.replaceAll("<!-- -->", "");
        expect(body).toContain(`data-country="${shown}"`);
        expect(body).toMatch(new RegExp(`<h1[^>]*>${headline}</h1>`));
        expect(body).toContain(`data-guide="${guide}"`);
        expect(body).toContain(`href="/country-guide/${guide}/overview"`);
        expect(body).toContain(`href="/country-guide/${guide}/job-market"`);
        expect(body).toContain(`data-visas="${guide}"`);
        expect(body).toContain(`Visas: staying to work in ${place}`);
        expect(body).toContain("Applies from <time");
        expect(body).toMatch(
          new RegExp(
            `href="/country-guide/${guide}/visa-details"[^>]*>Read the full visa details section \\(log in needed\\)</a>`,
          ),
        );
        expect(body).toContain(`Latest jobs in ${place}`);
        expect(body).toMatch(/<a[^>]*href="\/jobs"[^>]*>(See all jobs|Search all jobs)<\/a>/);
        // The demo jobs are all in the UK (app/features/jobs/demo.server.ts), so the other countries list none.
        if (shown !== "226") expect(body).toContain(`There are no open jobs in ${place} listed at the moment.`);
      } finally {
        await server.stop();
      }
    },
  );

  it("MAINTENANCE_MODE sends every page to /under-maintenance, which answers 503", async () => {
    const server = await startServer({ MAINTENANCE_MODE: "true" });
    try {
      for (const path of ["/", "/jobs", "/login"]) {
        const r = await request(server, { path });
        expect(r.status).toBe(302);
        expect(r.location).toBe("/under-maintenance");
      }
      const page = await request(server, { path: "/under-maintenance" });
      expect(page.status).toBe(503);
      expect(page.headers["retry-after"]).toBe("600");
    } finally {
      await server.stop();
    }
  });

  it("MICROSITE_UNIVERSITY pins the deployment to one university", async () => {
    const server = await startServer({ MICROSITE_UNIVERSITY: "demo-university" });
    try {
      const r = await request(server, { path: "/jobs" });
      expect(r.location).toBe("/login");
      const login = await request(server, { path: "/login" });
      expect(login.body).toContain("Demo University Careers");
      const check = JSON.parse((await request(server, { path: "/api/check-user-redirections" })).body);
      expect(check.isMicrosite).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it.each([
    [{ PORT: "eighty" }, /PORT: .*\(got "eighty"\)/],
    [{ MAINTENANCE_MODE: "perhaps" }, /MAINTENANCE_MODE: must be one of/],
    [{ DATABASE_URL: "postgres://127.0.0.1:1/x" }, /SESSION_SECRET: is required when DATABASE_URL is set/],
    [
      { MICROSITE_UNIVERSITY: "no-such-university" },
      /MICROSITE_UNIVERSITY: no university has the slug "no-such-university"/,
    ],
  ])("refuses to start with %j and says why", async (env, message) => {
    const { code, output } = await runServerExpectingExit(env);
    expect(code).toBe(1);
    expect(output).toMatch(message);
    expect(output).not.toMatch(/at .*\.js:\d+/); // a message, not a stack trace
  });
});
