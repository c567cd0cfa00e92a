import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { parse } from "yaml";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { videoCourses, videos } from "~/db/schema";
import { syncContent } from "~/features/content/sync.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { slidesHash, syncVideos } from "./content-sync.server";

let database: Database;
let dir: string;
const write = (file: string, text: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};
const eqSlug = (slug: string) => eq(videos.slug, slug);
const sync = () => syncContent(database.db, dir, [syncVideos]);

const FRONT = `title: Two pages for a UK CV
summary: What a UK CV holds.
topic: cv
level: beginner
collection: COLLECTION
published: 2026-11-25
slides:
  - title: Two pages
    points: [No photo, No date of birth]
    narration: A UK CV is two pages. Leave out your photo.
`;
const video = (collection = "standard") =>
  `---\n${FRONT.replace("COLLECTION", collection)}---\nSources: [GOV.UK](https://www.gov.uk/).\n`;
const VTT =
  "WEBVTT\n\n00:00.000 --> 00:01.800\nA UK CV is two pages.\n\n00:02.100 --> 00:03.900\nLeave out your photo.\n";

/** What `npm run media:videos` leaves for a video: the media (stand-ins here), the captions and the sidecar. */
function media(slug: string, markdown: string, vtt = VTT) {
  const frontMatter = parse(markdown.split("---\n")[1]!);
  write(`media/videos/${slug}.mp4`, Buffer.from(`mp4 of ${slug}`));
  write(`media/videos/${slug}.jpg`, Buffer.from(`jpg of ${slug}`));
  write(`media/videos/${slug}.vtt`, vtt);
  write(
    `media/videos/${slug}.json`,
    JSON.stringify({
      source: slidesHash(frontMatter),
      duration: 4.2,
      chapters: [{ start: 0, title: "Two pages" }],
      width: 960,
      height: 540,
    }),
  );
}

const COURSE = (lesson: string) => `---
title: Landing a sponsored job
summary: A course.
level: intermediate
published: 2026-11-25
modules:
  - title: Targeting sponsors
    lessons:
      - video: ${lesson}
        reading: Read **this**.
        check:
          question: How many pages?
          options: [One, Two]
          answer: 1
---
Welcome.
`;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "videos-"));
  await database.db.delete(videoCourses);
  await database.db.delete(videos);
});

