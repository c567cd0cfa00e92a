import { createContext } from "react-router";
import type { Clock } from "./clock";
import type { Config } from "./env.server";

/** The validated configuration, set by the server for every request (see server/app.ts). */
export const configContext = createContext<Config>();
/** The client's address as the server sees it (after TRUST_PROXY). */
export const clientIpContext = createContext<string>();
/** The app's clock (see clock.ts). */
export const clockContext = createContext<Clock>();
/** The content/ folder the server synchronised on start (the career videos' files are served from it). */
export const contentDirContext = createContext<string>();
