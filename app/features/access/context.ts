import { createContext } from "react-router";
import type { RequestAccess } from "./access.server";
import type { MicrositeDirectory } from "./microsites.server";

/** Who is asking and where, resolved once per request by the guard middleware. */
export const accessContext = createContext<RequestAccess>();
export const micrositesContext = createContext<MicrositeDirectory>();
