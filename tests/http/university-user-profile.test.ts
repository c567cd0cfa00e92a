import { createHash } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BytesReply,
  type Reply,
  type TestServer,
  cookieSet,
  loginAs,
  request,
  requestBytes,
  startServer,
} from "./harness";

// The university admin's profile and their university's settings, /university-user-profile/{type?},
// and the logos it stores, /university-logo/{slug}.{hash}.{png|svg}.
/** The demo admin of Second University. */
const SECOND_ADMIN = "admin@second.test";
const PROFILE = "/university-user-profile";
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  admin = await loginAs(server, "admin@demo.test");
});
afterAll(() => server?.stop());

const sameSite = { "Sec-Fetch-Site": "same-origin" };
const get = (pathname: string, cookie = admin, host?: string) => request(server, { path: pathname, cookie, host });
const post = (pathname: string, form: Record<string, string>, cookie = admin) =>
  request(server, { path: pathname, cookie, form, headers: sameSite });
const flash = (reply: Reply) => decodeURIComponent(cookieSet(reply, "flash") ?? "");
/** A field's tag (its attributes come in no set order), and a text area's content. */
const fieldTag = (body: string, name: string) =>
  new RegExp(`<(?:input|textarea)[^>]*\\bname="${name}"[^>]*>`).exec(body)?.[0] ?? "";
const textAreaOf = (body: string, name: string) =>
  new RegExp(`<textarea[^>]*\\bname="${name}"[^>]*>\\n?([^<]*)</textarea>`).exec(body)?.[1];

/** A request whose body and answer are bytes (an uploaded image, a served logo). */
const send = (
  method: string,
  pathname: string,
  opts: { cookie?: string; body?: Buffer; type?: string; headers?: Record<string, string> } = {},
) => requestBytes(server, { method, path: pathname, ...opts });

/** The branding tab's upload, as the browser sends the form: multipart, the file's bytes as they are. */
function uploadLogo(file: { name: string; type: string; data: Buffer }, cookie = admin): Promise<BytesReply> {
  const boundary = "----logo-test-4b1d9e";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload-logo\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return send("POST", `${PROFILE}/branding`, { cookie, body, type: `multipart/form-data; boundary=${boundary}` });
}
const rawFlash = (reply: BytesReply) => {
  const line = ([] as string[]).concat(reply.headers["set-cookie"] ?? []).find((c) => c.startsWith("flash="));
  return decodeURIComponent(line?.slice(6).split(";")[0] ?? "");
};

/** The address the branding tab shows the current logo at, or null. */
async function currentLogoUrl(cookie = admin): Promise<string | null> {
  return (
    /<img src="(\/university-logo\/[a-z0-9-]+\.[0-9a-f]{16}\.(?:png|svg))"/.exec(
      (await get(`${PROFILE}/branding`, cookie)).body,
    )?.[1] ?? null
  );
}

const HOSTILE_SVG = `<?xml version="1.0"?>
<!DOCTYPE svg [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 64 64" onload="alert('onload')">
  <script>alert('script')</script>
  <style>rect { fill: url(https://evil.example/track.png) }</style>
  <foreignObject width="64" height="64"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example/"></iframe></body></foreignObject>
  <image xlink:href="https://evil.example/pixel.png" width="1" height="1"/>
  <a href="javascript:alert('link')"><rect width="64" height="64" fill="#0f766e" style="stroke:#ffffff" onclick="alert('click')"/></a>
  <text x="8" y="40" fill="#ffffff">&xxe;DU</text>
</svg>
`;

