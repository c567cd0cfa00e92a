import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A route module is an adapter: its loader and action call a feature's function and its view comes
// from the feature's components, so nothing of a page's work has room to gather in app/routes.
const MAX_LINES = 150;
const ROUTES = path.join(import.meta.dirname, "routes");

describe("the route modules", () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const modules = fs
      .readdirSync(ROUTES, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    expect(modules.length).toBeGreaterThan(100);
    const longer = modules
      .map((file) => ({ file, lines: fs.readFileSync(path.join(ROUTES, file), "utf8").trimEnd().split("\n").length }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(longer).toEqual([]);
  });
});
