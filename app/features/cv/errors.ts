import type { z } from "zod";

/** A field of a document that is wrong: where it is ("work.0.start") and why. */
export type PathError = { path: string; message: string };

/** Each issue of a failed parse with its whole path, so a person can find the field in a nested document. */
export function pathErrors(error: z.ZodError): PathError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "(document)",
    message: issue.message,
  }));
}
