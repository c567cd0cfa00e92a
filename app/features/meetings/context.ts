import { createContext } from "react-router";
import type { Signer } from "~/lib/signer.server";

/** Signs the links that let a person cancel or move their booked meeting. */
export const meetingLinksContext = createContext<Signer>();
