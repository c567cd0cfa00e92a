import { type Validation, validate } from "~/lib/validation";
import { z } from "zod";
import "~/lib/zod-jitless";
import { EmailField } from "~/lib/email-field";
import { OptionalPhoneSchema, groupPhoneFields } from "~/features/phone";
import { escapeHtml } from "~/lib/escape-html";

export const STORY_FIELDS = [
  "name",
  "email",
  "phone",
  "university",
  "course",
  "homeCountry",
  "role",
  "employer",
  "story",
  "consent",
] as const;
export type StoryField = (typeof STORY_FIELDS)[number];
export type StoryFieldErrors = Partial<Record<StoryField, string>>;

export const STORY_LIMITS = { storyMin: 100, story: 5000 } as const;

const required = (empty: string, max: number, tooLong: string) =>
  z.string({ error: empty }).trim().min(1, empty).max(max, tooLong);

const FormSchema = z.object({
  name: required("Enter your name", 120, "Your name must be 120 characters or fewer"),
  email: EmailField,
  phone: OptionalPhoneSchema,
  university: required("Enter your university", 120, "The university must be 120 characters or fewer"),
  course: required("Enter the course you studied", 120, "The course must be 120 characters or fewer"),
  homeCountry: required("Enter your home country", 60, "The country must be 60 characters or fewer"),
  role: required("Enter the job title you got", 120, "The job title must be 120 characters or fewer"),
  employer: required("Enter the employer", 120, "The employer must be 120 characters or fewer"),
  story: z
    .string({ error: "Tell us your story" })
    .trim()
    .min(STORY_LIMITS.storyMin, `Tell us your story in at least ${STORY_LIMITS.storyMin} characters`)
    .max(STORY_LIMITS.story, `Your story must be ${STORY_LIMITS.story.toLocaleString("en-GB")} characters or fewer`),
  consent: z.literal("yes", { error: "Tick the box to let us publish your story, or we cannot use it" }),
});

export type StoryInput = z.output<typeof FormSchema>;

/** The story form as posted; the phone's three inputs are judged together. */
export const StorySchema = z.preprocess(groupPhoneFields, FormSchema);

export const validateStory = (raw: Record<string, unknown>): Validation<StoryInput, StoryField> =>
  validate(StorySchema, raw);

/** A story typed into the form is plain text: escaped, with blank lines making paragraphs. */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br />")}</p>`)
    .join("\n");
}
