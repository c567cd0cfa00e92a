// npm run validate: lint and the type check beside npm test. npm test keeps the two cores about busy
// in two lanes (scripts/test.js), so the checks run at the lowest priority: they take the moments a
// lane leaves a core idle (a suite waiting on its database, a browser on a page) instead of slowing
// the lanes, and finish when the tests do (docs/testing.md#speed).
import { spawn } from "node:child_process";
import { rootDir } from "./ensure-build.js";

function run(script, { buffered, background = false }) {
  // `nice` is POSIX; elsewhere the checks simply run at the tests' priority.
  const [cmd, ...args] = [
    ...(background && process.platform !== "win32" ? ["nice", "-n", "19"] : []),
    "npm",
    "run",
    script,
  ];
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
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
  run("lint", { buffered: true, background: true }),
  run("typecheck", { buffered: true, background: true }),
  run("test", { buffered: false }),
]);
process.exit(results.includes(false) ? 1 : 0);
