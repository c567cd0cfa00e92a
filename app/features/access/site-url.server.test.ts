import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { configContext } from "~/lib/context";
import type { Config } from "~/lib/env.server";
import type { RequestAccess } from "./access.server";
import { accessContext } from "./context";
import { siteOrigin } from "./site-url.server";

function context(config: Partial<Config>, micrositeHost: string | null) {
  const c = new RouterContextProvider();
  c.set(configContext, { PORT: 3000, ...config } as Config);
  c.set(accessContext, { microsite: micrositeHost ? { id: 1, micrositeHost } : null } as unknown as RequestAccess);
  return c;
}

describe("siteOrigin", () => {
  it("is the main site's configured origin, or http://localhost:PORT without PUBLIC_URL", () => {
    expect(siteOrigin(context({}, null))).toBe("http://localhost:3000");
    expect(siteOrigin(context({ PUBLIC_URL: "https://careers.example.com/" }, null))).toBe(
      "https://careers.example.com",
    );
  });

  it("is the microsite's registered host on a microsite, with the scheme of PUBLIC_URL", () => {
    expect(siteOrigin(context({ PUBLIC_URL: "https://careers.example.com" }, "demo.careers.example.com"))).toBe(
      "https://demo.careers.example.com",
    );
    expect(siteOrigin(context({}, "demo-university.localhost"))).toBe("http://demo-university.localhost:3000");
  });

  it("is PUBLIC_URL on a deployment pinned to one university", () => {
    expect(
      siteOrigin(context({ PUBLIC_URL: "https://careers.uni.ac.uk", MICROSITE_UNIVERSITY: "uni" }, "uni.localhost")),
    ).toBe("https://careers.uni.ac.uk");
  });
});
