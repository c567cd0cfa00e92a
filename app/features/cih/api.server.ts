import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import type { Video } from "~/db/schema/videos";
import { VIDEO_COLLECTIONS, VIDEO_LEVELS, VIDEO_TOPICS } from "~/db/schema/video-values";
import { accessContext } from "~/features/access";
import { clockContext } from "~/lib/context";
import { type Answer, ok, refused } from "~/lib/json-api.server";
import { readJsonBody } from "~/lib/request-body.server";
import { type Viewer, canPlay, videoContent, viewerOf } from "./policy";
import {
  type VideoListing,
  progressOf,
  publishedCourses,
  saveProgress,
  searchVideos,
  setCaptionsPreference,
  setSaved,
  videoBySlug,
} from "./queries.server";

// The career video hub's JSON API (README "Career video hub"): for its pages' scripts, and for tests.

type Context = Readonly<RouterContextProvider>;
const viewer = (context: Context) => viewerOf(context.get(accessContext));
const signedIn = (v: Viewer): v is Viewer & { userId: number } => v.userId !== null;
const LOG_IN = refused(401, "Log in to keep your place in videos and save them");

/** Where a video is watched: a premium one in the first course that teaches it. */
export async function videoPaths(db: Db): Promise<(v: Pick<Video, "slug" | "collection">) => string> {
  const lessons = new Map<string, string>();
  for (const course of await publishedCourses(db))
    for (const m of course.modules)
      for (const l of m.lessons) if (!lessons.has(l.video)) lessons.set(l.video, course.slug);
  return (v) =>
    v.collection === "premium"
      ? lessons.has(v.slug)
        ? `/cih/premium/${lessons.get(v.slug)}/${v.slug}`
        : "/cih/premium"
      : v.collection === "jumpstart"
        ? `/jumpstart/employability-video-guide/${v.slug}`
        : `/cih/standard/${v.slug}`;
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
export const VideoSearchSchema = z.strictObject({
  q: optional(z.string().trim().max(200, "q is at most 200 characters")),
  topic: optional(z.enum(VIDEO_TOPICS, { error: `topic is one of ${VIDEO_TOPICS.join(", ")}` })),
  level: optional(z.enum(VIDEO_LEVELS, { error: `level is one of ${VIDEO_LEVELS.join(", ")}` })),
  collection: optional(z.enum(VIDEO_COLLECTIONS, { error: `collection is one of ${VIDEO_COLLECTIONS.join(", ")}` })),
  page: optional(
    z.coerce
      .number({ error: "page must be a whole number" })
      .int("page must be a whole number")
      .min(1, "page must be 1 or more")
      .max(1000, "page must be at most 1000"),
  ),
});

/** The problems of a parsed query or body, each naming its field. */
const fieldErrors = (error: z.ZodError) =>
  error.issues.map((i) => ({
    field: i.path.length ? String(i.path[0]) : null,
    reason: i.code === "unrecognized_keys" ? `Unknown field ${i.keys.join(", ")}` : i.message,
  }));

export const listing = (v: VideoListing, url: string) => ({
  slug: v.slug,
  title: v.title,
  collection: v.collection,
  topic: v.topic,
  level: v.level,
  duration: v.durationSeconds,
  url,
});

/** GET /api/cih/videos?q=&topic=&level=&collection=&page= */
export async function videoListAnswer(request: Request, context: Context): Promise<Answer> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = VideoSearchSchema.safeParse(params);
  if (!parsed.success) return refused(400, "The search is not valid", fieldErrors(parsed.error));
  const db = context.get(dbContext);
  const [found, pathOf] = await Promise.all([searchVideos(db, parsed.data, viewer(context)), videoPaths(db)]);
  return ok({
    total: found.total,
    page: parsed.data.page ?? 1,
    results: found.results.map((v) => listing(v, pathOf(v))),
  });
}

