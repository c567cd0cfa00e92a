import { describe, expect, it } from "vitest";
import { safeLocalPath } from "./safe-redirect";

describe("safeLocalPath", () => {
  it.each([
    ["/student-dashboard", "/student-dashboard"],
    ["/jobs?q=data&page=2", "/jobs?q=data&page=2"],
    ["/blog/a#top", "/blog/a#top"],
    ["/a/../b", "/b"],
  ])("follows %j", (input, expected) => expect(safeLocalPath(input)).toBe(expected));

  it.each([
    "//evil.example",
    "https://evil.example",
    "http:evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/\t/evil.example",
    "/\n/evil.example",
    " /jobs",
    "jobs",
    "",
    null,
    undefined,
    "/" + "a".repeat(3000),
  ])("refuses %j", (input) => expect(safeLocalPath(input)).toBeNull());
});
