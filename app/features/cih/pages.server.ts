import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import type { Limit } from "~/db/rate-limiter.server";
import type { Video, VideoCourse } from "~/db/schema/videos";
import { accessContext } from "~/features/access";
import { siteOrigin } from "~/features/access/index.server";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { formOf } from "~/lib/request-body.server";
import { VideoSearchSchema, videoPaths } from "./api.server";
import { videoObjectLd } from "./json-ld";
import type { PlayerVideo } from "./player/player";
import { type Viewer, canPlay, videoContent, viewerOf } from "./policy";
import {
  captionsPreference,
  courseBySlug,
  courseCompletion,
  isSaved,
  premiumRequested,
  progressOf,
  publishedCourses,
  requestPremium,
  savedVideosOf,
  searchVideos,
  setSaved,
  unfinishedVideos,
  videoBySlug,
  videosBySlug,
  watchedIn,
  VIDEOS_PAGE_SIZE,
} from "./queries.server";

type Context = Readonly<RouterContextProvider>;

/** Saves, unsaves and requests a person may make in an hour (each writes). */
export const VIDEO_ACTIONS_LIMIT: Limit = { max: 120, windowSeconds: 60 * 60 };

const notFound = () => data(null, { status: 404 });
const problem = (error: string, status: number, headers?: Record<string, string>) =>
  data({ error }, { status, headers });
const signedIn = (v: Viewer): v is Viewer & { userId: number } => v.userId !== null;

/** A card of a list: what the video is, where it plays, and how far the person got. */
export type VideoCard = {
  slug: string;
  title: string;
  summary: string;
  topic: string;
  level: string;
  duration: number;
  posterUrl: string | null;
  url: string;
  watched: boolean;
  position: number | null;
  locked: boolean;
};

async function cards(
  context: Context,
  viewer: Viewer,
  list: Awaited<ReturnType<typeof searchVideos>>["results"],
): Promise<VideoCard[]> {
  const db = context.get(dbContext);
  const [pathOf, progress] = await Promise.all([
    videoPaths(db),
    signedIn(viewer)
      ? progressOf(
          db,
          viewer.userId,
          list.map((v) => v.slug),
        )
      : [],
  ]);
  const at = new Map(progress.map((p) => [p.slug, p]));
  return list.map((v) => ({
    slug: v.slug,
    title: v.title,
    summary: v.summary,
    topic: v.topic,
    level: v.level,
    duration: v.durationSeconds,
    // A premium poster is a premium file: a card without access shows none.
    posterUrl: canPlay(viewer, v.collection) ? v.posterUrl : null,
    url: pathOf(v),
    watched: at.get(v.slug)?.watched ?? false,
    position: at.get(v.slug)?.positionSeconds ?? null,
    locked: !canPlay(viewer, v.collection),
  }));
}

/** /cih: continue where you left off, the library, the courses (or what they would hold), saved videos. */
export async function loadHub(context: Context) {
  const db = context.get(dbContext);
  const viewer = viewerOf(context.get(accessContext));
  const [pathOf, unfinished, courses, library, guide] = await Promise.all([
    videoPaths(db),
    signedIn(viewer) ? unfinishedVideos(db, viewer.userId) : [],
    publishedCourses(db),
    searchVideos(db, { collection: "standard" }, viewer),
    searchVideos(db, { collection: "jumpstart" }, viewer),
  ]);
  return {
    signedIn: signedIn(viewer),
    premium: viewer.premium,
    unfinished: unfinished.map((v) => ({
      title: v.title,
      url: pathOf(v),
      position: v.positionSeconds,
      duration: v.durationSeconds,
    })),
    courses: courses.map((c) => ({
      slug: c.slug,
      title: c.title,
      summary: c.summary,
      lessons: c.modules.reduce((n, m) => n + m.lessons.length, 0),
    })),
    library: await cards(context, viewer, library.results.slice(0, 6)),
    libraryTotal: library.total,
    guideTotal: guide.total,
  };
}

export type VideoLibraryData = {
  values: { q: string; topic: string; level: string };
  errors: { field: string; message: string }[];
  total: number;
  page: number;
  pageSize: number;
  results: VideoCard[];
};

/** A video list with its search form (the standard library, the pre-departure guide). */
export async function loadLibrary(request: Request, context: Context, collection: "standard" | "jumpstart") {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = VideoSearchSchema.safeParse(params);
  const values = { q: params.q ?? "", topic: params.topic ?? "", level: params.level ?? "" };
  if (!parsed.success) {
    return data<VideoLibraryData>(
      {
        values,
        errors: parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? "query"), message: i.message })),
        total: 0,
        page: 1,
        pageSize: VIDEOS_PAGE_SIZE,
        results: [],
      },
      { status: 400 },
    );
  }
  const search = { ...parsed.data, collection };
  const viewer = viewerOf(context.get(accessContext));
  const found = await searchVideos(context.get(dbContext), search, viewer);
  return {
    values,
    errors: [],
    total: found.total,
    page: search.page ?? 1,
    pageSize: VIDEOS_PAGE_SIZE,
    results: await cards(context, viewer, found.results),
  };
}

