// npm run validate: lint and the type check side by side (each keeps one core busy), then npm test.
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

const checks = await Promise.all([run("lint", { buffered: true }), run("typecheck", { buffered: true })]);
if (checks.includes(false)) process.exit(1);
process.exit((await run("test", { buffered: false })) ? 0 : 1);
