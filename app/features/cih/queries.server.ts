import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { recordEvent } from "~/db/events.server";
import { preparedQuery } from "~/db/prepared.server";
import type { Db } from "~/db/client.server";
import {
  premiumHubRequests,
  savedVideos,
  users,
  videoCourseCompletions,
  videoCourses,
  videoProgress,
  videos,
} from "~/db/schema";
import { type Video, type VideoCourse, WATCHED_SHARE } from "~/db/schema/videos";
import type { VideoCollection, VideoLevel, VideoTopic } from "~/db/schema/video-values";
import { type Viewer, unsearchableCollections } from "./policy";

export const VIDEOS_PAGE_SIZE = 12;

const published = eq(videos.status, "published");

export async function videoBySlug(db: Db, slug: string): Promise<Video | null> {
  const [video] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.slug, slug), published));
  return video ?? null;
}

export async function courseBySlug(db: Db, slug: string): Promise<VideoCourse | null> {
  const [course] = await db
    .select()
    .from(videoCourses)
    .where(and(eq(videoCourses.slug, slug), eq(videoCourses.status, "published")));
  return course ?? null;
}

export const publishedCourses = (db: Db) =>
  db.select().from(videoCourses).where(eq(videoCourses.status, "published")).orderBy(asc(videoCourses.title));

export type VideoSearch = {
  q?: string;
  topic?: VideoTopic;
  level?: VideoLevel;
  collection?: VideoCollection;
  page?: number;
};
/** What a list shows of a video. */
const LISTING = {
  slug: videos.slug,
  title: videos.title,
  summary: videos.summary,
  collection: videos.collection,
  topic: videos.topic,
  level: videos.level,
  durationSeconds: videos.durationSeconds,
  posterUrl: videos.posterUrl,
  publishedOn: videos.publishedOn,
};
export type VideoListing = Pick<Video, keyof typeof LISTING>;

/**
 * Published videos matching every filter, 12 a page: `q` through the full-text vector (title, then
 * summary, then the transcript and notes), best first; without words, the newest first. In a
 * collection the viewer may not play, only the title and summary (weights A and B) are searched.
 */
