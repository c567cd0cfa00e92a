import { z } from "zod";
import COMMON_PASSWORDS from "./data/common-passwords.txt?raw";

export const PASSWORD_MIN_LENGTH = 10;
const PASSWORD_MAX_LENGTH = 1024;

// The 10,000 most common passwords (data/README.md says where the list comes from), compared without case.
const common = new Set(
  COMMON_PASSWORDS.split("\n")
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean),
);

export function isCommonPassword(password: string): boolean {
  return common.has(password.trim().toLowerCase());
}

/** What is wrong with a new password, in words for the person choosing it, or null. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return "Passwords are at most 1,024 characters";
  if (isCommonPassword(password))
    return "This password is one of the most common ones, which are tried first. Choose another";
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase())
    return "Do not use your email address as your password";
  return null;
}

/**
 * A new password and its confirmation, as every form that sets one takes them (fields `password`
 * and `confirm_password`). `email`, when known, may not be the password.
 */
export function newPasswordSchema(email?: string) {
  return z
    .object({
      password: z.string({ error: "Enter a password" }).min(1, "Enter a password"),
      confirm_password: z.string({ error: "Enter the password again" }).min(1, "Enter the password again"),
    })
    .superRefine((v, ctx) => {
      const problem = passwordProblem(v.password, email);
      if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
      else if (v.password !== v.confirm_password)
        ctx.addIssue({ code: "custom", path: ["confirm_password"], message: "The two passwords do not match" });
    });
}
