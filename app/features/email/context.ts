import { createContext } from "react-router";
import type { Outbox } from "./outbox.server";

/** Where actions queue the emails they send. */
export const outboxContext = createContext<Outbox>();