export async function searchVideos(
  db: Db,
  search: VideoSearch,
  viewer: Viewer,
): Promise<{ total: number; results: VideoListing[] }> {
  const query = search.q ? sql`websearch_to_tsquery('english', ${search.q})` : null;
  const hidden = unsearchableCollections(viewer);
  const vector = hidden.length
    ? sql`(case when ${inArray(videos.collection, hidden)} then ts_filter(${videos.search}, '{a,b}') else ${videos.search} end)`
    : sql`${videos.search}`;
  const where = and(
    published,
    search.topic ? eq(videos.topic, search.topic) : undefined,
    search.level ? eq(videos.level, search.level) : undefined,
    search.collection ? eq(videos.collection, search.collection) : undefined,
    // The whole vector first, which its index answers; then what this viewer may search of it.
    query ? sql`${videos.search} @@ ${query} and ${vector} @@ ${query}` : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(videos).where(where);
  const results = await db
    .select(LISTING)
    .from(videos)
    .where(where)
    .orderBy(...(query ? [sql`ts_rank(${vector}, ${query}) desc`] : []), desc(videos.publishedOn), asc(videos.title))
    .limit(VIDEOS_PAGE_SIZE)
    .offset(((search.page ?? 1) - 1) * VIDEOS_PAGE_SIZE);
  return { total, results };
}

export type Progress = {
  slug: string;
  positionSeconds: number;
  durationSeconds: number;
  watched: boolean;
  updatedAt: Date;
};

/** The person's position in each video they started, the most recent first. */
export async function progressOf(db: Db, userId: number, slugs?: string[]): Promise<Progress[]> {
  const rows = await db
    .select({
      slug: videos.slug,
      positionSeconds: videoProgress.positionSeconds,
      durationSeconds: videos.durationSeconds,
      watchedAt: videoProgress.watchedAt,
      updatedAt: videoProgress.updatedAt,
    })
    .from(videoProgress)
    .innerJoin(videos, eq(videos.id, videoProgress.videoId))
    .where(
      and(
        eq(videoProgress.userId, userId),
        published,
        slugs ? inArray(videos.slug, slugs.length ? slugs : [""]) : undefined,
      ),
    )
    .orderBy(desc(videoProgress.updatedAt));
  return rows.map(({ watchedAt, ...r }) => ({ ...r, watched: watchedAt !== null }));
}

/** "Continue where you left off": videos started and not yet watched, the most recent first. */
const unfinishedQuery = preparedQuery((db) =>
  db
    .select({
      slug: videos.slug,
      title: videos.title,
      collection: videos.collection,
      positionSeconds: videoProgress.positionSeconds,
      durationSeconds: videos.durationSeconds,
      posterUrl: videos.posterUrl,
    })
    .from(videoProgress)
    .innerJoin(videos, eq(videos.id, videoProgress.videoId))
    .where(
      and(
        eq(videoProgress.userId, sql.placeholder("userId")),
        published,
        isNull(videoProgress.watchedAt),
        gt(videoProgress.positionSeconds, 0),
      ),
    )
    .orderBy(desc(videoProgress.updatedAt))
    .limit(sql.placeholder("limit"))
    .prepare("unfinished_videos"),
);

export async function unfinishedVideos(db: Db, userId: number, limit = 3) {
  return unfinishedQuery(db).execute({ userId, limit });
}

/** Published videos by slug (a course's lessons, say): their titles and lengths. */
export async function videosBySlug(db: Db, slugs: readonly string[]) {
  if (!slugs.length) return [];
  return db
    .select({ slug: videos.slug, title: videos.title, durationSeconds: videos.durationSeconds })
    .from(videos)
    .where(and(published, inArray(videos.slug, [...slugs])));
}

/** Lessons a person watched in a course, by video slug. */
export async function watchedIn(db: Db, userId: number, course: VideoCourse): Promise<Set<string>> {
  const slugs = course.modules.flatMap((m) => m.lessons.map((l) => l.video));
  return new Set((await progressOf(db, userId, slugs)).filter((p) => p.watched).map((p) => p.slug));
}

/**
 * Saves where a person is in a video. The first save records that they started it; reaching 90%
 * marks it watched (once: it stays watched when they watch it again) and may finish a course,
 * recorded once as an achievement.
 */
export async function saveProgress(
  db: Db,
  viewer: Viewer & { userId: number },
  video: Video,
  position: number,
  now: Date,
): Promise<{ watched: boolean }> {
  const reached = position >= WATCHED_SHARE * video.durationSeconds;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ watchedAt: videoProgress.watchedAt })
      .from(videoProgress)
      .where(and(eq(videoProgress.userId, viewer.userId), eq(videoProgress.videoId, video.id)))
      .for("update");
    const watchedAt = before?.watchedAt ?? (reached ? now : null);
    await tx
      .insert(videoProgress)
      .values({
        userId: viewer.userId,
        videoId: video.id,
        positionSeconds: position,
        startedAt: now,
        updatedAt: now,
        watchedAt,
      })
      .onConflictDoUpdate({
        target: [videoProgress.userId, videoProgress.videoId],
        set: { positionSeconds: position, updatedAt: now, watchedAt },
      });
    const event = { userId: viewer.userId, universityId: viewer.universityId, at: now, data: { video: video.slug } };
    if (!before) await recordEvent(tx, { ...event, kind: "video.started" });
    if (!before?.watchedAt && watchedAt) {
      // Its running time: the hub's hours watched are those of videos watched to the end.
      await recordEvent(tx, {
        ...event,
        kind: "video.completed",
        data: { ...event.data, seconds: video.durationSeconds },
      });
      if (video.collection === "premium") await completeCourses(tx as unknown as Db, viewer, video.slug, now);
    }
    return { watched: watchedAt !== null };
  });
}

async function completeCourses(tx: Db, viewer: Viewer & { userId: number }, slug: string, now: Date) {
  for (const course of await publishedCourses(tx)) {
    const lessons = course.modules.flatMap((m) => m.lessons.map((l) => l.video));
    if (!lessons.includes(slug)) continue;
    if ((await watchedIn(tx, viewer.userId, course)).size < new Set(lessons).size) continue;
    const done = await tx
      .insert(videoCourseCompletions)
      .values({ userId: viewer.userId, courseId: course.id, completedAt: now })
      .onConflictDoNothing()
      .returning();
    if (done.length)
      await recordEvent(tx, {
        kind: "course.completed",
        userId: viewer.userId,
        universityId: viewer.universityId,
        at: now,
        data: { course: course.slug },
      });
  }
}

