import { createContext } from "react-router";
import type { RequestAccess } from "~/features/access/access.server";
import type { Services } from "./services.server";

/** The application's services, set by the server for every request (see server/app.ts). */
export const servicesContext = createContext<Services>();
/** The client's address as the server sees it (after TRUST_PROXY). */
export const clientIpContext = createContext<string>();
/** Who is asking and where, resolved once per request by the root middleware. */
export const accessContext = createContext<RequestAccess>();