/** The player's view of a video (its content only for those allowed to play it). */
function playerVideo(video: Video, viewer: Viewer): PlayerVideo {
  const content = videoContent(viewer, video);
  return {
    slug: video.slug,
    title: video.title,
    media: content ? { url: content.mediaUrl, type: content.mediaType } : null,
    posterUrl: content?.posterUrl ?? null,
    captions: content?.captionsUrl ? { url: content.captionsUrl, language: "en-GB", label: "English" } : null,
    duration: video.durationSeconds,
    chapters: content?.chapters ?? [],
    transcript: content?.transcript ?? [],
  };
}

/**
 * What every video screen shows: the player (starting at `?t=`, or where the person stopped), the
 * notes, related official pages, and the person's own state (saved, watched, captions preference).
 */
async function videoScreen(request: Request, context: Context, video: Video, pageUrl: string) {
  const db = context.get(dbContext);
  const viewer = viewerOf(context.get(accessContext));
  const t = Number(new URL(request.url).searchParams.get("t"));
  const [progress, saved, captionsOn] = signedIn(viewer)
    ? await Promise.all([
        progressOf(db, viewer.userId, [video.slug]),
        isSaved(db, viewer.userId, video.id),
        captionsPreference(db, viewer.userId),
      ])
    : [[], false, false];
  return {
    video: playerVideo(video, viewer),
    summary: video.summary,
    topic: video.topic,
    level: video.level,
    publishedOn: video.publishedOn,
    revisedOn: video.revisedOn,
    bodyHtml: videoContent(viewer, video)?.bodyHtml ?? "",
    related: video.related,
    pageUrl,
    startAt: Number.isInteger(t) && t > 0 ? Math.min(t, video.durationSeconds) : (progress[0]?.positionSeconds ?? null),
    watched: progress[0]?.watched ?? false,
    signedIn: signedIn(viewer),
    saved,
    captionsOn,
  };
}

/** /cih/standard/{slug} and /jumpstart/employability-video-guide/{slug}: the standard video screen. A premium video lives in its course. */
export async function loadVideoPage(
  request: Request,
  context: Context,
  slug: string,
  collection: "standard" | "jumpstart",
) {
  const db = context.get(dbContext);
  const video = await videoBySlug(db, slug);
  if (!video) throw notFound();
  const pathOf = await videoPaths(db);
  // Each video has one address; the pre-departure guide's videos are also in the library's search.
  if (video.collection !== collection) throw redirect(pathOf(video), 301);
  const screen = await videoScreen(request, context, video, pathOf(video));
  const origin = siteOrigin(context);
  return { ...screen, origin, ld: videoObjectLd(screen.video, screen, origin) };
}

/** The save buttons of every video screen, and "tell my careers service". */
export async function videoAction(request: Request, context: Context, back: string) {
  const viewer = viewerOf(context.get(accessContext));
  if (!signedIn(viewer)) throw redirect("/login", 303);
  const form = await formOf(request);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const wait = await context.get(rateLimiterContext).spend(`videos:user:${viewer.userId}`, VIDEO_ACTIONS_LIMIT);
  if (wait)
    return problem(`Too many changes in a short time. Wait ${Math.ceil(wait / 60)} minutes and try again.`, 429, {
      "Retry-After": String(wait),
    });
  const done = (message: string, to = back) =>
    redirect(to, { status: 303, headers: { "Set-Cookie": flashCookie(context.get(configContext), message) } });
  const video = async () => {
    const found = await videoBySlug(db, String(form.get("slug") ?? ""));
    return found && canPlay(viewer, found.collection) ? found : null;
  };
  return dispatchIntent<Promise<Response | ReturnType<typeof problem>>>(
    form,
    {
      save: async () => {
        const found = await video();
        if (!found) return problem("That video could not be found.", 404);
        await setSaved(db, viewer, found, true, now);
        return done("Video saved. Find it in Saved videos.");
      },
      unsave: async () => {
        const found = await video();
        if (!found) return problem("That video could not be found.", 404);
        await setSaved(db, viewer, found, false, now);
        return done("Video removed from your saved videos.");
      },
      "request-premium": async () => {
        if (viewer.premium) return done("You have the premium courses already.", "/cih/premium");
        if (viewer.universityId === null)
          return problem("Your account belongs to no university, so there is no careers service to tell.", 409);
        const first = await requestPremium(db, { ...viewer, universityId: viewer.universityId }, now);
        return done(
          first
            ? "Your careers service has been told that you would like the premium courses."
            : "Your careers service knows already: you asked before.",
        );
      },
    },
    async () => problem("That action is not known. Reload the page and try again.", 400),
  );
}

/** Premium pages: anyone without premium access reads what the premium hub holds on /cih-ad. */
function premiumViewer(context: Context): Viewer & { userId: number } {
  const viewer = viewerOf(context.get(accessContext));
  if (!signedIn(viewer) || !canPlay(viewer, "premium")) throw redirect("/cih-ad", 303);
  return viewer;
}

