import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * A file of the team's shared data (`../shared/data/`, test input that is never shipped). It sits
 * beside the checkout; a clone made elsewhere finds it beside the checkout it was cloned from, and
 * SHARED_DATA_DIR names it anywhere else.
 */
export function sharedDataFile(relative: string): string {
  const candidates = [process.env.SHARED_DATA_DIR, path.join(ROOT, "../shared/data")];
  try {
    const origin = execFileSync("git", ["config", "--get", "remote.origin.url"], {
      cwd: ROOT,
      encoding: "utf8",
    }).trim();
    if (origin && !/^[a-z]+:\/\//i.test(origin) && !origin.includes("@"))
      candidates.push(path.resolve(ROOT, origin, "../shared/data"));
  } catch {
    // not a clone: the other places stand
  }
  for (const dir of candidates) if (dir && fs.existsSync(path.join(dir, relative))) return path.join(dir, relative);
  throw new Error(
    `${relative} is not in ../shared/data beside this checkout or its origin; set SHARED_DATA_DIR to the folder that holds it`,
  );
}
