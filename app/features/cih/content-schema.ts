import { z } from "zod";
import { VIDEO_COLLECTIONS, VIDEO_LEVELS, VIDEO_TOPICS } from "~/db/schema/video-values";
import { httpsUrl, isoDate, slugRef, text } from "~/features/content";

// The front matter of content/videos/<slug>.md and content/courses/<slug>.md (content/README.md).

/** One slide of a generated video: its heading is a chapter, its narration the captions' words. */
const slideSchema = z.strictObject({
  title: text(80),
  points: z.array(text(90)).max(4, "must have at most 4 points").optional(),
  narration: text(900),
});

export const videoSchema = z
  .strictObject({
    title: text(120),
    summary: text(300),
    topic: z.enum(VIDEO_TOPICS, { error: `must be one of ${VIDEO_TOPICS.join(", ")}` }),
    level: z.enum(VIDEO_LEVELS, { error: `must be one of ${VIDEO_LEVELS.join(", ")}` }),
    collection: z.enum(VIDEO_COLLECTIONS, { error: `must be one of ${VIDEO_COLLECTIONS.join(", ")}` }),
    published: isoDate,
    updated: isoDate.optional(),
    status: z.enum(["published", "draft"]).optional(),
    /** Generated media: `npm run media:videos` makes content/media/videos/<slug>.{mp4,vtt,jpg,json} from these. */
    slides: z.array(slideSchema).min(1).max(12).optional(),
    /** Media served from elsewhere (a CDN, an HLS stream); a poster and captions, when any, in content/media/videos/<slug>.{jpg,vtt}. */
    external: z
      .strictObject({
        url: httpsUrl,
        type: z.enum(["video/mp4", "application/vnd.apple.mpegurl"], {
          error: "must be video/mp4 or application/vnd.apple.mpegurl",
        }),
        duration: z
          .number()
          .positive()
          .max(4 * 3600),
        chapters: z
          .array(z.strictObject({ start: z.number().min(0), title: text(80) }))
          .max(30)
          .optional(),
      })
      .optional(),
    related: z
      .array(z.strictObject({ title: text(120), url: httpsUrl }))
      .max(8)
      .optional(),
  })
  .refine((v) => !v.slides !== !v.external, {
    message: "needs either slides (generated media) or external, not both",
    path: ["slides"],
  })
  .refine((v) => !v.updated || v.updated >= v.published, {
    message: "must not be before the published date",
    path: ["updated"],
  });

export const courseSchema = z.strictObject({
  title: text(120),
  summary: text(300),
  level: z.enum(VIDEO_LEVELS, { error: `must be one of ${VIDEO_LEVELS.join(", ")}` }),
  published: isoDate,
  status: z.enum(["published", "draft"]).optional(),
  modules: z
    .array(
      z.strictObject({
        title: text(120),
        lessons: z
          .array(
            z.strictObject({
              /** A premium video's slug: the lesson's address is /cih/premium/<course>/<video>. */
              video: slugRef,
              /** A short reading in Markdown, shown under the video. */
              reading: text(4000).optional(),
              check: z
                .strictObject({
                  question: text(200),
                  options: z.array(text(160)).min(2).max(5),
                  /** The right option, counted from 0. */
                  answer: z.number().int().min(0),
                })
                .refine((c) => c.answer < c.options.length, {
                  message: "must be the index of one of the options",
                  path: ["answer"],
                })
                .optional(),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});

export type VideoFrontMatter = z.output<typeof videoSchema>;