async function courseProgress(context: Context, viewer: Viewer & { userId: number }, course: VideoCourse) {
  const db = context.get(dbContext);
  const [watched, completedAt] = await Promise.all([
    watchedIn(db, viewer.userId, course),
    courseCompletion(db, viewer.userId, course.id),
  ]);
  const lessons = course.modules.flatMap((m) => m.lessons.map((l) => l.video));
  const next = lessons.find((slug) => !watched.has(slug)) ?? null;
  return {
    watched: [...watched],
    lessons: lessons.length,
    done: lessons.filter((slug) => watched.has(slug)).length,
    next: next ? `/cih/premium/${course.slug}/${next}` : null,
    completedOn: completedAt?.toISOString() ?? null,
  };
}

/** Titles of a course's lessons, by video slug: one query a course. */
async function lessonTitles(
  context: Context,
  course: VideoCourse,
): Promise<Record<string, { title: string; duration: number }>> {
  const found = await videosBySlug(
    context.get(dbContext),
    course.modules.flatMap((m) => m.lessons.map((l) => l.video)),
  );
  return Object.fromEntries(found.map((v) => [v.slug, { title: v.title, duration: v.durationSeconds }]));
}

/** /cih/premium: each course with the person's progress and what comes next. */
export async function loadCourses(context: Context) {
  const viewer = premiumViewer(context);
  const courses = await publishedCourses(context.get(dbContext));
  return {
    courses: await Promise.all(
      courses.map(async (c) => ({
        slug: c.slug,
        title: c.title,
        summary: c.summary,
        level: c.level,
        introHtml: c.introHtml,
        modules: c.modules.map((m) => ({ title: m.title, lessons: m.lessons.map((l) => l.video) })),
        titles: await lessonTitles(context, c),
        progress: await courseProgress(context, viewer, c),
      })),
    ),
  };
}

/** /cih/premium/{course}/{lesson}: the lesson's video, reading and check, the course's modules beside it. */
export async function loadLesson(request: Request, context: Context, courseSlug: string, slug: string) {
  const viewer = premiumViewer(context);
  const db = context.get(dbContext);
  const course = await courseBySlug(db, courseSlug);
  const lesson = course?.modules.flatMap((m) => m.lessons).find((l) => l.video === slug);
  const video = lesson ? await videoBySlug(db, slug) : null;
  if (!course || !lesson || !video) throw notFound();
  const order = course.modules.flatMap((m) => m.lessons.map((l) => l.video));
  const at = order.indexOf(slug);
  const lessonUrl = (s: string | undefined) => (s ? `/cih/premium/${course.slug}/${s}` : null);
  const checked = new URL(request.url).searchParams.get("answer");
  const answer =
    checked !== null && /^\d$/.test(checked) && lesson.check && Number(checked) < lesson.check.options.length
      ? Number(checked)
      : null;
  return {
    ...(await videoScreen(request, context, video, lessonUrl(slug)!)),
    course: {
      slug: course.slug,
      title: course.title,
      modules: course.modules.map((m) => ({ title: m.title, lessons: m.lessons.map((l) => l.video) })),
    },
    titles: await lessonTitles(context, course),
    progress: await courseProgress(context, viewer, course),
    readingHtml: lesson.readingHtml,
    check: lesson.check
      ? {
          question: lesson.check.question,
          options: lesson.check.options,
          answered: answer,
          right: answer === null ? null : answer === lesson.check.answer,
        }
      : null,
    previous: lessonUrl(order[at - 1]),
    next: lessonUrl(order[at + 1]),
  };
}

/** A lesson's save buttons, and its check question (answered by the server, so it works without JavaScript). */
export async function lessonAction(request: Request, context: Context, courseSlug: string, slug: string) {
  premiumViewer(context);
  const back = `/cih/premium/${courseSlug}/${slug}`;
  const form = await formOf(request.clone());
  if (form.get("intent") === "check") {
    const answer = String(form.get("answer") ?? "");
    return redirect(/^\d$/.test(answer) ? `${back}?answer=${answer}#check` : `${back}#check`, 303);
  }
  return videoAction(request, context, back);
}

/** /cih/saved-videos */
export async function loadSavedVideos(context: Context) {
  const viewer = viewerOf(context.get(accessContext));
  if (!signedIn(viewer)) throw redirect("/login", 303);
  const saved = await savedVideosOf(context.get(dbContext), viewer.userId);
  return {
    videos: (await cards(context, viewer, saved)).map((card, i) => ({
      ...card,
      savedAt: saved[i]!.savedAt.toISOString(),
    })),
  };
}

/** /cih-ad: what the premium courses hold, and the request to the person's careers service. */
export async function loadPremiumAd(context: Context) {
  const db = context.get(dbContext);
  const viewer = viewerOf(context.get(accessContext));
  const courses = await publishedCourses(db);
  return {
    premium: viewer.premium,
    canRequest: signedIn(viewer) && viewer.universityId !== null && !viewer.premium,
    requestedOn: signedIn(viewer) ? ((await premiumRequested(db, viewer.userId))?.toISOString() ?? null) : null,
    courses: courses.map((c) => ({
      title: c.title,
      summary: c.summary,
      modules: c.modules.map((m) => ({ title: m.title, lessons: m.lessons.length })),
    })),
  };
}
