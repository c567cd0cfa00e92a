import { z } from "zod";
import { FullNameField } from "~/lib/name-field";
import { CourseField } from "./course-field";
import { EmailField } from "~/lib/email-field";

export const ACCESS_REQUEST_FIELDS = ["name", "email", "student_number", "course"] as const;
export type AccessRequestField = (typeof ACCESS_REQUEST_FIELDS)[number];

export const AccessRequestSchema = z.object({
  name: FullNameField,
  email: EmailField,
  student_number: z
    .string({ error: "Enter your student number" })
    .trim()
    .min(1, "Enter your student number")
    .max(40, "Student numbers are at most 40 characters")
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9 /-]*$/,
      "Enter your student number as it is on your student card: letters, digits, spaces, / and -",
    ),
  course: CourseField,
});
