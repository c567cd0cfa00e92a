import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "~/db/client.server";
import type { Clock } from "~/lib/clock";
import type { Config } from "~/lib/env.server";
import { provides } from "~/lib/service";
import { sessionsContext } from "./context";
import { SessionStore } from "./session.server";

/** The embedded database keeps a generated secret beside its data, created once. */
function embeddedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
  return fs.readFileSync(file, "utf8").trim();
}

export function startAuth(db: Db, config: Config, clock: Clock) {
  const sessions = new SessionStore(db, config.SESSION_SECRET ?? embeddedSessionSecret(config.DATA_DIR), undefined, undefined, clock);
  return { sessions, service: provides(sessionsContext, sessions) };
}
