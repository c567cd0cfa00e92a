import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { events, users } from "~/db/schema";
import { type TestServer, cookieSet, loginAs, request, startServer } from "./harness";

// The career video hub over HTTP, on the shipped videos of content/videos.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "careers-cih-"));
const MEDIA = path.join(import.meta.dirname, "../../content/media/videos");
let server: TestServer;
let premium: string;
let basic: string;
let running = true;
beforeAll(async () => {
  server = await startServer({ DATA_DIR: dataDir });
  premium = await loginAs(server, "student@demo.test");
  basic = await loginAs(server, "basic.student@demo.test");
});
afterAll(async () => {
  if (running) await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sameSite = { "Sec-Fetch-Site": "same-origin" };
const json = (pathname: string, cookie?: string, method = "GET", body?: unknown) =>
  request(server, {
    path: pathname,
    method,
    cookie,
    headers: { ...sameSite, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const answer = (reply: { body: string }) => JSON.parse(reply.body);
const STANDARD = "uk-cv-in-two-pages";
const PREMIUM = "checking-salary-against-going-rate";
const COURSE = "landing-a-sponsored-graduate-job";

describe("the video API", () => {
  it("searches titles, summaries and transcripts, filters by topic and collection, and names a bad parameter", async () => {
    const all = answer(await json("/api/cih/videos"));
    expect(all.total).toBeGreaterThanOrEqual(12);
    expect(all.results[0]).toEqual({
      slug: expect.any(String),
      title: expect.any(String),
      collection: expect.any(String),
      topic: expect.any(String),
      level: expect.any(String),
      duration: expect.any(Number),
      url: expect.stringMatching(/^\//),
    });
    // A word only the narration says: the search reads the captions.
    const vtt = fs.readFileSync(path.join(MEDIA, `${STANDARD}.vtt`), "utf8");
    expect(vtt).toMatch(/\bphoto/i);
    expect(answer(await json("/api/cih/videos?q=photo")).results.map((r: { slug: string }) => r.slug)).toContain(
      STANDARD,
    );
    // A premium video's narration is searched only for those who may play it: a visitor finds it by its title and summary.
    expect(fs.readFileSync(path.join(MEDIA, `${PREMIUM}.vtt`), "utf8")).toContain("Whichever is higher counts.");
    const slugs = async (q: string, cookie?: string) =>
      answer(await json(`/api/cih/videos?q=${encodeURIComponent(q)}`, cookie)).results.map(
        (r: { slug: string }) => r.slug,
      );
    expect(await slugs("whichever", premium)).toContain(PREMIUM);
    expect(await slugs("whichever")).not.toContain(PREMIUM);
    expect(await slugs("whichever", basic)).not.toContain(PREMIUM);
    expect(await slugs("going rate general threshold", basic)).toContain(PREMIUM);
    const premiumOnes = answer(await json("/api/cih/videos?collection=premium")).results;
    expect(premiumOnes.length).toBeGreaterThanOrEqual(4);
    expect(premiumOnes.find((r: { slug: string }) => r.slug === PREMIUM).url).toBe(`/cih/premium/${COURSE}/${PREMIUM}`);
    expect(
      answer(await json("/api/cih/videos?topic=cv")).results.every((r: { topic: string }) => r.topic === "cv"),
    ).toBe(true);
    const bad = await json("/api/cih/videos?topic=cooking&page=0");
    expect(bad.status).toBe(400);
    expect(
      answer(bad)
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["page", "topic"]);
  });

  it("gives a premium video's media and captions only to those allowed to play it", async () => {
    const free = answer(await json(`/api/cih/videos/${STANDARD}`)).video;
    expect(free.media).toEqual({
      url: expect.stringMatching(new RegExp(`^/media/videos/${STANDARD}\\.[0-9a-f]{12}\\.mp4$`)),
      type: "video/mp4",
    });
    expect(free.transcript.length).toBeGreaterThan(3);
    expect(free.chapters[0]).toEqual({ start: 0, title: expect.any(String) });
    // The transcript and chapters are the video's words as much as its captions file is (issue 27).
    for (const who of [undefined, basic]) {
      const locked = answer(await json(`/api/cih/videos/${PREMIUM}`, who)).video;
      expect(locked).toMatchObject({
        title: expect.any(String),
        summary: expect.any(String),
        media: null,
        captions: null,
        poster: null,
        chapters: null,
        transcript: null,
      });
    }
    const open = answer(await json(`/api/cih/videos/${PREMIUM}`, premium)).video;
    expect(open.media.url).toMatch(/\.mp4$/);
    expect(open.poster).toMatch(/\.jpg$/);
    expect(open.chapters[0]).toEqual({ start: 0, title: expect.any(String) });
    expect(open.transcript.map((c: { text: string }) => c.text).join(" ")).toContain("Whichever is higher counts.");
    expect((await json("/api/cih/videos/no-such-video")).status).toBe(404);
  });
});

describe("a video's page", () => {
  it("works without JavaScript: the video with its captions track, a poster, chapters and transcript lines that link to their time", async () => {
    const page = (await request(server, { path: `/cih/standard/${STANDARD}` })).body;
    expect(page).toMatch(/<video[^>]*controls/);
    expect(page).not.toMatch(/<video[^>]*autoplay/);
    expect(page).toMatch(/<track[^>]*kind="captions"/);
    expect(page).toMatch(new RegExp(`href="/cih/standard/${STANDARD}\\?t=\\d+#player"`));
    // A visitor's captions are off until they choose them; the line they could turn them on with asks them to log in.
    expect(page).not.toMatch(/<track[^>]*default/);
    expect(page).toContain(`href="/login?next=${encodeURIComponent(`/cih/standard/${STANDARD}`)}"`);
  });

  it("describes the video to search engines, and the sitemap lists the videos anyone may watch", async () => {
    const page = (await request(server, { path: `/cih/standard/${STANDARD}` })).body;
    const ld = [...page.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    const video = ld.find((d) => d["@type"] === "VideoObject");
    expect(video).toMatchObject({
      name: expect.any(String),
      uploadDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      thumbnailUrl: [expect.stringMatching(/^http.*\.jpg$/)],
      duration: expect.stringMatching(/^PT/),
    });
    const sitemap = (await request(server, { path: "/sitemap.xml" })).body;
    expect(sitemap).toContain(`/cih/standard/${STANDARD}</loc>`);
    expect(sitemap).toContain("/jumpstart/employability-video-guide/before-you-arrive-job-hunting</loc>");
    expect(sitemap).not.toContain(PREMIUM);
  });
});

describe("video files", () => {
  let mp4: string;
  let vtt: string;
  beforeAll(async () => {
    const v = answer(await json(`/api/cih/videos/${STANDARD}`)).video;
    mp4 = v.media.url;
    vtt = v.captions.url;
  });
  const file = (url: string, headers: Record<string, string> = {}, cookie?: string) =>
    request(server, { path: url, headers, cookie });

  it("answers the first bytes, a middle range and the whole file, with ranges, types and a year's cache", async () => {
    const size = fs.statSync(path.join(MEDIA, `${STANDARD}.mp4`)).size;
    const whole = await file(mp4);
    expect(whole.status).toBe(200);
    expect(whole.headers).toMatchObject({
      "content-type": "video/mp4",
      "accept-ranges": "bytes",
      "content-length": String(size),
      "cache-control": "public, max-age=31536000, immutable",
    });
    const first = await file(mp4, { Range: "bytes=0-99" });
    expect(first.status).toBe(206);
    expect(first.headers).toMatchObject({ "content-range": `bytes 0-99/${size}`, "content-length": "100" });

    const text = fs.readFileSync(path.join(MEDIA, `${STANDARD}.vtt`), "utf8");
    const middle = await file(vtt, { Range: "bytes=10-29" });
    expect(middle.status).toBe(206);
    expect(middle.headers["content-type"]).toBe("text/vtt; charset=utf-8");
    expect(middle.body).toBe(Buffer.from(text).subarray(10, 30).toString());
  });

  it("answers a range past the end with 416, and an old or made-up name with 404", async () => {
    const size = fs.statSync(path.join(MEDIA, `${STANDARD}.mp4`)).size;
    const past = await file(mp4, { Range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${size}`);
    expect((await file(mp4.replace(/\.[0-9a-f]{12}\./, ".000000000000."))).status).toBe(404);
    expect((await file("/media/videos/../../package.json")).status).toBe(404);
  });

  it("refuses a premium video's files without premium access (403), and serves them, privately cached, with it", async () => {
    const url = answer(await json(`/api/cih/videos/${PREMIUM}`, premium)).video.media.url;
    expect((await file(url)).status).toBe(403);
    expect((await file(url, {}, basic)).status).toBe(403);
    const allowed = await file(url, { Range: "bytes=0-9" }, premium);
    expect(allowed.status).toBe(206);
    expect(allowed.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
  });
});

describe("progress and saved videos", () => {
  it("saves the place, resumes it on the video's page, marks a video watched at 90%, and refuses bad values", async () => {
    const duration = answer(await json(`/api/cih/videos/${STANDARD}`)).video.duration;
    expect((await json(`/api/cih/progress/${STANDARD}`, undefined, "PUT", { position: 3, duration })).status).toBe(401);
    const first = await json(`/api/cih/progress/${STANDARD}`, basic, "PUT", { position: 12.34, duration });
    expect(answer(first)).toEqual({ status: true, position: 12.3, watched: false });
    expect(answer(await json(`/api/cih/videos/${STANDARD}`, basic)).progress).toEqual({
      position: 12.3,
      watched: false,
    });
    // The page starts the player there: the media fragment on the source.
    expect((await request(server, { path: `/cih/standard/${STANDARD}`, cookie: basic })).body).toContain("#t=12.3");
    expect((await request(server, { path: "/cih", cookie: basic })).body).toContain("Continue where you left off");

    for (const [body, field] of [
      [{ position: -1, duration }, "position"],
      [{ position: duration + 30, duration }, "position"],
      [{ position: 1, duration: duration * 3 }, "duration"],
      [{ position: "1", duration }, "position"],
      [{ position: 1, duration, extra: 1 }, null],
    ] as const) {
      const refused = await json(`/api/cih/progress/${STANDARD}`, basic, "PUT", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(answer(refused).errors[0].field).toBe(field);
    }

    // A beacon posts as the page closes.
    expect(
      answer(await json(`/api/cih/progress/${STANDARD}`, basic, "POST", { position: duration * 0.9, duration })),
    ).toMatchObject({ watched: true });
    expect(answer(await json(`/api/cih/progress/${STANDARD}`, basic, "PUT", { position: 0, duration }))).toMatchObject({
      position: 0,
      watched: true,
    });
    const list = answer(await json("/api/cih/progress", basic)).progress;
    expect(list[0]).toMatchObject({ slug: STANDARD, position: 0, watched: true });
    expect((await json(`/api/cih/progress/${PREMIUM}`, basic, "PUT", { position: 1, duration: 40 })).status).toBe(403);
  });

  it("saves and unsaves a video from the API and from the page, listed on /cih/saved-videos", async () => {
    expect(answer(await json(`/api/cih/saved/${STANDARD}`, basic, "POST"))).toEqual({ status: true, saved: true });
    expect((await request(server, { path: "/cih/saved-videos", cookie: basic })).body).toContain('value="unsave"');
    expect(answer(await json(`/api/cih/saved/${STANDARD}`, basic, "DELETE"))).toEqual({ status: true, saved: false });
    const saved = await request(server, {
      path: `/cih/standard/${STANDARD}`,
      cookie: basic,
      form: { intent: "save", slug: STANDARD },
      headers: sameSite,
    });
    expect(saved.status).toBe(303);
    expect(decodeURIComponent(cookieSet(saved, "flash") ?? "")).toBe("Video saved. Find it in Saved videos.");
    expect((await request(server, { path: "/cih/saved-videos", cookie: basic })).body).toContain(
      `/cih/standard/${STANDARD}`,
    );
    expect((await json(`/api/cih/saved/${PREMIUM}`, basic, "POST")).status).toBe(403);
    expect((await json(`/api/cih/saved/${STANDARD}`, undefined, "POST")).status).toBe(401);
  });

  it("stores the captions preference, and gives all of it back in the person's data", async () => {
    expect((await json("/api/cih/preferences", basic, "PUT", { captions: "yes" })).status).toBe(400);
    expect(answer(await json("/api/cih/preferences", basic, "PUT", { captions: true }))).toEqual({
      status: true,
      captions: true,
    });
    expect((await request(server, { path: `/cih/standard/${STANDARD}`, cookie: basic })).body).toMatch(
      /<track[^>]*default/,
    );
    const data = answer(await request(server, { path: "/account/your-data.json", cookie: basic }));
    expect(data.account.videoCaptionsOn).toBe(true);
    expect(data.videoProgress).toEqual([
      expect.objectContaining({ video: "A UK CV in two pages", positionSeconds: 0, watchedAt: expect.any(String) }),
    ]);
    expect(data.savedVideos).toEqual([expect.objectContaining({ video: "A UK CV in two pages" })]);
  });
});

describe("premium courses", () => {
  it("sends a student without premium access to /cih-ad, where they tell their careers service once and its admin sees it", async () => {
    const sent = await request(server, { path: `/cih/premium/${COURSE}/${PREMIUM}`, cookie: basic });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe("/cih-ad");
    const asked = await request(server, {
      path: "/cih-ad",
      cookie: basic,
      form: { intent: "request-premium" },
      headers: sameSite,
    });
    expect(asked.status).toBe(303);
    expect(decodeURIComponent(cookieSet(asked, "flash") ?? "")).toBe(
      "Your careers service has been told that you would like the premium courses.",
    );
    const again = await request(server, {
      path: "/cih-ad",
      cookie: basic,
      form: { intent: "request-premium" },
      headers: sameSite,
    });
    expect(decodeURIComponent(cookieSet(again, "flash") ?? "")).toBe(
      "Your careers service knows already: you asked before.",
    );
    const dashboard = await request(server, {
      path: "/university-dashboard",
      cookie: await loginAs(server, "admin@demo.test"),
    });
    expect(dashboard.body).toContain("Requests for the premium video courses");
    expect(dashboard.body).toContain("basic.student@demo.test");
  });

  it("counts a course's lessons as they are watched, and records the finished course once", async () => {
    const course = await request(server, { path: "/cih/premium", cookie: premium });
    expect(course.status).toBe(200);
    expect(course.body).toContain("0 of 4 lessons watched");
    const lessons = [
      ...new Set([...course.body.matchAll(new RegExp(`/cih/premium/${COURSE}/([a-z0-9-]+)`, "g"))].map((m) => m[1]!)),
    ];
    expect(lessons).toHaveLength(4);
    for (const slug of lessons) {
      const { duration } = answer(await json(`/api/cih/videos/${slug}`, premium)).video;
      expect((await json(`/api/cih/progress/${slug}`, premium, "PUT", { position: duration, duration })).status).toBe(
        200,
      );
    }
    // Watched again: still one completion.
    const { duration } = answer(await json(`/api/cih/videos/${lessons[0]}`, premium)).video;
    await json(`/api/cih/progress/${lessons[0]}`, premium, "PUT", { position: duration, duration });
    const done = await request(server, { path: "/cih/premium", cookie: premium });
    expect(done.body).toContain("4 of 4 lessons watched");
    expect(done.body).toContain("Course completed on");

    const lesson = await request(server, { path: `/cih/premium/${COURSE}/${lessons[0]}?answer=1`, cookie: premium });
    expect(lesson.body).toMatch(/Right\.|Not quite/);

    // The embedded database is the server's alone while it runs.
    if (!server.env.DATABASE_URL) {
      await server.stop();
      running = false;
    }
    const db = await openDatabase(server.env.DATABASE_URL ? { url: server.env.DATABASE_URL } : { dataDir });
    try {
      const [student] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, "student@demo.test"));
      const kinds = await db.db
        .select({ kind: events.kind })
        .from(events)
        .where(and(eq(events.userId, student!.id)));
      const count = (kind: string) => kinds.filter((k) => k.kind === kind).length;
      expect(count("course.completed")).toBe(1);
      expect(count("video.completed")).toBe(4);
      expect(count("video.started")).toBe(4);
    } finally {
      await db.close();
    }
  });
});
