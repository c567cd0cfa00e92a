import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { z } from "zod";
import { TarError, tarPieces, untar } from "~/lib/tar.server";
import { type Database, openDatabase } from "./client.server";

/**
 * A backup of the embedded database: one gzipped tar of three files.
 * - `backup.json`: what it is (the manifest below), with the rows of each table when it was taken.
 * - `session-secret`: DATA_DIR's generated secret, when there is one. Sessions are stored as HMACs
 *   under it, and in production without SSO_SECRET_KEY the key sealing single sign-on and staff
 *   authenticator secrets is derived from it: a restore without it would log everyone out and leave
 *   those secrets unreadable.
 * - `pglite.tar`: the database folder as PGlite's `dumpDataDir` writes it, which `loadDataDir` opens.
 */
export const BACKUP_FORMAT = "careers-platform-embedded-backup";
const MANIFEST = "backup.json";
const SECRET = "session-secret";
const DATABASE = "pglite.tar";

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  postgres: z.string(),
  migrations: z.number().int().nonnegative(),
  tables: z.record(z.string(), z.number().int().nonnegative()),
  sessionSecret: z.boolean(),
  database: z.object({ bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** A file that is not a whole backup of this platform; its message says what is wrong. */
export class BackupFileError extends Error {}

const gunzip = promisify(zlib.gunzip);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The socket a server on the embedded database takes backups through, inside its DATA_DIR. */
export function backupSocketPath(dataDir: string): string {
  const full = path.resolve(dataDir, "backup.sock");
  // A socket's path has room for 107 bytes; a long DATA_DIR may still fit relative to here.
  if (Buffer.byteLength(full) <= 107) return full;
  const relative = path.relative(process.cwd(), full);
  return Buffer.byteLength(relative) < Buffer.byteLength(full) ? relative : full;
}

/** Whether `dataDir` holds an embedded database (without creating one, as opening would). */
export function holdsDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"));
}

/** `backup-2026-11-28T22-30-00Z.tar.gz`: sorts by time and needs no quoting in a shell. */
export function backupFileName(at: Date): string {
  return `backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-")}.tar.gz`;
}

const TABLES = `select tablename as name from pg_tables where schemaname = 'public' order by tablename`;
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function migrationsApplied(query: <T>(text: string) => Promise<T[]>): Promise<number> {
  const [present] = await query<{ yes: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as yes`,
  );
  if (!present?.yes) return 0;
  const [row] = await query<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return row?.n ?? 0;
}

/** Each table's rows, counted by one statement (a query costs PGlite far more than a small count). */
async function rowsPerTable(query: <T>(text: string) => Promise<T[]>): Promise<Record<string, number>> {
  const names = (await query<{ name: string }>(TABLES)).map((t) => t.name);
  if (!names.length) return {};
  const counts = await query<{ name: string; n: number }>(
    names
      .map((name) => `select '${name.replaceAll("'", "''")}' as name, count(*)::int as n from public.${quoted(name)}`)
      .join(" union all "),
  );
  return Object.fromEntries(counts.map((c) => [c.name, c.n]));
}

/**
 * A backup of the embedded database (gzipped, as the file holds it), taken while the database runs
 * nothing else: the rows counted and the folder copied are of one moment. Other queries wait meanwhile
 * (`heldMs`); the compression after runs beside them.
 */
export async function makeBackup(
  database: Database,
  dataDir: string,
  now: () => Date,
): Promise<{ bytes: Buffer; manifest: BackupManifest; heldMs: number }> {
  if (!database.exclusive) throw new Error("Only the embedded database is backed up by the platform.");
  let heldMs = 0;
  const taken = await database.exclusive(async (embedded) => {
    const held = performance.now();
    const [version] = await embedded.query<{ version: string }>(`select version()`);
    const migrations = await migrationsApplied(embedded.query);
    const tables = await rowsPerTable(embedded.query);
    const createdAt = now();
    const dump = await embedded.dumpDataDir();
    heldMs = Math.round(performance.now() - held);
    return { postgres: version?.version ?? "", migrations, tables, createdAt, dump };
  });
  const folder = new Uint8Array(await taken.dump.arrayBuffer());
  const secretFile = path.join(dataDir, SECRET);
  const secret = fs.existsSync(secretFile) ? fs.readFileSync(secretFile) : null;
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: 1,
    createdAt: taken.createdAt.toISOString(),
    postgres: taken.postgres,
    migrations: taken.migrations,
    tables: taken.tables,
    sessionSecret: secret !== null,
    database: { bytes: folder.length, sha256: sha256(folder) },
  };
  const mtime = taken.createdAt;
  const pieces = tarPieces([
    { name: MANIFEST, data: Buffer.from(JSON.stringify(manifest, null, 2) + "\n"), mtime },
    ...(secret ? [{ name: SECRET, data: secret, mtime }] : []),
    { name: DATABASE, data: folder, mtime },
  ]);
  // Compressed piece by piece, in zlib's threads: the database is not copied once more into one tar.
  const compressed: Buffer[] = [];
  await pipeline(Readable.from(pieces), zlib.createGzip(), async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) compressed.push(chunk);
  });
  return { bytes: Buffer.concat(compressed), manifest, heldMs };
}

