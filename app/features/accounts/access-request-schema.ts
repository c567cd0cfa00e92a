import { z } from "zod";
import { EmailField } from "~/lib/email-field";

export const ACCESS_REQUEST_FIELDS = ["name", "email", "student_number", "course"] as const;
export type AccessRequestField = (typeof ACCESS_REQUEST_FIELDS)[number];

export const AccessRequestSchema = z.object({
  name: z.string({ error: "Enter your full name" }).trim().min(2, "Enter your full name").max(100, "Names are at most 100 characters"),
  email: EmailField,
  student_number: z
    .string({ error: "Enter your student number" })
    .trim()
    .min(1, "Enter your student number")
    .max(40, "Student numbers are at most 40 characters")
    .regex(/^[A-Za-z0-9][A-Za-z0-9 /-]*$/, "Enter your student number as it is on your student card: letters, digits, spaces, / and -"),
  course: z.string({ error: "Enter your course" }).trim().min(2, "Enter your course").max(200, "Course names are at most 200 characters"),
});
