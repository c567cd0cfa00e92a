import { z } from "zod";
import { EMPLOYER_STATUSES, NOTE_MAX } from "./values";

const id = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2 ** 31 - 1, { error: message });

/** "Apply with your CV": which job, which of the student's CVs, and a short note. */
export const ApplySchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,200}$/, "No such job"),
  cv: id("Choose one of your CVs"),
  note: z
    .string()
    .trim()
    .max(NOTE_MAX, `Keep the note to ${NOTE_MAX.toLocaleString("en-GB")} characters or fewer`),
});

/** The employer's status form. */
export const StatusSchema = z.object({
  application: id("No such application"),
  status: z.enum(EMPLOYER_STATUSES, { error: "Choose a status" }),
});
