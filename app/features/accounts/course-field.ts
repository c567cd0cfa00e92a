import { z } from "zod";

/** The course a student studies (or studied, or holds an offer for), as they name it. */
export const CourseField = z
  .string({ error: "Enter your course" })
  .trim()
  .min(2, "Enter your course")
  .max(200, "Course names are at most 200 characters");