describe("syncVideos", () => {
  it("imports a video with its hashed media addresses, chapters and captions as its transcript, and a course", async () => {
    write("videos/uk-cv.md", video());
    media("uk-cv", video());
    write("videos/salary-check.md", video("premium"));
    media("salary-check", video("premium"));
    write("courses/sponsored-job.md", COURSE("salary-check"));
    expect(await sync()).toMatchObject({ created: 3, updated: 0, problems: [] });

    const [cv] = await database.db.select().from(videos).where(eqSlug("uk-cv"));
    expect(cv).toMatchObject({
      title: "Two pages for a UK CV",
      collection: "standard",
      status: "published",
      durationSeconds: 4.2,
      mediaType: "video/mp4",
      chapters: [{ start: 0, title: "Two pages" }],
    });
    expect(cv!.mediaUrl).toMatch(/^\/media\/videos\/uk-cv\.[0-9a-f]{12}\.mp4$/);
    expect(cv!.posterUrl).toMatch(/^\/media\/videos\/uk-cv\.[0-9a-f]{12}\.jpg$/);
    expect(cv!.captionsUrl).toMatch(/^\/media\/videos\/uk-cv\.[0-9a-f]{12}\.vtt$/);
    expect(cv!.transcript).toEqual([
      { start: 0, end: 1.8, text: "A UK CV is two pages." },
      { start: 2.1, end: 3.9, text: "Leave out your photo." },
    ]);
    const [course] = await database.db.select().from(videoCourses);
    expect(course!.modules).toEqual([
      {
        title: "Targeting sponsors",
        lessons: [
          {
            video: "salary-check",
            readingHtml: "<p>Read <strong>this</strong>.</p>\n",
            check: { question: "How many pages?", options: ["One", "Two"], answer: 1 },
          },
        ],
      },
    ]);

    expect(await sync()).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    // New media under an unchanged page: a new address, so that caches never serve the old file.
    write("media/videos/uk-cv.mp4", Buffer.from("a new cut"));
    expect(await sync()).toMatchObject({ updated: 1, unchanged: 2 });
    const [recut] = await database.db.select().from(videos).where(eqSlug("uk-cv"));
    expect(recut!.mediaUrl).not.toBe(cv!.mediaUrl);
    expect(recut!.posterUrl).toBe(cv!.posterUrl);
  });

  it("reports media made from other slides, missing media and bad captions by file and line, and keeps the video as it was", async () => {
    write("videos/uk-cv.md", video());
    media("uk-cv", video());
    await sync();
    write("videos/uk-cv.md", video().replace("Leave out your photo.", "Leave out your photo and age."));
    write("videos/no-media.md", video());
    write("videos/bad-captions.md", video());
    media("bad-captions", video(), "WEBVTT\n\n00:00.000 -> 00:01.000\nHello\n");
    const { problems } = await sync();
    expect(problems).toEqual([
      {
        file: "videos/bad-captions.md",
        line: 2,
        message: "media/videos/bad-captions.vtt line 3: a cue needs a timing line: start --> end",
      },
      {
        file: "videos/no-media.md",
        line: 9,
        message:
          "slides: no no-media.mp4, no-media.jpg, no-media.vtt, no-media.json in content/media/videos: run npm run media:videos",
      },
      {
        file: "videos/uk-cv.md",
        line: 9,
        message: "slides: the media were made from other slides or another title: run npm run media:videos",
      },
    ]);
    const rows = await database.db.select({ slug: videos.slug, transcript: videos.transcript }).from(videos);
    expect(rows.map((r) => r.slug)).toEqual(["uk-cv"]);
    expect(rows[0]!.transcript.at(-1)!.text).toBe("Leave out your photo.");
  });

  it("refuses a course whose lesson is not a premium video, and unpublishes what lost its file", async () => {
    write("videos/uk-cv.md", video());
    media("uk-cv", video());
    write("courses/sponsored-job.md", COURSE("uk-cv"));
    expect((await sync()).problems).toEqual([
      { file: "courses/sponsored-job.md", line: 9, message: "video: no premium video videos/uk-cv.md" },
    ]);
    expect(await database.db.select().from(videoCourses)).toEqual([]);

    fs.rmSync(path.join(dir, "videos/uk-cv.md"));
    fs.rmSync(path.join(dir, "courses/sponsored-job.md"));
    expect(await sync()).toMatchObject({ unpublished: 1, problems: [] });
    expect((await database.db.select({ status: videos.status }).from(videos))[0]!.status).toBe("draft");
  });

  it("takes a video served elsewhere, with its captions when there are any", async () => {
    write(
      "videos/from-a-cdn.md",
      `---\ntitle: From a CDN\nsummary: Streamed.\ntopic: visas\nlevel: beginner\ncollection: standard\npublished: 2026-11-25\nexternal:\n  url: https://cdn.example.com/v/master.m3u8\n  type: application/vnd.apple.mpegurl\n  duration: 95\n  chapters:\n    - start: 0\n      title: Start\n---\nBody.\n`,
    );
    expect((await sync()).problems).toEqual([]);
    const [row] = await database.db.select().from(videos);
    expect(row).toMatchObject({
      mediaUrl: "https://cdn.example.com/v/master.m3u8",
      mediaType: "application/vnd.apple.mpegurl",
      durationSeconds: 95,
      posterUrl: null,
      captionsUrl: null,
      transcript: [],
    });
  });
});

describe("the shipped videos", () => {
  const content = path.join(import.meta.dirname, "../../../content");

  it("synchronise without a problem: every video's media were made from its slides as they stand", async () => {
    const report = await syncContent(database.db, content, [syncVideos]);
    expect(report.problems).toEqual([]);
    const rows = await database.db
      .select({ collection: videos.collection, transcript: videos.transcript })
      .from(videos);
    const count = (collection: string) => rows.filter((r) => r.collection === collection).length;
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect([count("standard"), count("premium"), count("jumpstart")].every((n) => n > 0)).toBe(true);
    expect(rows.every((r) => r.transcript.length > 0)).toBe(true);
    expect(await database.db.select().from(videoCourses)).toHaveLength(1);
  });

  it("stay small: under 25 MB of media in all, each video 20 to 60 seconds", () => {
    const folder = path.join(content, "media/videos");
    const files = fs.readdirSync(folder);
    const bytes = files.reduce((sum, f) => sum + fs.statSync(path.join(folder, f)).size, 0);
    expect(bytes).toBeLessThan(25 * 1024 * 1024);
    for (const sidecar of files.filter((f) => f.endsWith(".json"))) {
      const { duration } = JSON.parse(fs.readFileSync(path.join(folder, sidecar), "utf8"));
      expect(duration, sidecar).toBeGreaterThanOrEqual(20);
      expect(duration, sidecar).toBeLessThanOrEqual(60);
    }
  });
});