export async function courseCompletion(db: Db, userId: number, courseId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: videoCourseCompletions.completedAt })
    .from(videoCourseCompletions)
    .where(and(eq(videoCourseCompletions.userId, userId), eq(videoCourseCompletions.courseId, courseId)));
  return row?.at ?? null;
}

export async function isSaved(db: Db, userId: number, videoId: number): Promise<boolean> {
  return (
    (
      await db
        .select({ id: savedVideos.videoId })
        .from(savedVideos)
        .where(and(eq(savedVideos.userId, userId), eq(savedVideos.videoId, videoId)))
    ).length > 0
  );
}

/** Saves a video for later (recorded once), or unsaves it. */
export async function setSaved(
  db: Db,
  viewer: Viewer & { userId: number },
  video: Video,
  saved: boolean,
  now: Date,
): Promise<void> {
  if (!saved) {
    await db.delete(savedVideos).where(and(eq(savedVideos.userId, viewer.userId), eq(savedVideos.videoId, video.id)));
    return;
  }
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(savedVideos)
      .values({ userId: viewer.userId, videoId: video.id, savedAt: now })
      .onConflictDoNothing()
      .returning();
    if (added.length)
      await recordEvent(tx, {
        kind: "video.saved",
        userId: viewer.userId,
        universityId: viewer.universityId,
        at: now,
        data: { video: video.slug },
      });
  });
}

export async function savedVideosOf(db: Db, userId: number): Promise<(VideoListing & { savedAt: Date })[]> {
  return db
    .select({ ...LISTING, savedAt: savedVideos.savedAt })
    .from(savedVideos)
    .innerJoin(videos, eq(videos.id, savedVideos.videoId))
    .where(and(eq(savedVideos.userId, userId), published))
    .orderBy(desc(savedVideos.savedAt));
}

export async function captionsPreference(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ on: users.videoCaptions }).from(users).where(eq(users.id, userId));
  return row?.on ?? false;
}

export async function setCaptionsPreference(db: Db, userId: number, on: boolean): Promise<void> {
  await db.update(users).set({ videoCaptions: on }).where(eq(users.id, userId));
}

/** "Tell my careers service": asked once a person; true when this is the first time. */
export async function requestPremium(
  db: Db,
  viewer: Viewer & { userId: number; universityId: number },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(premiumHubRequests)
      .values({ userId: viewer.userId, universityId: viewer.universityId, requestedAt: now })
      .onConflictDoNothing()
      .returning();
    if (added.length)
      await recordEvent(tx, {
        kind: "premium_hub.requested",
        userId: viewer.userId,
        universityId: viewer.universityId,
        at: now,
      });
    return added.length > 0;
  });
}

export async function premiumRequested(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: premiumHubRequests.requestedAt })
    .from(premiumHubRequests)
    .where(eq(premiumHubRequests.userId, userId));
  return row?.at ?? null;
}

/** The university's students asking for the premium hub, the most recent first (its admins only: the caller checks). */
export async function premiumRequestsOf(db: Db, universityId: number) {
  return db
    .select({ name: users.name, email: users.email, requestedAt: premiumHubRequests.requestedAt })
    .from(premiumHubRequests)
    .innerJoin(users, eq(users.id, premiumHubRequests.userId))
    .where(eq(premiumHubRequests.universityId, universityId))
    .orderBy(desc(premiumHubRequests.requestedAt))
    .limit(100);
}

/** The videos anyone may watch, for the sitemap: the standard library's and the pre-departure guide's. */
export async function sitemapVideos(db: Db): Promise<{ loc: string; lastmod: string }[]> {
  const rows = await db
    .select({
      slug: videos.slug,
      collection: videos.collection,
      publishedOn: videos.publishedOn,
      revisedOn: videos.revisedOn,
    })
    .from(videos)
    .where(and(published, inArray(videos.collection, ["standard", "jumpstart"])))
    .orderBy(asc(videos.slug));
  return rows.map((v) => ({
    loc: v.collection === "jumpstart" ? `/jumpstart/employability-video-guide/${v.slug}` : `/cih/standard/${v.slug}`,
    lastmod: v.revisedOn ?? v.publishedOn,
  }));
}
