import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import { provides } from "~/lib/service";
import { type DemoRegisterImport, sponsorRegisterContext } from "./context";
import { todayInLondon } from "~/lib/dates";
import { type ImportSummary, importRegister } from "./import.server";

/** The register of 2021-11-02 shipped as demo data (Open Government Licence v3.0). */
const DEMO_REGISTER = path.join("seed-data", "uk-sponsor-register", "register-2021-11-02.csv.gz");

/** A register file or http(s) address as a stream of bytes, gunzipped when it ends in .gz. */
export async function openRegisterSource(source: string): Promise<AsyncIterable<Uint8Array>> {
  let stream: Readable;
  if (/^https?:\/\//i.test(source)) {
    const response = await fetch(source);
    if (!response.ok || !response.body) throw new Error(`${source} answered ${response.status} ${response.statusText}`);
    stream = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>);
  } else {
    stream = fs.createReadStream(source);
    // Opening fails asynchronously; wait for it so a missing file is reported as such.
    await new Promise<void>((resolve, reject) => stream.once("open", () => resolve()).once("error", reject));
  }
  return new URL(source, "file:///").pathname.endsWith(".gz") ? stream.pipe(createGunzip()) : stream;
}

/** The register date written in a file name ("register-2021-11-02.csv"), if any. */
export function dateInName(source: string): string | null {
  return /(\d{4}-\d{2}-\d{2})/.exec(path.basename(new URL(source, "file:///").pathname))?.[1] ?? null;
}

/**
 * The demo register a new database gets: the shipped 2021 register, another file named by
 * DEMO_SPONSOR_REGISTER (test servers use a small one), or none at all ("none").
 */
export function demoRegisterFile(rootDir: string, setting: string | undefined): string | null {
  if (setting === "none") return null;
  return path.resolve(rootDir, setting ?? DEMO_REGISTER);
}

/** Imports the demo register when no register has been imported yet. */
export async function importDemoRegisterIfEmpty(
  db: Db,
  file: string | null,
  signal?: AbortSignal,
): Promise<ImportSummary | null> {
  if (!file) return null;
  const [row] = await rowsOf<{ any: boolean }>(db, sql`select exists (select 1 from sponsor_snapshots) as any`);
  if (row?.any) return null;
  return importRegister(db, await openRegisterSource(file), {
    registerDate: dateInName(file) ?? todayInLondon(new Date()),
    source: path.basename(file),
    signal,
  });
}

/**
 * The embedded database's first start imports the demo register (about 2 s) after the server is
 * already serving, so starting stays fast; pages say the register is loading meanwhile. Stopping
 * the server abandons an unfinished import: its transaction rolls back and the next start retries.
 */
export function startDemoRegisterImport(db: Db | null, file: string | null): DemoRegisterImport {
  const controller = new AbortController();
  let loading = db !== null && file !== null;
  const done = (db ? importDemoRegisterIfEmpty(db, file, controller.signal) : Promise.resolve(null)).then(
    (summary) => {
      if (summary)
        console.log(
          `Imported the demo sponsor register of ${summary.registerDate}: ${summary.organisations} organisations.`,
        );
    },
    (error: unknown) => {
      if (!controller.signal.aborted) console.error("The demo sponsor register could not be imported:", error);
    },
  );
  void done.finally(() => (loading = false));
  return {
    get loading() {
      return loading;
    },
    done,
    async stop() {
      controller.abort();
      await done;
    },
  };
}

/** The sponsor checker's part of the running server (only the embedded database imports on start). */
export function startSponsors(db: Db | null, file: string | null) {
  const register = startDemoRegisterImport(db, file);
  return { service: provides(sponsorRegisterContext, register, () => register.stop()), imported: register.done };
}
