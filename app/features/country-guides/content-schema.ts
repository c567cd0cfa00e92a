import { z } from "zod";
import { httpsUrl, isoDate, text } from "~/features/content";

// The front matter of content/country-guides/<country>/<page>.md (content/README.md).

export const guidePageSchema = z.strictObject({
  title: text(120),
  summary: text(300),
  /** When the page's facts were last checked against its sources. */
  reviewed: isoDate,
  status: z.enum(["published", "draft"]).optional(),
  sources: z
    .array(z.strictObject({ title: text(160), url: httpsUrl }), {
      error: "must list the official pages the page relies on",
    })
    .min(1, "must list the official pages the page relies on")
    .max(12),
  rules: z
    .array(z.strictObject({ rule: text(200), from: isoDate, source: httpsUrl }))
    .max(12)
    .optional(),
});
