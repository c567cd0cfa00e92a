import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBackup } from "~/db/backup.server";
import { openDatabase } from "~/db/client.server";
import { tar } from "~/lib/tar.server";
import { createSession, createUniversity, createUser } from "../tests/support/factories";
import { type TableDigest, tableDigests } from "../tests/support/table-digests";
import { commandEnvironment, migratedDataDir, runCommand } from "./cli-test-support";

// `npm run db:backup` and `npm run db:restore` as scripts/db.js runs them, with no server on the data
// folder (tests/http/backups.test.ts takes a backup through a running server).
const work = fs.mkdtempSync(path.join(os.tmpdir(), "careers-backup-cli-"));
const dataDir = path.join(work, "data");
const backupFile = path.join(work, "backups", "nightly.tar.gz");
const SECRET = "a-generated-session-secret-for-this-test-0123456789";
let restoreEnvironment = () => {};
let before: Record<string, TableDigest>;

async function digestsOf(folder: string) {
  const database = await openDatabase({ dataDir: folder });
  try {
    return await tableDigests(database.db);
  } finally {
    await database.close();
  }
}

/** What is in `work` but the data folder and the backups: what a restore left behind. */
const leftovers = () => fs.readdirSync(work).filter((name) => name !== "data" && name !== "backups");

beforeAll(async () => {
  restoreEnvironment = commandEnvironment(dataDir);
  migratedDataDir(dataDir);
  fs.writeFileSync(path.join(dataDir, "session-secret"), SECRET, { mode: 0o600 });
  const database = await openDatabase({ dataDir });
  try {
    const university = await createUniversity(database.db, { name: "Backed Up University" });
    for (const name of ["Ada", "Grace", "Alan"]) {
      const user = await createUser(database.db, { name, universityId: university.id });
      await createSession(database.db, user.id);
    }
    before = await tableDigests(database.db);
  } finally {
    await database.close();
  }
});
afterAll(() => {
  restoreEnvironment();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("npm run db:backup with no server running", () => {
  it("backs the database and its session secret up into one private file, made directly", async () => {
    const { code, stdout } = await runCommand("backup", "--out", backupFile);
    expect(code).toBe(0);
    expect(stdout).toContain(`No server is running on ${dataDir}: the backup is made directly`);
    expect(stdout).toMatch(
      new RegExp(`Backup written to ${backupFile} \\(\\d+\\.\\d MB\\), made directly: \\d+ migrations`),
    );
    expect(stdout).toContain("It holds the session secret too");
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(backupFile))).toEqual(["nightly.tar.gz"]);
    const { manifest, sessionSecret } = await readBackup(fs.readFileSync(backupFile));
    expect(Buffer.from(sessionSecret!).toString()).toBe(SECRET);
    expect(manifest.tables.users).toBe(before.users!.rows);
    // The lock was let go: the folder opens again.
    expect(fs.existsSync(path.join(dataDir, "owner.lock"))).toBe(false);
  });

  it("never writes over a file", async () => {
    const { code, stderr } = await runCommand("backup", "--out", backupFile);
    expect(code).toBe(1);
    expect(stderr).toContain(`${backupFile} already exists: a backup is never written over another file`);
  });
});

