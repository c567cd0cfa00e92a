import { z } from "zod";
import { isIsoDay } from "~/lib/dates";

// What the front matter of every content area shares.

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const text = (max: number) =>
  z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written YYYY-MM-DD")
  .refine(isIsoDay, "is not a real date");
export const slugRef = z.string().regex(SLUG, "must be a slug: lower-case letters, digits and single hyphens");
export const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// address" });
