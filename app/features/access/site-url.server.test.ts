import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { configContext } from "~/lib/context";
import type { Config } from "~/lib/env.server";
import type { RequestAccess } from "./access.server";
import { accessContext } from "./context";
import { siteOrigin } from "./site-url.server";

function context(publicUrl: string | undefined, microsite: boolean) {
  const c = new RouterContextProvider();
  c.set(configContext, { PUBLIC_URL: publicUrl } as Config);
  c.set(accessContext, { microsite: microsite ? { id: 1 } : null } as unknown as RequestAccess);
  return c;
}

describe("siteOrigin", () => {
  it("is the request's origin when PUBLIC_URL is not set", () => {
    expect(siteOrigin(new Request("http://localhost:3000/blog"), context(undefined, false))).toBe("http://localhost:3000");
  });

  it("is PUBLIC_URL on the main site, whatever Host the client sent", () => {
    expect(siteOrigin(new Request("http://evil.example/blog"), context("https://careers.example.com/", false))).toBe("https://careers.example.com");
  });

  it("keeps a microsite's host, with the scheme of PUBLIC_URL", () => {
    expect(siteOrigin(new Request("http://demo.careers.example.com/blog"), context("https://careers.example.com", true))).toBe("https://demo.careers.example.com");
  });
});
