import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import {
  type BackupManifest,
  BackupFileError,
  backupFileName,
  backupSocketPath,
  holdsDatabase,
  makeBackup,
  readBackup,
  restoreBackup,
} from "~/db/backup.server";
import { DataDirLockedError, lockHolder } from "~/db/lock.server";
import { openAppDatabase } from "~/db/open.server";
import { migrationCount } from "~/db/setup.server";
import { type Config, loadConfig } from "~/lib/env.server";

const BACKUP_USAGE = "Usage: npm run db:backup [-- --out FILE or FOLDER]";
const RESTORE_USAGE = "Usage: npm run db:restore -- FILE [--data-dir NEW_FOLDER]";
const count = (n: number) => n.toLocaleString("en-GB");

/** A flag's value, given as `--flag VALUE` or `--flag=VALUE`; the rest of the arguments apart. */
function option(flags: string[], name: string): { value: string | undefined; rest: string[] } | null {
  const rest: string[] = [];
  let value: string | undefined;
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i]!;
    if (flag === name) {
      value = flags[++i];
      if (value === undefined) return null;
    } else if (flag.startsWith(`${name}=`)) value = flag.slice(name.length + 1);
    else rest.push(flag);
  }
  return { value, rest };
}

/** On PostgreSQL the platform has nothing to add to the server's own tools: what to run instead. */
function postgresTools(command: "backup" | "restore"): number {
  console.error(
    [
      `DATABASE_URL names a PostgreSQL server: npm run db:${command} is for the embedded database. Use PostgreSQL's own tools`,
      "(docs/operations.md, Backups). A backup, a consistent snapshot taken while the servers run:",
      `  pg_dump -Fc -f ${backupFileName(new Date()).replace(".tar.gz", ".dump")} "$DATABASE_URL"`,
      "A restore, into a new empty database (createdb), then DATABASE_URL pointed at it:",
      '  pg_restore --no-owner -d "postgres://USER@HOST/NEW_DATABASE" FILE.dump',
      "  npm run db:migrate    (with the new DATABASE_URL: a dump of an earlier version needs its newer migrations)",
    ].join("\n"),
  );
  return 1;
}

/**
 * Asks the server holding the data folder for a backup over its socket (server/backup-socket.ts) and
 * writes the answer to `file`. False when no server answers there.
 */
function backupFromServer(socketPath: string, file: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      { socketPath, method: "POST", path: "/backup", agent: false, headers: { Connection: "close" } },
      (res) => {
        answered = true;
        if (res.statusCode !== 200) {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => reject(new Error(text.trim() || `The server answered ${res.statusCode}.`)));
          return;
        }
        pipeline(res, fs.createWriteStream(file, { flags: "wx", mode: 0o600 })).then(
          () => resolve(true),
          (e) => reject(new Error(`The backup stopped before its end (${(e as Error).message}).`)),
        );
      },
    );
    req.on("error", (e) => {
      if (answered) return;
      const code = (e as NodeJS.ErrnoException).code;
      // No socket, or one left by a server that died.
      if (code === "ENOENT" || code === "ECONNREFUSED") resolve(false);
      else reject(e);
    });
    req.end();
  });
}

/** With no server running: the backup made here, with the data folder locked meanwhile. */
async function backupDirectly(config: Config, file: string): Promise<void> {
  const { database, release } = await openAppDatabase(config, "npm run db:backup");
  try {
    const { bytes } = await makeBackup(database, config.DATA_DIR, () => new Date());
    fs.writeFileSync(file, bytes, { flag: "wx", mode: 0o600 });
  } finally {
    await database.close();
    release();
  }
}

const rowsOf = (manifest: BackupManifest) => Object.values(manifest.tables).reduce((a, b) => a + b, 0);

