import { createContext } from "react-router";
import type { SessionStore } from "./session.server";

export const sessionsContext = createContext<SessionStore>();
