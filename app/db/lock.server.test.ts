import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { lockDataDir } from "./lock.server";

it("leaves nothing behind once released, so that one process may open and close many data folders", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-"));
  const listeners = process.listenerCount("exit");
  for (let i = 0; i < 20; i++) {
    const release = lockDataDir(dir, "test");
    expect(fs.existsSync(path.join(dir, "owner.lock"))).toBe(true);
    release();
  }
  expect(fs.existsSync(path.join(dir, "owner.lock"))).toBe(false);
  expect(process.listenerCount("exit")).toBe(listeners);
  fs.rmSync(dir, { recursive: true });
});
