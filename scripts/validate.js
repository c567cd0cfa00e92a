// npm run validate: lint and the type check beside npm test. Each is mostly one busy core, and the
// tests' first minute has room: their database templates are made one process at a time.
import { spawn } from "node:child_process";
import { rootDir, shareCompileCache } from "./ensure-build.js";

shareCompileCache();

function run(script, { buffered }) {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", script], {
      cwd: rootDir,
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("close", (code) => {
      if (buffered) process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all([
  run("lint", { buffered: true }),
  run("typecheck", { buffered: true }),
  run("test", { buffered: false }),
]);
process.exit(results.includes(false) ? 1 : 0);