/** GET /api/cih/videos/{slug}: a premium video's content (media, poster, captions, chapters, transcript) only to those allowed to play it. */
export async function videoAnswer(slug: string, context: Context): Promise<Answer> {
  const db = context.get(dbContext);
  const video = await videoBySlug(db, slug);
  if (!video) return refused(404, "There is no such video");
  const who = viewer(context);
  const content = videoContent(who, video);
  const [progress] = signedIn(who) ? await progressOf(db, who.userId, [slug]) : [];
  return ok({
    video: {
      ...listing(video, (await videoPaths(db))(video)),
      summary: video.summary,
      publishedOn: video.publishedOn,
      revisedOn: video.revisedOn,
      poster: content?.posterUrl ?? null,
      media: content ? { url: content.mediaUrl, type: content.mediaType } : null,
      captions: content?.captionsUrl ? { url: content.captionsUrl, language: "en-GB" } : null,
      chapters: content?.chapters ?? null,
      transcript: content?.transcript ?? null,
      related: video.related,
    },
    progress: progress ? { position: progress.positionSeconds, watched: progress.watched } : null,
  });
}

/** Seconds: at most a day, to a tenth. */
const seconds = (what: string) =>
  z
    .number({ error: `${what} must be a number of seconds` })
    .finite()
    .min(0, `${what} must not be negative`)
    .max(86_400, `${what} must be at most a day`);
const ProgressBody = z.strictObject({
  position: seconds("position"),
  duration: seconds("duration").positive("duration must be more than 0"),
});

/**
 * PUT (or POST, as navigator.sendBeacon sends) /api/cih/progress/{slug}: the owner's place in a
 * video. The duration is the player's, which must agree with the video's (within a tenth, or 10 s):
 * a position past it, or a duration of another video, is refused.
 */
export async function saveProgressAnswer(slug: string, request: Request, context: Context): Promise<Answer> {
  const who = viewer(context);
  if (!signedIn(who)) return LOG_IN;
  const parsed = ProgressBody.safeParse(await readJsonBody(request));
  if (!parsed.success) return refused(400, "The position is not valid", fieldErrors(parsed.error));
  const db = context.get(dbContext);
  const video = await videoBySlug(db, slug);
  if (!video) return refused(404, "There is no such video");
  if (!canPlay(who, video.collection))
    return refused(403, "This video is part of the premium courses, which your university's plan does not include");
  const { position, duration } = parsed.data;
  if (Math.abs(duration - video.durationSeconds) > Math.max(10, video.durationSeconds / 10)) {
    return refused(400, "The position is not valid", [
      { field: "duration", reason: `duration must be this video's length (${Math.round(video.durationSeconds)} s)` },
    ]);
  }
  if (position > duration + 1)
    return refused(400, "The position is not valid", [
      { field: "position", reason: "position must not be past the end of the video" },
    ]);
  const saved = Math.round(Math.min(position, video.durationSeconds) * 10) / 10;
  const { watched } = await saveProgress(db, who, video, saved, context.get(clockContext)());
  return ok({ position: saved, watched });
}

/** GET /api/cih/progress: where the person is in each video they started, the most recent first. */
export async function progressListAnswer(context: Context): Promise<Answer> {
  const who = viewer(context);
  if (!signedIn(who)) return LOG_IN;
  const rows = await progressOf(context.get(dbContext), who.userId);
  return ok({
    progress: rows.map((p) => ({
      slug: p.slug,
      position: p.positionSeconds,
      duration: p.durationSeconds,
      watched: p.watched,
      updatedAt: p.updatedAt.toISOString(),
    })),
  });
}

/** POST|DELETE /api/cih/saved/{slug}: save a video for later, or unsave it. */
export async function savedAnswer(slug: string, method: "POST" | "DELETE", context: Context): Promise<Answer> {
  const who = viewer(context);
  if (!signedIn(who)) return LOG_IN;
  const db = context.get(dbContext);
  const video = await videoBySlug(db, slug);
  if (!video) return refused(404, "There is no such video");
  if (!canPlay(who, video.collection))
    return refused(403, "This video is part of the premium courses, which your university's plan does not include");
  await setSaved(db, who, video, method === "POST", context.get(clockContext)());
  return ok({ saved: method === "POST" });
}

const PreferencesBody = z.strictObject({ captions: z.boolean({ error: "captions must be true or false" }) });

/** PUT /api/cih/preferences: whether videos start with their captions showing. */
export async function preferencesAnswer(request: Request, context: Context): Promise<Answer> {
  const who = viewer(context);
  if (!signedIn(who)) return LOG_IN;
  const parsed = PreferencesBody.safeParse(await readJsonBody(request));
  if (!parsed.success) return refused(400, "The preference is not valid", fieldErrors(parsed.error));
  await setCaptionsPreference(context.get(dbContext), who.userId, parsed.data.captions);
  return ok({ captions: parsed.data.captions });
}
