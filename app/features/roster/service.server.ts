import type { Config } from "~/lib/env.server";
import { serverSecret } from "~/lib/secret.server";
import { provides } from "~/lib/service";
import { Signer } from "~/lib/signer.server";
import { rosterKeysContext } from "./context";

/** The roster's part of the running server: the hasher of its API keys. */
export const startRoster = (config: Config) =>
  provides(rosterKeysContext, new Signer(serverSecret(config), "roster-api-key"));
