import { describe, expect, it } from "vitest";
import { PERSONAL, personalCacheControl } from "./personal";

describe("personalCacheControl", () => {
  it("marks an answer to a request with a session, or one setting a cookie", () => {
    expect(personalCacheControl("theme=dark; sid=abc", new Headers())).toBe(PERSONAL);
    expect(personalCacheControl(null, new Headers({ "Set-Cookie": "sid=new; HttpOnly" }))).toBe(PERSONAL);
  });

  it("leaves a visitor's answer, and a route's own Cache-Control, alone", () => {
    expect(personalCacheControl("theme=dark", new Headers())).toBeNull();
    expect(personalCacheControl(undefined, new Headers())).toBeNull();
    expect(personalCacheControl("sid=abc", new Headers({ "Cache-Control": "public, max-age=60" }))).toBeNull();
  });
});
