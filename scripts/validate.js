// npm run validate: lint and the type check, then npm test. The checks take both cores for about half
// a minute; npm test then keeps the two cores busy in two lanes (scripts/test.js). Beside the tests, at
// any priority, the checks slowed them by more than their own time (docs/testing.md#speed).
import { spawn } from "node:child_process";
import { rootDir } from "./ensure-build.js";

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

// The tests run even when a check fails, so that one run reports everything.
const checks = await Promise.all([run("lint", { buffered: true }), run("typecheck", { buffered: true })]);
const tests = await run("test", { buffered: false });
process.exit(checks.includes(false) || !tests ? 1 : 0);
