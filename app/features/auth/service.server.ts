import type { Db } from "~/db/client.server";
import type { Clock } from "~/lib/clock";
import type { Config } from "~/lib/env.server";
import { serverSecret } from "~/lib/secret.server";
import { provides } from "~/lib/service";
import { sessionsContext } from "./context";
import { SessionStore } from "./session.server";

export function startAuth(db: Db, config: Config, clock: Clock) {
  const sessions = new SessionStore(db, serverSecret(config), undefined, undefined, clock);
  return { sessions, service: provides(sessionsContext, sessions) };
}
