import { describe, expect, it } from "vitest";
import { safeLocalPath } from "./safe-redirect";

describe("safeLocalPath", () => {
  it.each([
    ["/student-dashboard", "/student-dashboard"],
    ["/jobs?q=data&page=2", "/jobs?q=data&page=2"],
    ["/blog/a#top", "/blog/a#top"],
    ["/a/../b", "/b"],
    ["/./jobs", "/jobs"],
    ["/%2e/jobs", "/jobs"],
    ["/jobs/..", "/"],
    // Only the path can make a Location leave the site; a URL in the query is just text.
    ["/jobs?next=%2F%2Fevil.example", "/jobs?next=%2F%2Fevil.example"],
    ["/a//b", "/a//b"],
  ])("follows %j as %j", (input, expected) => expect(safeLocalPath(input)).toBe(expected));

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

  // Each resolves, in a browser or after one more decoding, to "//evil.example": a page on another host.
  describe("refuses dot segments that lead to another host", () => {
    it.each([
      "/./%2F%2Fevil.example",
      "/.//evil.example",
      "/x/..//evil.example",
      "/x/../..//evil.example",
      "/%2e//evil.example",
      "/%2E//evil.example",
      "/%2e%2e//evil.example",
      "/%2E%2e//evil.example",
      "/x/%2e%2e//evil.example",
      "/x/.%2E//evil.example",
      "/.\\/evil.example",
      "/x/..\\\\evil.example",
      "/%2e\\/evil.example",
      "/./%5C/evil.example",
      "/./%5c%5cevil.example",
      "/%2e/%5C%2Fevil.example",
      "/.\t//evil.example",
      "/x/.\n.//evil.example",
      "/./%09/evil.example",
      "/x/..%2F%2Fevil.example",
      "/x/%2e%2e%2F%2Fevil.example",
      "/%2F%2Fevil.example",
      "/%252F%252Fevil.example",
      "/%252e%252e//evil.example",
    ])("%j", (input) => expect(safeLocalPath(input)).toBeNull());
  });
});
