import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { accessContext, servicesContext } from "~/lib/context";
import { loadConfig } from "~/lib/env.server";
import type { Services } from "~/lib/services.server";
import { backTarget, guardMiddleware, isDestination } from "./guard.server";

function contextWith(lookup: () => Promise<unknown>, env: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  const services = {
    config: loadConfig({ NODE_ENV: "production", ...env }),
    sessions: { lookup },
    microsites: { resolve: async () => null },
  } as unknown as Services;
  context.set(servicesContext, services);
  return context;
}

// Generic pages reach the middleware through the catch-all route's pattern.
function run(path: string, context: RouterContextProvider) {
  const url = new URL(`http://localhost${path}`);
  const next = vi.fn(async () => new Response("page"));
  const result = Promise.resolve(
    guardMiddleware({ request: new Request(url), context, pattern: "*", params: {}, url } as never, next),
  ) as Promise<Response>;
  return { result, next };
}

describe("guardMiddleware", () => {
  it("answers 503 and opens nothing when the access check fails", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { result, next } = run("/jobs", contextWith(() => Promise.reject(new Error("database down"))));
    await expect(result).rejects.toMatchObject({ init: { status: 503 } });
    expect(next).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledWith("redirection check failed:", expect.any(Error));
    errors.mockRestore();
  });

  it("lets an open page through and records the access state", async () => {
    const context = contextWith(async () => null);
    const { result, next } = run("/jobs", context);
    expect(await (await result).text()).toBe("page");
    expect(next).toHaveBeenCalledOnce();
    expect(context.get(accessContext).state.isLoggedIn).toBe(false);
  });

  it("redirects a denied visitor before the page runs, remembering where they were going", async () => {
    const { result, next } = run("/my-cvs?x=1", contextWith(async () => null));
    const response = (await result.catch((r: Response) => r)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.get("Set-Cookie")).toMatch(/^prev_url=%2Fmy-cvs%3Fx%3D1; Max-Age=86400/);
    expect(next).not.toHaveBeenCalled();
  });

  it("sends every page to /under-maintenance in maintenance mode", async () => {
    const { result } = run("/jobs", contextWith(async () => null, { MAINTENANCE_MODE: "on" }));
    expect(((await result.catch((r: Response) => r)) as Response).headers.get("Location")).toBe("/under-maintenance");
  });
});

describe("backTarget and isDestination", () => {
  const req = (referer?: string) => new Request("http://localhost:3000/login", { headers: referer ? { Referer: referer } : {} });
  it("goes back only to same-origin pages that are not login pages", () => {
    expect(backTarget(req("http://localhost:3000/jobs?q=1"))).toBe("/jobs?q=1");
    expect(backTarget(req("http://localhost:3001/jobs"))).toBe("/");
    expect(backTarget(req("http://localhost:3000/reset-password/abc"))).toBe("/");
    expect(backTarget(req("not a url"))).toBe("/");
    expect(backTarget(req())).toBe("/");
  });
  it("treats login, registration and logout pages as no destination", () => {
    expect(isDestination("/login")).toBe(false);
    expect(isDestination("/jumpstart-login/3?x=1")).toBe(false);
    expect(isDestination("/logout")).toBe(false);
    expect(isDestination("/my-cvs")).toBe(true);
  });
});
