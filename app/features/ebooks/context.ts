import { createContext } from "react-router";
import type { Signer } from "~/lib/signer.server";

/** Signs the e-books' expiring download links. */
export const ebookLinksContext = createContext<Signer>();
