import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { videoCourses, videos } from "~/db/schema";
import type { VideoChapter, VideoCue } from "~/db/schema/videos";
import { htmlToText, renderMarkdown } from "~/lib/markdown.server";
import {
  type ContentArea,
  type Entry,
  changedEntries,
  readFolder,
  upsertBySlug,
} from "~/features/content/index.server";
import { type VideoFrontMatter, courseSchema, videoSchema } from "./content-schema";
import { MEDIA_FOLDER, MEDIA_TYPES, mediaPath } from "./media";
import { VttError, parseVtt } from "./vtt";

/** What `npm run media:videos` writes beside a video's media: the slides they were made from, and what the video holds. */
type Sidecar = { source: string; duration: number; chapters: VideoChapter[] };

/** The hash `npm run media:videos` keeps of the slides it made a video from (scripts/make-videos.js computes it the same way). */
export const slidesHash = (frontMatter: unknown) => {
  const { title, slides } = frontMatter as { title: unknown; slides: unknown };
  return createHash("sha256").update(JSON.stringify({ title, slides })).digest("hex");
};

const fileHash = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex").slice(0, 12);

type Media = {
  durationSeconds: number;
  mediaUrl: string;
  mediaType: string;
  posterUrl: string | null;
  captionsUrl: string | null;
  chapters: VideoChapter[];
  transcript: VideoCue[];
  /** Changes with any of the files, so that new media update an unchanged page. */
  hash: string;
};

/** A video's media, poster and captions as the app serves them; a problem (with the front-matter key it concerns) when they are missing or stale. */
function mediaOf(dir: string, e: Entry<VideoFrontMatter>): Media | { problem: string; key: string } {
  const folder = path.join(dir, MEDIA_FOLDER);
  const file = (ext: keyof typeof MEDIA_TYPES | "json") => path.join(folder, `${e.slug}.${ext}`);
  const served = (ext: keyof typeof MEDIA_TYPES) => mediaPath(e.slug, fileHash(file(ext)), ext);
  let transcript: VideoCue[] = [];
  const captions = fs.existsSync(file("vtt"));
  if (captions) {
    try {
      transcript = parseVtt(fs.readFileSync(file("vtt"), "utf8"));
    } catch (error) {
      if (!(error instanceof VttError)) throw error;
      return { problem: `${MEDIA_FOLDER}/${e.slug}.vtt line ${error.line}: ${error.message}`, key: "title" };
    }
  }
  const captionsUrl = captions ? served("vtt") : null;
  const external = e.data.external;
  if (external) {
    // The poster is ours: the site's images come from its own origin only (its CSP).
    const posterUrl = fs.existsSync(file("jpg")) ? served("jpg") : null;
    return {
      durationSeconds: external.duration,
      mediaUrl: external.url,
      mediaType: external.type,
      posterUrl,
      captionsUrl,
      chapters: external.chapters ?? [],
      transcript,
      hash: [posterUrl, captionsUrl].join(" "),
    };
  }
  const missing = (["mp4", "jpg", "vtt", "json"] as const).filter((ext) => !fs.existsSync(file(ext)));
  if (missing.length)
    return {
      problem: `slides: no ${missing.map((ext) => `${e.slug}.${ext}`).join(", ")} in content/${MEDIA_FOLDER}: run npm run media:videos`,
      key: "slides",
    };
  const sidecar = JSON.parse(fs.readFileSync(file("json"), "utf8")) as Sidecar;
  if (sidecar.source !== slidesHash(e.frontMatter.data))
    return {
      problem: "slides: the media were made from other slides or another title: run npm run media:videos",
      key: "slides",
    };
  const [mediaUrl, posterUrl] = [served("mp4"), served("jpg")];
  return {
    durationSeconds: sidecar.duration,
    mediaUrl,
    mediaType: MEDIA_TYPES.mp4,
    posterUrl,
    captionsUrl,
    chapters: sidecar.chapters,
    transcript,
    hash: [mediaUrl, posterUrl, captionsUrl].join(" "),
  };
}

/**
 * The career video hub's part of content/: videos/<slug>.md with their media, and courses/<slug>.md,
 * whose lessons must be premium videos. A file in error (its media missing or made from other
 * slides, a lesson naming no premium video) is reported and its entry left as it was.
 */
