import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { forBrowser, oneTrailingSlash } from "./route-matching.server";

describe("the server's route-pattern matcher", () => {
  it("makes repeated slashes at the end of an address one, before a client navigation's .data too", () => {
    expect(oneTrailingSlash("http://localhost/blog//?page=2")).toBe("http://localhost/blog/?page=2");
    expect(oneTrailingSlash("http://localhost///")).toBe("http://localhost/");
    expect(oneTrailingSlash("http://localhost/blog//.data")).toBe("http://localhost/blog/.data");
    expect(oneTrailingSlash("http://localhost//_.data")).toBe("http://localhost/_.data");
    for (const unchanged of ["http://localhost/jobs//x", "http://localhost/blog/", "http://localhost/?next=//x"])
      expect(oneTrailingSlash(unchanged)).toBe(unchanged);
  });

  it("tells the browser to match with React Router's default matcher, which needs no module of its own", () => {
    const handoff = '{"basename":"/","future":{"v8_middleware":true,"unstable_routePatternMatching":true},"ssr":true}';
    const server = {
      future: { v8_middleware: true, unstable_routePatternMatching: true },
      serverHandoffString: handoff,
    } as unknown as EntryContext;
    const browser = forBrowser(server);
    expect(browser.future).toEqual({ v8_middleware: true, unstable_routePatternMatching: false });
    expect(JSON.parse(browser.serverHandoffString!)).toEqual({
      ...JSON.parse(handoff),
      future: { v8_middleware: true, unstable_routePatternMatching: false },
    });
    const plain = { future: { v8_middleware: true }, serverHandoffString: "{}" } as unknown as EntryContext;
    expect(forBrowser(plain)).toBe(plain);
  });
});
