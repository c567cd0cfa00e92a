import { createContext } from "react-router";
import type { DemoRegisterImport } from "./source.server";

/** The first start's import of the demo register, which runs while the server already serves. */
export const sponsorRegisterContext = createContext<DemoRegisterImport>();
