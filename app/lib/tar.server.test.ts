import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { TarError, tar, untar } from "./tar.server";

const entries = [
  { name: "backup.json", data: Buffer.from('{"a":1}\n'), mtime: new Date("2026-11-28T22:30:00Z") },
  { name: "empty", data: Buffer.alloc(0), mtime: new Date("2026-11-28T22:30:00Z") },
  { name: "blocks.bin", data: Buffer.alloc(1025, 7), mtime: new Date("2026-11-28T22:30:00Z") },
];

describe("tar", () => {
  it("reads back what it writes, each file whole", () => {
    const read = untar(tar(entries));
    expect(read.map((e) => [e.name, Buffer.from(e.data).toString("hex"), e.mode, e.mtime])).toEqual(
      entries.map((e) => [e.name, e.data.toString("hex"), 0o600, e.mtime]),
    );
  });

  it("writes an archive GNU tar lists", () => {
    const listed = spawnSync("tar", ["-tvf", "-"], { input: tar(entries), encoding: "utf8" });
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/^-rw------- .* 8 2026-11-28 \d\d:\d\d backup\.json$/m);
    expect(listed.stdout).toMatch(/ 1025 .* blocks\.bin$/m);
  });

  it("refuses an archive cut short, a damaged header and another kind of entry", () => {
    const whole = tar(entries);
    expect(() => untar(whole.subarray(0, 2500))).toThrow(new TarError("the archive is cut short inside blocks.bin"));
    expect(() => untar(whole.subarray(0, whole.length - 1024))).toThrow(/ends before its end marker/);
    const damaged = Buffer.from(whole);
    damaged[10] = 0x41;
    expect(() => untar(damaged)).toThrow(/a tar header is damaged/);
    // A directory entry, its header's checksum made right again.
    const folder = Buffer.from(tar([entries[0]!]));
    folder[156] = "5".charCodeAt(0);
    folder.fill(" ", 148, 156);
    const sum = folder.subarray(0, 512).reduce((total, b) => total + b, 0);
    folder.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
    expect(() => untar(folder)).toThrow(/backup\.json is not a regular file/);
  });

  it("refuses a name it cannot hold", () => {
    expect(() => tar([{ name: "x".repeat(101), data: Buffer.alloc(1) }])).toThrow(TarError);
  });
});
