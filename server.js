// Starts the platform: `node server.js` serves the production build, `--dev` runs Vite in-process.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dev = process.argv.includes("--dev");
// React must see the final NODE_ENV when it is first imported.
process.env.NODE_ENV ??= dev ? "development" : "production";
const rootDir = path.dirname(fileURLToPath(import.meta.url));

async function load() {
  if (!dev) return import("./build/server/index.js");
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const mod = await vite.ssrLoadModule("./server/app.ts");
  return { ...mod, vite };
}

const mod = await load();
// Listening from the moment the database is open (the embedded one locked to this process), before
// migrations, content and the demo data: meanwhile /healthz answers 200 and everything else 503.
let serve = mod.answerWhileStarting;
const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => serve(req, res));
const listen = (port) =>
  new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => {
      server.off("error", reject);
      resolve();
    });
  });

let app;
try {
  app = await mod.createApp({
    rootDir,
    getBuild: mod.vite ? () => mod.vite.ssrLoadModule("virtual:react-router/server-build") : undefined,
    whenOpen: (config) => listen(config.PORT),
  });
} catch (error) {
  if (
    error instanceof mod.ConfigError ||
    error instanceof mod.DataDirLockedError ||
    error instanceof mod.StartupError
  ) {
    console.error(error.message);
    process.exit(1);
  }
  if (error?.code === "EADDRINUSE") {
    console.error(`Port ${error.port} is in use by another process: stop it, or set PORT to another port.`);
    process.exit(1);
  }
  throw error;
}

// On the embedded database, `npm run db:backup` asks this process for the backup (server/backup-socket.ts).
const backups = await mod.listenForBackups(app);

serve = mod.vite ? (req, res) => mod.vite.middlewares(req, res, () => app.handler(req, res)) : app.handler;
const db = app.config.DATABASE_URL ? "PostgreSQL" : `embedded PostgreSQL in ${app.config.DATA_DIR}`;
console.log(`Serving at http://localhost:${app.config.PORT} (${db})`);

// A stop that takes longer than the grace time and the closing after it is cut short.
const GRACE_MS = 10_000;
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    console.error("The shutdown did not end in time: exiting with what is left open.");
    process.exit(1);
  }, GRACE_MS + 10_000).unref();
  // No backup is started once stopping; one under way may fail as the database closes.
  const backupsClosed = backups?.close();
  // Said once the server has stopped listening (shutdown's first, synchronous step).
  const done = app.shutdown(server, GRACE_MS);
  console.log(`${signal}: shutting down (the requests under way have ${GRACE_MS / 1000} s to finish)`);
  try {
    await Promise.all([done, backupsClosed]);
    await mod.vite?.close();
  } catch (error) {
    console.error("The shutdown failed:", error);
    process.exit(1);
  }
  console.log("Stopped.");
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
