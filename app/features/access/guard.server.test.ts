import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { sessionsContext } from "~/features/auth/context";
import type { SessionStore } from "~/features/auth/session.server";
import { configContext } from "~/lib/context";
import { loadConfig } from "~/lib/env.server";
import { accessContext, micrositesContext } from "./context";
import { type GuardedRoute, backTarget, guardMiddleware, isDestination } from "./guard.server";
import type { MicrositeDirectory } from "./microsites.server";

function contextWith(lookup: () => Promise<unknown>, env: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(configContext, loadConfig({ NODE_ENV: "production", ...env }));
  context.set(sessionsContext, { lookup } as unknown as SessionStore);
  context.set(micrositesContext, { resolve: async () => null } as unknown as MicrositeDirectory);
  return context;
}

// A few routes as the route table gives them (app/route-table.ts, tested on its own).
const ROUTES: Record<string, GuardedRoute> = {
  "/jobs": { guard: "A" },
  "/my-cvs": { guard: "B" },
  "/api/sponsors": { guard: "open", api: true },
};
const NOT_A_DESTINATION = ["/login", "/jumpstart-login/:university_id", "/reset-password/:token", "/logout"];
const middleware = guardMiddleware({ routeFor: (pattern) => ROUTES[pattern], notADestination: NOT_A_DESTINATION });

/** The middleware as React Router runs it for `path`, whose route pattern is the path itself here. */
function run(path: string, context: RouterContextProvider) {
  const url = new URL(`http://localhost${path}`);
  const next = vi.fn(async () => new Response("page"));
  const result = Promise.resolve(
    middleware({ request: new Request(url), context, pattern: url.pathname, params: {}, url } as never, next),
  ) as Promise<Response>;
  return { result, next };
}

describe("guardMiddleware", () => {
  it("answers 503 and opens nothing when the access check fails", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { result, next } = run(
      "/jobs",
      contextWith(() => Promise.reject(new Error("database down"))),
    );
    await expect(result).rejects.toMatchObject({ init: { status: 503 } });
    expect(next).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledWith("redirection check failed:", expect.stringContaining("database down"));
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
    const { result, next } = run(
      "/my-cvs?x=1",
      contextWith(async () => null),
    );
    const response = (await result.catch((r: Response) => r)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.get("Set-Cookie")).toMatch(/^prev_url=%2Fmy-cvs%3Fx%3D1; Max-Age=86400/);
    expect(next).not.toHaveBeenCalled();
  });

  it("sends every page to /under-maintenance in maintenance mode", async () => {
    const { result } = run(
      "/jobs",
      contextWith(async () => null, { MAINTENANCE_MODE: "on" }),
    );
    expect(((await result.catch((r: Response) => r)) as Response).headers.get("Location")).toBe("/under-maintenance");
  });

  it("leaves JSON endpoints answering in maintenance mode", async () => {
    const { result, next } = run(
      "/api/sponsors",
      contextWith(async () => null, { MAINTENANCE_MODE: "on" }),
    );
    expect(await (await result).text()).toBe("page");
    expect(next).toHaveBeenCalledOnce();
  });
});

describe("backTarget and isDestination", () => {
  const req = (referer?: string) =>
    new Request("http://localhost:3000/login", { headers: referer ? { Referer: referer } : {} });
  it("goes back only to same-origin pages that are not login pages", () => {
    expect(backTarget(req("http://localhost:3000/jobs?q=1"), NOT_A_DESTINATION)).toBe("/jobs?q=1");
    expect(backTarget(req("http://localhost:3001/jobs"), NOT_A_DESTINATION)).toBe("/");
    expect(backTarget(req("http://localhost:3000/reset-password/abc"), NOT_A_DESTINATION)).toBe("/");
    expect(backTarget(req("not a url"), NOT_A_DESTINATION)).toBe("/");
    expect(backTarget(req(), NOT_A_DESTINATION)).toBe("/");
  });
  it("treats login, registration and logout pages as no destination", () => {
    expect(isDestination("/login", NOT_A_DESTINATION)).toBe(false);
    expect(isDestination("/jumpstart-login/3?x=1", NOT_A_DESTINATION)).toBe(false);
    expect(isDestination("/logout", NOT_A_DESTINATION)).toBe(false);
    expect(isDestination("/my-cvs", NOT_A_DESTINATION)).toBe(true);
  });
});
