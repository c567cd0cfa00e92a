import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "./env.server";

/**
 * The server's secret: SESSION_SECRET, or on the embedded database a generated one kept beside its
 * data, created once.
 */
export function serverSecret(config: Pick<Config, "SESSION_SECRET" | "DATA_DIR">): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.join(config.DATA_DIR, "session-secret");
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
  return fs.readFileSync(file, "utf8").trim();
}

/** A key of its own for each use of the secret, so a signature made for one use means nothing in another. */
export function derivedKey(secret: string, purpose: string): Buffer {
  return createHmac("sha256", secret).update(purpose).digest();
}