export const syncVideos: ContentArea = async (tx, dir, report) => {
  const problems = report.problems;
  const found = readFolder(dir, "videos", videoSchema, problems);
  const courses = readFolder(dir, "courses", courseSchema, problems);

  const ready: { entry: Entry<VideoFrontMatter>; media: Media }[] = [];
  for (const entry of found.entries) {
    const media = mediaOf(dir, entry);
    if ("problem" in media)
      problems.push({ file: entry.file, line: entry.lineOf([media.key]), message: media.problem });
    else ready.push({ entry, media });
  }
  const hashOf = (e: Entry<VideoFrontMatter>) => `${e.hash} ${ready.find((r) => r.entry === e)!.media.hash}`;
  const changed = new Set(
    await changedEntries(
      tx,
      report,
      ready.map((r) => r.entry),
      videos,
      undefined,
      hashOf,
    ),
  );
  await upsertBySlug(
    tx,
    videos,
    ready
      .filter((r) => changed.has(r.entry))
      .map(({ entry: e, media: { hash: _, ...media } }) => {
        const d = e.data;
        const transcript = media.transcript.map((c) => c.text).join(" ");
        return {
          slug: e.slug,
          sourceHash: hashOf(e),
          updatedAt: new Date(),
          title: d.title,
          summary: d.summary,
          topic: d.topic,
          level: d.level,
          collection: d.collection,
          status: d.status ?? "published",
          publishedOn: d.published,
          revisedOn: d.updated ?? null,
          ...media,
          related: d.related ?? [],
          bodyHtml: renderMarkdown(e.body),
          search: sql`setweight(to_tsvector('english', ${d.title}), 'A')
            || setweight(to_tsvector('english', ${d.summary}), 'B')
            || setweight(to_tsvector('english', ${`${transcript} ${htmlToText(renderMarkdown(e.body))}`}), 'C')`,
        };
      }),
  );

  // A lesson names a premium video with a file (in error or not: one in error keeps its last good version).
  const premium = new Set(found.entries.filter((e) => e.data.collection === "premium").map((e) => e.slug));
  const goodCourses = courses.entries.filter((c) => {
    const wrong = c.data.modules
      .flatMap((m, mi) => m.lessons.map((l, li) => ({ l, at: ["modules", mi, "lessons", li, "video"] })))
      .filter(({ l }) => !premium.has(l.video));
    for (const { l, at } of wrong)
      problems.push({ file: c.file, line: c.lineOf(at), message: `video: no premium video videos/${l.video}.md` });
    return wrong.length === 0;
  });
  await upsertBySlug(
    tx,
    videoCourses,
    (await changedEntries(tx, report, goodCourses, videoCourses)).map((c) => ({
      slug: c.slug,
      sourceHash: c.hash,
      updatedAt: new Date(),
      title: c.data.title,
      summary: c.data.summary,
      level: c.data.level,
      status: c.data.status ?? "published",
      publishedOn: c.data.published,
      introHtml: renderMarkdown(c.body),
      modules: c.data.modules.map((m) => ({
        title: m.title,
        lessons: m.lessons.map((l) => ({
          video: l.video,
          readingHtml: l.reading ? renderMarkdown(l.reading) : null,
          check: l.check ?? null,
        })),
      })),
    })),
  );

  // Entries whose file is gone become drafts; the hash is cleared so the file's return counts as a change.
  const gone = (present: string[], slug: AnyPgColumn) => (present.length ? notInArray(slug, present) : sql`true`);
  const unpublish = async (rows: Promise<unknown[]>) => void (report.unpublished += (await rows).length);
  await unpublish(
    tx
      .update(videos)
      .set({ status: "draft", sourceHash: "" })
      .where(and(eq(videos.status, "published"), gone(found.present, videos.slug)))
      .returning({ id: videos.id }),
  );
  await unpublish(
    tx
      .update(videoCourses)
      .set({ status: "draft", sourceHash: "" })
      .where(and(eq(videoCourses.status, "published"), gone(courses.present, videoCourses.slug)))
      .returning({ id: videoCourses.id }),
  );
};
