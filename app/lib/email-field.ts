import { z } from "zod";

/** An email address typed into a form, with the messages every form of the site gives. */
export const EmailField = z
  .string({ error: "Enter your email address" })
  .trim()
  .min(1, "Enter your email address")
  .max(254, "Email addresses are at most 254 characters")
  .pipe(z.email("Enter an email address in the right format, like name@example.com"));
