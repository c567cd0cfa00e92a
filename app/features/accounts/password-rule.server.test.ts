import { describe, expect, it } from "vitest";
import { validate } from "~/lib/validation";
import { isCommonPassword, newPasswordSchema, passwordProblem } from "./password-rule.server";

describe("the password rule", () => {
  it("asks for at least 10 characters", () => {
    expect(passwordProblem("Xk#9-vq2L")).toBe("Use at least 10 characters");
    expect(passwordProblem("Xk#9-vq2Lm")).toBeNull();
  });

  it("refuses the most common passwords, whatever their letter case", () => {
    expect(isCommonPassword("qwertyuiop")).toBe(true);
    expect(isCommonPassword("Password123")).toBe(true);
    expect(isCommonPassword("123456")).toBe(true);
    expect(isCommonPassword("correct horse battery staple")).toBe(false);
    expect(passwordProblem("1q2w3e4r5t")).toMatch(/most common/);
    expect(passwordProblem("MANCHESTER")).toMatch(/most common/);
  });

  it("refuses the account's own email address", () => {
    expect(passwordProblem("aisha@demo.test", "Aisha@Demo.test")).toMatch(/email address/);
  });

  it("names the field that is wrong and keeps the first problem of each", () => {
    const schema = newPasswordSchema();
    expect(validate(schema, { password: "short", confirm_password: "short" })).toEqual({
      success: false,
      fieldErrors: { password: "Use at least 10 characters" },
    });
    expect(validate(schema, { password: "Tide-pool-lantern", confirm_password: "Tide-pool-lanterns" })).toEqual({
      success: false,
      fieldErrors: { confirm_password: "The two passwords do not match" },
    });
    expect(validate(schema, { password: null, confirm_password: null })).toMatchObject({
      success: false,
      fieldErrors: { password: "Enter a password", confirm_password: "Enter the password again" },
    });
    expect(validate(schema, { password: "Tide-pool-lantern", confirm_password: "Tide-pool-lantern" }).success).toBe(
      true,
    );
  });
});
