import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, request, runServerExpectingExit, startServerProcess } from "./harness";

// The embedded database only: one process owns a PGlite data folder.
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({}, "production", { fresh: true });
});
afterAll(() => server?.stop());

describe("the embedded database", () => {
  it("is created, migrated and seeded on first start with a generated session secret", async () => {
    expect(fs.existsSync(path.join(server.env.DATA_DIR!, "pglite"))).toBe(true);
    expect(fs.readFileSync(path.join(server.env.DATA_DIR!, "session-secret"), "utf8").length).toBeGreaterThanOrEqual(
      48,
    );
    const login = await request(server, {
      path: "/login",
      form: { email: "student@demo.test", password: "DemoPass#2026" },
      headers: { Origin: server.origin },
    });
    expect(login.status).toBe(303);
  });

  it("refuses a second server on the same data folder, saying what to do", async () => {
    const { code, output } = await runServerExpectingExit({
      DATA_DIR: server.env.DATA_DIR!,
      PORT: String(server.port),
    });
    expect(code).toBe(1);
    expect(output).toMatch(/is in use by another process \(web server, pid \d+\)/);
    expect(output).toMatch(/stop that process first/);
  });

  it("refuses a command-line tool while the server runs", () => {
    const r = spawnSync(process.execPath, ["scripts/db.js", "seed", "--demo"], {
      env: { ...process.env, DATA_DIR: server.env.DATA_DIR! },
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/run only while the server is stopped/);
  });

  it("still serves after both were refused", async () => {
    expect((await request(server, { path: "/" })).status).toBe(200);
  });
});
