import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Builds the app once when there is no build yet (npm start, the database commands). */
export function ensureBuild() {
  if (fs.existsSync(path.join(rootDir, "build", "server", "index.js"))) return;
  console.log("No build found: building first (npm run build)...");
  const result = spawnSync("npm", ["run", "build"], { cwd: rootDir, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
