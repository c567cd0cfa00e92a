import { z } from "zod";

/** A person's full name typed into a form, with the messages every form of the site gives. */
export const FullNameField = z
  .string({ error: "Enter your full name" })
  .trim()
  .min(2, "Enter your full name")
  .max(100, "Names are at most 100 characters");
