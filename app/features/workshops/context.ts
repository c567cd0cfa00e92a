import { createContext } from "react-router";
import type { Signer } from "~/lib/signer.server";

/** Signs the links that let a person see or give up their place at a workshop. */
export const workshopLinksContext = createContext<Signer>();
