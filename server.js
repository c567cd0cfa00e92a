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
let app;
try {
  app = await mod.createApp({
    rootDir,
    getBuild: mod.vite ? () => mod.vite.ssrLoadModule("virtual:react-router/server-build") : undefined,
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
  throw error;
}

// On the embedded database, `npm run db:backup` asks this process for the backup (server/backup-socket.ts).
const backups = await mod.listenForBackups(app);

const handler = mod.vite ? (req, res) => mod.vite.middlewares(req, res, () => app.handler(req, res)) : app.handler;
const server = http.createServer({ keepAliveTimeout: 65_000 }, handler);
server.listen(app.config.PORT, () => {
  const db = app.config.DATABASE_URL ? "PostgreSQL" : `embedded PostgreSQL in ${app.config.DATA_DIR}`;
  console.log(`Serving at http://localhost:${app.config.PORT} (${db})`);
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeIdleConnections();
  await backups?.close();
  await app.close();
  await mod.vite?.close();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