/** `npm run db:backup [-- --out FILE]`: a backup of the embedded database, while the server runs or not. */
export async function runBackup(flags: string[]): Promise<number> {
  const parsed = option(flags, "--out");
  if (!parsed || parsed.rest.length) {
    console.error(parsed?.rest.length ? `Unknown option ${parsed.rest[0]}\n${BACKUP_USAGE}` : BACKUP_USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  if (config.DATABASE_URL) return postgresTools("backup");
  const dataDir = path.resolve(config.DATA_DIR);
  if (!holdsDatabase(dataDir)) {
    console.error(`There is no embedded database in ${dataDir} to back up (DATA_DIR).`);
    return 1;
  }
  let file = path.resolve(parsed.value ?? backupFileName(new Date()));
  const folderNamed = parsed.value !== undefined && /[/\\]$/.test(parsed.value);
  if (folderNamed || (fs.existsSync(file) && fs.statSync(file).isDirectory()))
    file = path.join(file, backupFileName(new Date()));
  if (fs.existsSync(file)) {
    console.error(`${file} already exists: a backup is never written over another file. Choose another name.`);
    return 1;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written under another name until it is whole and read back, so a file of that name is a backup.
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  const socketPath = backupSocketPath(dataDir);
  try {
    const holder = lockHolder(dataDir);
    let how: string;
    if (await backupFromServer(socketPath, partial)) {
      how = `taken by the running server${holder ? ` (pid ${holder.pid})` : ""} while it served`;
    } else {
      if (holder) {
        console.error(
          `The embedded database in ${dataDir} is in use by another process (${holder.owner}, pid ${holder.pid}), ` +
            `which does not take backups: a server does only once it is serving (try again then), and a ` +
            `command-line tool never (wait for it to end).`,
        );
        return 1;
      }
      console.log(`No server is running on ${dataDir}: the backup is made directly, with the folder locked meanwhile.`);
      await backupDirectly(config, partial);
      how = "made directly";
    }
    const { manifest } = await readBackup(fs.readFileSync(partial));
    fs.renameSync(partial, file);
    const size = (fs.statSync(file).size / 1e6).toFixed(1);
    console.log(
      `Backup written to ${file} (${size} MB), ${how}: ${manifest.migrations} migrations, ` +
        `${Object.keys(manifest.tables).length} tables, ${count(rowsOf(manifest))} rows.`,
    );
    console.log(
      manifest.sessionSecret
        ? "It holds the session secret too (DATA_DIR/session-secret): keep it as private as the data folder."
        : config.SESSION_SECRET
          ? "It holds no session secret: the server takes it from SESSION_SECRET, which a restored copy needs as well."
          : "It holds no session secret: DATA_DIR has none yet (the server makes it at its first start).",
    );
    if (config.SSO_SECRET_KEY)
      console.log("SSO_SECRET_KEY is set in the environment, not in the backup: keep it with the backup.");
    return 0;
  } catch (e) {
    fs.rmSync(partial, { force: true });
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      return 1;
    }
    console.error(`No backup was written: ${(e as Error).message}`);
    return 1;
  }
}

/** A restore's folder must be new, or empty; says so when it is not. */
function usableTarget(target: string): boolean {
  if (!fs.existsSync(target) || (fs.statSync(target).isDirectory() && fs.readdirSync(target).length === 0)) return true;
  console.error(
    `${target} already exists and is not an empty folder: a backup is restored only into a new folder, ` +
      "so that no data is written over. Name another with --data-dir.",
  );
  return false;
}

/** `npm run db:restore -- FILE [--data-dir DIR]`: a backup into a new data folder, checked before it is named. */
export async function runRestore(flags: string[], rootDir: string): Promise<number> {
  const parsed = option(flags, "--data-dir");
  const unknown = parsed?.rest.find((f) => f.startsWith("-"));
  if (!parsed || unknown || parsed.rest.length !== 1 || parsed.value === "") {
    console.error(unknown ? `Unknown option ${unknown}\n${RESTORE_USAGE}` : RESTORE_USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  if (config.DATABASE_URL) return postgresTools("restore");
  const file = path.resolve(parsed.rest[0]!);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    console.error(`There is no file ${file} to restore.`);
    return 1;
  }
  // A folder named is checked before the file is read (a large backup takes a while to read and check).
  if (parsed.value !== undefined && !usableTarget(path.resolve(parsed.value))) return 1;
  let backup;
  try {
    backup = await readBackup(fs.readFileSync(file));
  } catch (e) {
    if (!(e instanceof BackupFileError)) throw e;
    console.error(`${file} cannot be restored: ${e.message}. Nothing was written.`);
    return 1;
  }
  const stamp = backupFileName(new Date(backup.manifest.createdAt)).slice("backup-".length, -".tar.gz".length);
  const target = path.resolve(parsed.value ?? `${path.resolve(config.DATA_DIR)}-restored-${stamp}`);
  if (!usableTarget(target)) return 1;
  // Made under another name and named only once it opens and holds every row, so a half-made folder
  // never looks like a data folder.
  const staging = path.join(path.dirname(target), `.${path.basename(target)}.restoring`);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
  let restored;
  try {
    restored = await restoreBackup(backup, staging);
    if (fs.existsSync(target)) fs.rmdirSync(target);
    fs.renameSync(staging, target);
  } catch (e) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (!(e instanceof BackupFileError)) throw e;
    console.error(`${file} cannot be restored: ${e.message}. Nothing was left in ${target}.`);
    return 1;
  }
  const { manifest } = backup;
  const known = migrationCount(rootDir);
  const lines = [
    `Restored ${file} (taken ${manifest.createdAt.replace("T", " ").replace(/\.\d+Z$/, " UTC")}) into ${target}:`,
    `${restored.migrations} migrations, ${restored.tables} tables and ${count(restored.rows)} rows, each table as the backup counted it.`,
  ];
  if (restored.migrations < known)
    lines.push(
      `It is of an earlier version (${restored.migrations} of this version's ${known} migrations): the server applies the other ${known - restored.migrations} when it starts.`,
    );
  if (restored.migrations > known)
    lines.push(
      `It is of a later version (${restored.migrations} migrations, this version has ${known}): run that version on it.`,
    );
  lines.push(
    manifest.sessionSecret
      ? "The session secret is restored with it: sessions open when the backup was taken stay open."
      : "It holds no session secret: if its server had SESSION_SECRET, start with the same (and the same SSO_SECRET_KEY); otherwise the server makes a new one, and the sessions the backup holds end.",
    "Start the server on it with:",
    `  DATA_DIR=${target} npm start`,
  );
  console.log(lines.join("\n"));
  return 0;
}