describe("the profile's tabs", () => {
  it("shows each tab to the admin, as links with the current one marked, noindex", async () => {
    const account = await get(PROFILE);
    expect(account.status).toBe(200);
    expect(account.body).toContain('<nav aria-label="Profile sections"');
    expect(account.body).toMatch(/<a[^>]*aria-current="page"[^>]*>Your account<\/a>/);
    expect(account.body).toMatch(/<a[^>]*href="\/university-user-profile\/branding"[^>]*>Branding<\/a>/);
    expect(account.body).toContain('<meta name="robots" content="noindex"/>');
    expect(fieldTag(account.body, "name")).toContain('value="Sarah Whitfield"');
    expect(account.body).toContain("admin@demo.test");
    expect(account.body).toContain("cannot be changed here");
    expect(account.body).toContain('href="/student-change-password"');
    // That page serves an admin too.
    expect((await get("/student-change-password")).status).toBe(200);
    expect((await get(`${PROFILE}/account`)).body).toMatch(/<a[^>]*aria-current="page"[^>]*>Your account<\/a>/);

    const university = await get(`${PROFILE}/university`);
    expect(university.status).toBe(200);
    expect(university.body).toMatch(/<a[^>]*aria-current="page"[^>]*>University details<\/a>/);
    expect(textAreaOf(university.body, "email_domains")).toBe("demo.test");
    expect(fieldTag(university.body, "careers_email")).toContain('value="careers@demo-university.test"');
    expect(university.body).toContain("subdomains included");

    const branding = await get(`${PROFILE}/branding`);
    expect(branding.status).toBe(200);
    expect(branding.body).toContain('fill="#6d28d9"');
    expect(branding.body).toContain('<img src="/brand/demo-university.svg"');
    expect(branding.body).toContain("Remove the logo");

    const team = await get(`${PROFILE}/team`);
    expect(team.status).toBe(200);
    expect(team.body).toContain("Sarah Whitfield (you)");
    expect(team.body).not.toContain("Tomás Reyes");
    expect(team.body).toContain('href="/university-user-registration"');
  });

  it("answers 404 for any other tab", async () => {
    for (const tab of ["settings", "Account", "team%2Fx", "branding/extra"]) {
      expect((await get(`${PROFILE}/${tab}`)).status, tab).toBe(404);
    }
    expect((await post(`${PROFILE}/settings`, { intent: "save-colour", brand_colour: "#000000" })).status).toBe(404);
  });

  it("is the admins' only: a student is sent to their dashboard, reading and writing alike", async () => {
    const student = await loginAs(server, "student@demo.test");
    for (const tab of ["", "/university", "/branding", "/team"]) {
      const r = await get(`${PROFILE}${tab}`, student);
      expect(r.status).toBe(302);
      expect(r.location).toBe("/student-dashboard");
    }
    const r = await post(`${PROFILE}/branding`, { intent: "save-colour", brand_colour: "#000000" }, student);
    expect(r.location).toBe("/student-dashboard");
    expect((await get(`${PROFILE}/branding`)).body).not.toContain('fill="#000000"');
    const visitor = await request(server, { path: PROFILE });
    expect(visitor.location).toBe("/login");
  });
});