export type Backup = { manifest: BackupManifest; sessionSecret: Uint8Array | null; folder: Uint8Array };

/** The parts of a backup file's bytes, each checked; throws BackupFileError saying what is wrong. */
export async function readBackup(bytes: Uint8Array): Promise<Backup> {
  let archive: Buffer;
  try {
    archive = await gunzip(bytes);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new BackupFileError(
      code === "Z_BUF_ERROR"
        ? "it is cut short (its compressed data ends before the end): the backup was not written to the end"
        : `it is not a gzip file or is damaged (${(e as Error).message})`,
    );
  }
  let entries;
  try {
    entries = untar(archive);
  } catch (e) {
    if (e instanceof TarError) throw new BackupFileError(`it is not a backup of this platform: ${e.message}`);
    throw e;
  }
  const named = (name: string) => entries.find((e) => e.name === name)?.data ?? null;
  const manifestBytes = named(MANIFEST);
  if (!manifestBytes) throw new BackupFileError(`it is not a backup of this platform (it holds no ${MANIFEST})`);
  let manifest: BackupManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(Buffer.from(manifestBytes).toString("utf8")));
  } catch {
    throw new BackupFileError(`it is not a backup of this platform (its ${MANIFEST} is not one this version reads)`);
  }
  const folder = named(DATABASE);
  if (!folder) throw new BackupFileError(`it holds no database (${DATABASE})`);
  if (folder.length !== manifest.database.bytes || sha256(folder) !== manifest.database.sha256)
    throw new BackupFileError(`its database (${DATABASE}) is not the one its ${MANIFEST} describes: it is damaged`);
  const sessionSecret = named(SECRET);
  if (manifest.sessionSecret && !sessionSecret) throw new BackupFileError(`its ${SECRET} is missing`);
  return { manifest, sessionSecret, folder };
}

/** What a restored database holds: the same as the backup says, or restoreBackup throws. */
export type Restored = { migrations: number; tables: number; rows: number };

/**
 * Writes `backup` into `dataDir` (new and empty), opens it and checks that it holds the migrations
 * and every table's rows the backup recorded. Throws BackupFileError if it does not open or differs;
 * what it wrote is then the caller's to remove.
 */
export async function restoreBackup(backup: Backup, dataDir: string): Promise<Restored> {
  let database: Database;
  try {
    database = await openDatabase({ dataDir, loadDataDir: new Blob([backup.folder as Uint8Array<ArrayBuffer>]) });
  } catch (e) {
    throw new BackupFileError(`its database does not open (${(e as Error).message})`);
  }
  try {
    const client = database.exclusive!;
    const found = await client(async (embedded) => ({
      migrations: await migrationsApplied(embedded.query),
      tables: await rowsPerTable(embedded.query),
    }));
    const expected = backup.manifest;
    if (found.migrations !== expected.migrations)
      throw new BackupFileError(
        `the restored database has ${found.migrations} migrations applied where the backup had ${expected.migrations}`,
      );
    const names = new Set([...Object.keys(found.tables), ...Object.keys(expected.tables)]);
    for (const name of names) {
      if (found.tables[name] !== expected.tables[name])
        throw new BackupFileError(
          `the restored table ${name} has ${found.tables[name] ?? "no"} rows where the backup had ${expected.tables[name] ?? "no table"}`,
        );
    }
    if (backup.sessionSecret)
      fs.writeFileSync(path.join(dataDir, SECRET), backup.sessionSecret, { mode: 0o600, flag: "wx" });
    return {
      migrations: found.migrations,
      tables: names.size,
      rows: Object.values(found.tables).reduce((a, b) => a + b, 0),
    };
  } finally {
    await database.close();
  }
}