describe("npm run db:restore", () => {
  it("restores into a new folder named after DATA_DIR and the backup's time, holding every row of every table", async () => {
    const { code, stdout } = await runCommand("restore", backupFile);
    expect(code).toBe(0);
    const { manifest } = await readBackup(fs.readFileSync(backupFile));
    const stamp = manifest.createdAt.replace(/\.\d+Z$/, "Z").replaceAll(":", "-");
    const target = `${dataDir}-restored-${stamp}`;
    expect(stdout).toContain(`into ${target}:`);
    expect(stdout).toContain("each table as the backup counted it");
    expect(stdout).toContain(`  DATA_DIR=${target} npm start`);
    expect(fs.readFileSync(path.join(target, "session-secret"), "utf8")).toBe(SECRET);
    expect(fs.statSync(path.join(target, "session-secret")).mode & 0o777).toBe(0o600);
    const after = await digestsOf(target);
    expect(Object.keys(after).length).toBeGreaterThan(50);
    expect(after).toEqual(before);
    expect(after.sessions!.rows).toBeGreaterThanOrEqual(3);
    fs.rmSync(target, { recursive: true });
  });

  it("refuses a folder that exists and is not empty, leaving it as it was", async () => {
    const occupied = path.join(work, "occupied");
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, "notes.txt"), "mine");
    const { code, stderr } = await runCommand("restore", backupFile, "--data-dir", occupied);
    expect(code).toBe(1);
    expect(stderr).toContain(`${occupied} already exists and is not an empty folder`);
    expect(fs.readdirSync(occupied)).toEqual(["notes.txt"]);
    fs.rmSync(occupied, { recursive: true });
  });

  it("says a cut-short file was not written to the end, and makes no folder", async () => {
    const cut = path.join(work, "backups", "cut.tar.gz");
    const whole = fs.readFileSync(backupFile);
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const target = path.join(work, "from-cut");
    const { code, stderr } = await runCommand("restore", cut, "--data-dir", target);
    expect(code).toBe(1);
    expect(stderr).toContain(`${cut} cannot be restored: it is cut short`);
    expect(stderr).toContain("Nothing was written.");
    expect(leftovers()).toEqual([]);
  });

  it("says a damaged file is damaged, and makes no folder", async () => {
    const damaged = path.join(work, "backups", "damaged.tar.gz");
    const bytes = Buffer.from(fs.readFileSync(backupFile));
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    fs.writeFileSync(damaged, bytes);
    const { code, stderr } = await runCommand("restore", damaged, "--data-dir", path.join(work, "from-damaged"));
    expect(code).toBe(1);
    expect(stderr).toMatch(/cannot be restored: it is (not a gzip file or is damaged|not a backup of this platform)/);
    expect(leftovers()).toEqual([]);
  });

  it("says a file of something else is not a backup", async () => {
    const other = path.join(work, "backups", "other.tar.gz");
    fs.writeFileSync(other, zlib.gzipSync(tar([{ name: "notes.txt", data: Buffer.from("hello") }])));
    const { code, stderr } = await runCommand("restore", other);
    expect(code).toBe(1);
    expect(stderr).toContain("it is not a backup of this platform (it holds no backup.json)");
    expect(leftovers()).toEqual([]);
  });

  it("removes what it wrote when the database in the backup does not open", async () => {
    // A backup whose database is cut in half, with a manifest that agrees: only opening it finds out.
    const { manifest, sessionSecret, folder } = await readBackup(fs.readFileSync(backupFile));
    const half = folder.subarray(0, Math.floor(folder.length / 2));
    const { createHash } = await import("node:crypto");
    const forged = {
      ...manifest,
      database: { bytes: half.length, sha256: createHash("sha256").update(half).digest("hex") },
    };
    const file = path.join(work, "backups", "half.tar.gz");
    fs.writeFileSync(
      file,
      zlib.gzipSync(
        tar([
          { name: "backup.json", data: Buffer.from(JSON.stringify(forged)) },
          { name: "session-secret", data: sessionSecret! },
          { name: "pglite.tar", data: half },
        ]),
      ),
    );
    const target = path.join(work, "from-half");
    const { code, stderr } = await runCommand("restore", file, "--data-dir", target);
    expect(code).toBe(1);
    expect(stderr).toContain(`${file} cannot be restored: its database does not open`);
    expect(stderr).toContain(`Nothing was left in ${target}.`);
    expect(leftovers()).toEqual([]);
  });

  it("asks for a file", async () => {
    const { code, stderr } = await runCommand("restore");
    expect(code).toBe(2);
    expect(stderr).toContain("Usage: npm run db:restore -- FILE [--data-dir NEW_FOLDER]");
  });
});

describe("on PostgreSQL", () => {
  it("points to pg_dump and pg_restore and fails, touching nothing", async () => {
    const put = commandEnvironment(dataDir, {
      DATABASE_URL: "postgres://careers@db.example/careers",
      SESSION_SECRET: "a-session-secret-of-at-least-32-characters",
    });
    try {
      const backup = await runCommand("backup");
      expect(backup.code).toBe(1);
      expect(backup.stderr).toMatch(/pg_dump -Fc -f backup-[\dT-]+Z\.dump "\$DATABASE_URL"/);
      expect(backup.stderr).not.toContain("db.example");
      const restore = await runCommand("restore", backupFile);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain('pg_restore --no-owner -d "postgres://USER@HOST/NEW_DATABASE" FILE.dump');
      expect(restore.stderr).toContain("npm run db:migrate");
    } finally {
      put();
    }
    expect(leftovers()).toEqual([]);
  });
});
