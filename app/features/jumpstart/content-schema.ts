import { z } from "zod";
import { isoDate, text } from "~/features/content";

// The front matter of the pre-departure articles: content/jumpstart/<list>/<slug>.md (content/README.md).

export const articleSchema = z
  .strictObject({
    title: text(120),
    summary: text(300),
    published: isoDate,
    updated: isoDate.optional(),
    /** Position in its list (lower first); then the title. */
    order: z.number().int().min(0).max(1000).optional(),
    /** A draft stays out of its list and answers 404. */
    status: z.enum(["published", "draft"]).optional(),
  })
  .refine((a) => !a.updated || a.updated >= a.published, {
    message: "must not be before the published date",
    path: ["updated"],
  });
