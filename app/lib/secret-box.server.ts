import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { Config } from "~/lib/env.server";
import { derivedKey, serverSecret } from "~/lib/secret.server";

/**
 * Known to everyone who reads this file: it only stands in outside production, where nothing it
 * protects is real.
 */
const DEVELOPMENT_KEY = Buffer.from("development-only-sso-key-32bytes", "utf8");

/**
 * The key the secrets the platform must read back are encrypted with (single sign-on client secrets
 * and SP keys, platform staff's authenticator secrets), each under its own purpose: SSO_SECRET_KEY
 * (named for its first use); else, in production on the
 * embedded database (one process, its own data folder), one derived from the server secret generated
 * there; else the development key. A server database without SSO_SECRET_KEY never starts in
 * production (app/lib/env.server.ts).
 */
export function secretsKey(
  config: Pick<Config, "SSO_SECRET_KEY" | "NODE_ENV" | "SESSION_SECRET" | "DATA_DIR">,
): Buffer {
  if (config.SSO_SECRET_KEY) {
    const v = config.SSO_SECRET_KEY;
    return /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, "hex") : Buffer.from(v, "base64");
  }
  if (config.NODE_ENV === "production") return derivedKey(serverSecret(config), "sso-secrets"); // the label of its first use: changing it would lose what is sealed
  return DEVELOPMENT_KEY;
}

const VERSION = "v1";

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url; the purpose is bound in, so a value moved to another column does not decrypt. */
export function seal(key: Buffer, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The plain text of `seal`'s output; throws when the key, the purpose or a byte differs. */
export function open(key: Buffer, purpose: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
