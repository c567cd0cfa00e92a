import { createContext } from "react-router";

export type DemoRegisterImport = { readonly loading: boolean; done: Promise<void>; stop(): Promise<void> };

/** The first start's import of the demo register, which runs while the server already serves. */
export const sponsorRegisterContext = createContext<DemoRegisterImport>();
