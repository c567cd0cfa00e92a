import fs from "node:fs";
import http from "node:http";
import { backupSocketPath, makeBackup } from "~/db/backup.server";
import { systemClock } from "~/lib/clock";
import type { App } from "./app";

export type BackupSocket = { path: string; close(): Promise<void> };

/**
 * On the embedded database, `npm run db:backup` asks the running server for the backup: PGlite's
 * folder belongs to this process, and only it can copy the database as of one moment while serving.
 * It asks over a Unix socket in DATA_DIR that only this user may open (mode 0600), never over the
 * site's port: `POST /backup` answers the backup file. Null on PostgreSQL, which has its own tools.
 */
export async function listenForBackups(app: App): Promise<BackupSocket | null> {
  const { database } = app.services;
  if (!database.exclusive) return null;
  const dataDir = app.config.DATA_DIR;
  const socketPath = backupSocketPath(dataDir);
  // This process holds the folder's lock, so a socket already there was left by a server that died.
  fs.rmSync(socketPath, { force: true });
  let running = Promise.resolve();
  const server = http.createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/backup") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Only POST /backup is served here.\n");
      return;
    }
    // One backup at a time: each holds the whole database in memory while it is written.
    running = running.then(async () => {
      const started = Date.now();
      try {
        const { bytes, manifest, heldMs } = await makeBackup(database, dataDir, systemClock);
        res.writeHead(200, {
          "Content-Type": "application/gzip",
          "Content-Length": bytes.length,
          Connection: "close",
        });
        res.end(bytes);
        const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
        console.log(
          `Backup taken for npm run db:backup: ${rows} rows, ${(bytes.length / 1e6).toFixed(1)} MB, in ${Date.now() - started} ms (the database answered nothing else for ${heldMs} ms of it).`,
        );
      } catch (e) {
        console.error("A backup failed:", e);
        res
          .writeHead(500, { "Content-Type": "text/plain; charset=utf-8" })
          .end(`The server could not take the backup: ${(e as Error).message}\n`);
      }
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      // The socket is made with the umask's mode (listen binds at once): no one else's from its first moment.
      const umask = process.umask(0o177);
      try {
        server.listen(socketPath, () => {
          server.off("error", reject);
          resolve();
        });
      } finally {
        process.umask(umask);
      }
    });
  } catch (e) {
    // The site still serves; a backup then needs the server stopped, and db:backup says so.
    console.error(
      `Backups cannot be taken while this server runs: the socket ${socketPath} could not be opened (${(e as Error).message}).`,
    );
    return null;
  }
  fs.chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    // A backup under way is written to the end before the database closes.
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await running;
      server.closeIdleConnections();
      await closed;
      fs.rmSync(socketPath, { force: true });
    },
  };
}