describe("saving", () => {
  it("saves the admin's name and job title, and refuses an empty name with 400", async () => {
    const bad = await post(PROFILE, { intent: "save-account", name: " ", job_title: "Head of Careers" });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Enter your name");
    expect(fieldTag(bad.body, "job_title")).toContain('value="Head of Careers"');

    const saved = await post(PROFILE, {
      intent: "save-account",
      name: "Sarah J Whitfield",
      job_title: "Head of Careers",
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(PROFILE);
    expect(flash(saved)).toBe("Your name and job title are saved.");
    const page = (await get(PROFILE)).body;
    expect(page).toMatch(/Signed in as <strong>Sarah J Whitfield<\/strong>/);
    expect(fieldTag(page, "job_title")).toContain('value="Head of Careers"');
    expect((await get(`${PROFILE}/team`)).body).toContain("Sarah J Whitfield (you)");
    await post(PROFILE, { intent: "save-account", name: "Sarah Whitfield", job_title: "Head of Careers" });
  });

  it("saves the university's details, and on a bad submission answers 400 with what was typed and stores nothing", async () => {
    const bad = await post(`${PROFILE}/university`, {
      intent: "save-university",
      name: "Renamed University",
      email_domains: "demo.test\nnot a domain",
      careers_email: "careers@demo-university.test",
      careers_url: "http://careers.demo-university.test",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("“not” is not a domain: write it like demo.ac.uk");
    expect(bad.body).toContain("The careers website must be an https:// address");
    expect(bad.body).toContain("demo.test\nnot a domain</textarea>");
    expect(fieldTag(bad.body, "name")).toContain('value="Renamed University"');
    const unchanged = (await get(`${PROFILE}/university`)).body;
    expect(fieldTag(unchanged, "name")).toContain('value="Demo University"');
    expect(unchanged).not.toContain("Renamed University");

    // Second University's domain is its own: 409, with what was typed, and nothing stored.
    const taken = await post(`${PROFILE}/university`, {
      intent: "save-university",
      name: "Demo University",
      email_domains: "demo.test\nsecond.test",
      careers_email: "careers@demo-university.test",
      careers_url: "https://careers.demo-university.test",
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toContain(
      "“second.test” is Second University&#x27;s: an email domain belongs to one university.",
    );
    expect(taken.body).toContain("demo.test\nsecond.test</textarea>");
    expect(textAreaOf((await get(`${PROFILE}/university`)).body, "email_domains")).toBe("demo.test");

    // A public suffix would take every university's students under it: 400 beside the field.
    const suffix = await post(`${PROFILE}/university`, {
      intent: "save-university",
      name: "Demo University",
      email_domains: "demo.test\nac.uk",
      careers_email: "careers@demo-university.test",
      careers_url: "https://careers.demo-university.test",
    });
    expect(suffix.status).toBe(400);
    expect(suffix.body).toContain("“ac.uk” is shared by many organisations, each with its own domain under it");
    expect(textAreaOf((await get(`${PROFILE}/university`)).body, "email_domains")).toBe("demo.test");

    const saved = await post(`${PROFILE}/university`, {
      intent: "save-university",
      name: "Demo University",
      email_domains: "Demo.test, student.demo.test\ndemo.test",
      careers_email: "careers@demo-university.test",
      careers_url: "https://careers.demo-university.test",
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`${PROFILE}/university`);
    expect(flash(saved)).toBe("Demo University's details are saved.");
    const page = (await get(`${PROFILE}/university`)).body;
    expect(textAreaOf(page, "email_domains")).toBe("demo.test\nstudent.demo.test");
    expect(fieldTag(page, "careers_url")).toContain('value="https://careers.demo-university.test/"');
  });

  it("saves a brand colour the microsite shows at once, and refuses one white text cannot be read on", async () => {
    const bad = await post(`${PROFILE}/branding`, { intent: "save-colour", brand_colour: "#ffcc00" });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain(
      "White text on #ffcc00 has a contrast of only 1.5:1; it needs at least 4.5:1, because your microsite puts white text on this colour. Choose a darker shade.",
    );
    expect(fieldTag(bad.body, "brand_colour")).toContain('value="#ffcc00"');
    expect((await post(`${PROFILE}/branding`, { intent: "save-colour", brand_colour: "purple" })).status).toBe(400);
    expect((await get(`${PROFILE}/branding`)).body).toContain('fill="#6d28d9"');

    const saved = await post(`${PROFILE}/branding`, { intent: "save-colour", brand_colour: "#0F766E" });
    expect(saved.status).toBe(303);
    expect(flash(saved)).toBe("The brand colour is now #0f766e.");
    expect((await get(`${PROFILE}/branding`)).body).toContain('fill="#0f766e"');
    const microsite = await request(server, { path: "/login", host: "demo-university.localhost" });
    expect(microsite.body).toContain(":root{--brand:#0f766e}");
    expect((await post(`${PROFILE}/branding`, { intent: "save-colour", brand_colour: "#6d28d9" })).status).toBe(303);
  });

  it("refuses a button of another tab", async () => {
    const r = await post(`${PROFILE}/team`, { intent: "save-colour", brand_colour: "#000000" });
    expect(r.status).toBe(400);
    expect(r.body).toContain("This button does nothing here.");
  });
});

describe("the logo", () => {
  it("takes a PNG, re-encoded without metadata, served at its hash with long caching; the microsite shows it", async () => {
    const original = await sharp({ create: { width: 1600, height: 800, channels: 4, background: "#0f766e" } })
      .png()
      .withExif({ IFD0: { Copyright: "Secret Studio Ltd" } })
      .toBuffer();
    const uploaded = await uploadLogo({ name: "crest.png", type: "image/png", data: original });
    expect(uploaded.status).toBe(303);
    expect(uploaded.headers.location).toBe(`${PROFILE}/branding`);
    expect(rawFlash(uploaded)).toBe("The logo is saved.");

    const url = await currentLogoUrl();
    expect(url).toMatch(/^\/university-logo\/demo-university\.[0-9a-f]{16}\.png$/);
    const served = await send("GET", url!);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toBeUndefined();
    expect(url).toContain(createHash("sha256").update(served.body).digest("hex").slice(0, 16));
    const meta = await sharp(served.body).metadata();
    expect(meta).toMatchObject({ format: "png", width: 512, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(served.body.includes("Secret Studio")).toBe(false);
    // Visitors to the microsite see it in its header.
    expect((await request(server, { path: "/login", host: "demo-university.localhost" })).body).toContain(
      `src="${url}"`,
    );

    // Only the stored logo's exact name answers.
    const hash = /\.([0-9a-f]{16})\./.exec(url!)![1]!;
    for (const other of [
      `/university-logo/demo-university.${"0".repeat(16)}.png`,
      `/university-logo/demo-university.${hash}.svg`,
      `/university-logo/second-university.${hash}.png`,
      `/university-logo/no-such-university.${hash}.png`,
      `/university-logo/demo-university.${hash.toUpperCase()}.png`,
      `/university-logo/demo-university.png`,
    ]) {
      expect((await send("GET", other)).status, other).toBe(404);
    }
  });

  it("stores a hostile SVG sanitised, and serves it sandboxed", async () => {
    const before = await currentLogoUrl();
    const uploaded = await uploadLogo({ name: "crest.svg", type: "image/svg+xml", data: Buffer.from(HOSTILE_SVG) });
    expect(uploaded.status).toBe(303);
    const url = await currentLogoUrl();
    expect(url).toMatch(/^\/university-logo\/demo-university\.[0-9a-f]{16}\.svg$/);
    const served = await send("GET", url!);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/svg+xml");
    expect(served.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const svg = served.body.toString("utf8");
    expect(svg).not.toMatch(
      /alert|<script|<style|foreignObject|<iframe|<image|evil\.example|javascript:|onload|onclick|style=|DOCTYPE|ENTITY|passwd/,
    );
    // The style attribute's paint became an attribute; the link around the shape is gone, the shape kept.
    expect(svg).toContain('<rect stroke="#ffffff" width="64" height="64" fill="#0f766e"></rect>');
    expect(svg).toContain("&amp;xxe;DU");
    // The PNG before it is gone.
    expect((await send("GET", before!)).status).toBe(404);
  });

  it("refuses what is not a PNG or SVG, or says it is another, with the message and status, keeping the logo", async () => {
    const kept = await currentLogoUrl();
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#000000" } })
      .png()
      .toBuffer();
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    const html = Buffer.from(
      '<!DOCTYPE html><html><body><svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg><script>alert(1)</script></body></html>',
    );
    const cases: [string, { name: string; type: string; data: Buffer }, number, string][] = [
      [
        "a PNG named .svg",
        { name: "crest.svg", type: "image/svg+xml", data: png },
        415,
        "“crest.svg” is named as a .svg file but holds a PNG image: rename it to end in .png and upload it again.",
      ],
      [
        "an SVG declared as PNG",
        { name: "crest", type: "image/png", data: Buffer.from(HOSTILE_SVG) },
        415,
        "The file was sent as image/png but holds an SVG drawing: upload the file as it is.",
      ],
      [
        "a GIF",
        { name: "crest.gif", type: "image/gif", data: gif },
        415,
        "The file is a GIF image, which a logo cannot be",
      ],
      [
        "HTML pretending to be SVG",
        { name: "crest.svg", type: "image/svg+xml", data: html },
        415,
        "The file is a web page (HTML), not an SVG drawing",
      ],
      [
        "no file",
        { name: "", type: "application/octet-stream", data: Buffer.alloc(0) },
        400,
        "Choose a PNG or SVG file for the logo.",
      ],
      [
        "a file just over 2 MB",
        {
          name: "crest.png",
          type: "image/png",
          data: Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 1 - png.length)]),
        },
        413,
        "The logo is larger than 2 MB",
      ],
      // Over the page's whole limit: refused by the server before the page runs.
      [
        "a body far over the limit",
        { name: "crest.png", type: "image/png", data: Buffer.alloc(3 * 1024 * 1024, 0x20) },
        413,
        "The file is larger than 2 MB, the most this page takes",
      ],
    ];
    for (const [what, file, status, message] of cases) {
      const r = await uploadLogo(file);
      expect(r.status, what).toBe(status);
      expect(r.body.toString("utf8"), what).toContain(message);
      expect(await currentLogoUrl(), what).toBe(kept);
    }
  });

  it("is removed with its address", async () => {
    const url = await currentLogoUrl();
    const removed = await post(`${PROFILE}/branding`, { intent: "remove-logo" });
    expect(removed.status).toBe(303);
    expect(flash(removed)).toBe("The logo is removed: your microsite shows your university's name without it.");
    expect((await send("GET", url!)).status).toBe(404);
    const page = (await get(`${PROFILE}/branding`)).body;
    expect(page).toContain("Your microsite has no logo");
    expect(page).not.toContain("Remove the logo");
    expect((await request(server, { path: "/login", host: "demo-university.localhost" })).body).not.toContain(
      "/university-logo/",
    );
  });
});

describe("another university's admin", () => {
  it("sees and changes only their own university, whatever the form says", async () => {
    const second = await loginAs(server, SECOND_ADMIN);
    const details = (await get(`${PROFILE}/university`, second)).body;
    expect(fieldTag(details, "name")).toContain('value="Second University"');
    expect(textAreaOf(details, "email_domains")).toBe("second.test");
    expect(details).not.toContain("Demo University");
    expect(details).not.toContain("demo.test");
    expect(details).not.toContain("careers@demo-university.test");
    const team = (await get(`${PROFILE}/team`, second)).body;
    expect(team).toContain("Tomás Reyes (you)");
    expect(team).not.toContain("Sarah Whitfield");
    expect(team).not.toContain("admin@demo.test");
    expect((await get(`${PROFILE}/branding`, second)).body).toContain('fill="#0f766e"');

    // Fields naming another university are ignored: the session's university is the one changed.
    const saved = await post(
      `${PROFILE}/branding`,
      {
        intent: "save-colour",
        brand_colour: "#1e3a8a",
        university: "demo-university",
        university_id: "1",
        slug: "demo-university",
      },
      second,
    );
    expect(saved.status).toBe(303);
    expect((await get(`${PROFILE}/branding`, second)).body).toContain('fill="#1e3a8a"');
    expect((await get(`${PROFILE}/branding`)).body).toContain('fill="#6d28d9"');

    const uploaded = await uploadLogo(
      {
        name: "second.svg",
        type: "image/svg+xml",
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><circle cx="2" cy="2" r="2"/></svg>',
        ),
      },
      second,
    );
    expect(uploaded.status).toBe(303);
    const theirs = await currentLogoUrl(second);
    expect(theirs).toMatch(/^\/university-logo\/second-university\.[0-9a-f]{16}\.svg$/);
    expect(await currentLogoUrl()).toBeNull();
    // Their logo under Demo University's name is nothing.
    expect((await send("GET", theirs!.replace("second-university", "demo-university"))).status).toBe(404);
    expect((await send("GET", theirs!)).status).toBe(200);
  });

  it("cannot post across sites", async () => {
    const r = await request(server, {
      path: `${PROFILE}/branding`,
      cookie: admin,
      form: { intent: "save-colour", brand_colour: "#000000" },
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(r.status).toBe(403);
    expect((await get(`${PROFILE}/branding`)).body).not.toContain('fill="#000000"');
  });
});
