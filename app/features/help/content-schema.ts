import { z } from "zod";
import { isoDate, text } from "~/features/content";
import { FAQ_CATEGORIES, ROLE_TYPES } from "./help-values";

// The front matter of content/faq/<slug>.md and content/careers/<slug>.md (content/README.md).

const status = z.enum(["published", "draft"]).optional();

/** A question of the FAQ; the body is its answer. */
export const faqSchema = z.strictObject({
  question: text(200),
  category: z.enum(FAQ_CATEGORIES, { error: `must be one of ${FAQ_CATEGORIES.join(", ")}` }),
  /** Position in its category (lower first); then the question. */
  order: z.number().int().min(0).max(1000).optional(),
  /** When the answer was last checked against the official pages it links. */
  reviewed: isoDate,
  status,
});
export type FaqFrontMatter = z.output<typeof faqSchema>;

/** One of the company's open roles; the body is the role. */
export const roleSchema = z
  .strictObject({
    title: text(120),
    team: text(80),
    location: text(120),
    type: z.enum(ROLE_TYPES, { error: `must be one of ${ROLE_TYPES.join(", ")}` }),
    published: isoDate,
    /** The last UK day applications are taken; the role leaves the page the day after. */
    closes: isoDate.optional(),
    status,
  })
  .refine((r) => !r.closes || r.closes >= r.published, {
    message: "must not be before the published date",
    path: ["closes"],
  });
export type RoleFrontMatter = z.output<typeof roleSchema>;
