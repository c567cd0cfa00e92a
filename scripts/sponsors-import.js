// npm run sponsors:import -- <file or URL> [--date YYYY-MM-DD]; see app/features/sponsors/cli.server.ts.
import { ensureBuild, rootDir } from "./ensure-build.js";

process.env.NODE_ENV ??= "production";
ensureBuild();
const { runSponsorsImport, ConfigError, DataDirLockedError } = await import("../build/server/index.js");
try {
  process.exitCode = await runSponsorsImport(process.argv.slice(2), rootDir);
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
}
