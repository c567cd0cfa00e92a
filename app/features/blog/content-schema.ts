import { z } from "zod";
import { isoDate, slugRef, text } from "~/features/content";

export const authorSchema = z.strictObject({
  name: text(100),
  jobTitle: text(120),
  summary: text(200),
});

export const categorySchema = z.strictObject({
  name: text(60),
  description: text(300),
  order: z.number().int().min(0).max(1000).optional(),
});

export const postSchema = z
  .strictObject({
    title: text(160),
    summary: text(300),
    author: slugRef,
    category: slugRef,
    tags: z.array(text(40)).max(10).optional(),
    published: isoDate,
    updated: isoDate.optional(),
    status: z.enum(["published", "draft"]).optional(),
    cover: z
      .string()
      .regex(
        /^\/images\/blog\/[a-z0-9-]+\.(svg|png|jpe?g|webp)$/,
        "must be a file under /images/blog/ (svg, png, jpg or webp)",
      )
      .optional(),
    coverAlt: text(250).optional(),
    seoTitle: text(70).optional(),
    seoDescription: text(170).optional(),
  })
  .refine((p) => !p.cover || p.coverAlt, { message: "is required when there is a cover", path: ["coverAlt"] })
  .refine((p) => !p.updated || p.updated >= p.published, {
    message: "must not be before the published date",
    path: ["updated"],
  });

export const successStorySchema = z.strictObject({
  name: text(60),
  university: text(120),
  course: text(120),
  homeCountry: text(60),
  role: text(120),
  employer: text(120),
  published: isoDate,
  quote: text(300),
});

export const caseStudySchema = z.strictObject({
  title: text(160),
  university: text(120),
  summary: text(300),
  published: isoDate,
  status: z.enum(["published", "draft"]).optional(),
  metrics: z
    .array(
      z.strictObject({ label: text(80), value: z.union([z.string(), z.number()]).transform(String).pipe(text(20)) }),
    )
    .max(4)
    .optional(),
});
