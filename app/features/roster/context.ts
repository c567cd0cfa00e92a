import { createContext } from "react-router";
import type { Signer } from "~/lib/signer.server";

/** Hashes the roster API's keys (HMAC with a key derived from the server's secret) to find them stored. */
export const rosterKeysContext = createContext<Signer>();
