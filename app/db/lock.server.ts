import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Who holds `dataDir`'s lock, if a live process does. */
export function lockHolder(dataDir: string): { pid: number; owner: string } | null {
  try {
    const holder = JSON.parse(fs.readFileSync(path.join(dataDir, "owner.lock"), "utf8"));
    return typeof holder.pid === "number" && isAlive(holder.pid)
      ? { pid: holder.pid, owner: String(holder.owner ?? "unknown") }
      : null;
  } catch {
    return null;
  }
}

/**
 * PGlite has no locking between processes: two writers silently lose rows.
 * So one process owns a data folder, and a second one is refused with what to do.
 * A lock left by a process that died is taken over.
 */
export function lockDataDir(dataDir: string, owner: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "owner.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, owner }), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        try {
          fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      let holder: { pid?: number; owner?: string } = {};
      try {
        holder = JSON.parse(fs.readFileSync(file, "utf8"));
      } catch {
        // unreadable lock: treat as stale
      }
      if (holder.pid && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DataDirLockedError(
          `The embedded database in ${path.resolve(dataDir)} is in use by another process ` +
            `(${holder.owner ?? "unknown"}, pid ${holder.pid}). Only one process may open it at a time: ` +
            `stop that process first (command-line tools such as "npm run db:seed" run only while the server is stopped), ` +
            `or point DATA_DIR at another folder.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${path.resolve(dataDir)}.`);
}
