import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/client.server";
import { migrate } from "~/db/setup.server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/** One migrated database per run; each test file restores it (0.4 s instead of 2.5 s for a new one). */
export default async function setup(project: TestProject) {
  const database = await openDatabase({});
  await migrate(database, process.cwd());
  const client = (database.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir("none");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pglite-snapshot-")), "migrated.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteSnapshot", file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
