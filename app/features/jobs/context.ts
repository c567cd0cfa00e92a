import { createContext } from "react-router";
import type { NewsletterLinks } from "./unsubscribe.server";

/** Signs and checks the job emails' unsubscribe links. */
export const newsletterLinksContext = createContext<NewsletterLinks>();
