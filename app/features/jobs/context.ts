import { createContext } from "react-router";
import type { SocClassifier } from "./soc-classifier";
import type { NewsletterLinks } from "./unsubscribe.server";

/** Signs and checks the job emails' unsubscribe links. */
export const newsletterLinksContext = createContext<NewsletterLinks>();

/** The SOC classifier, built on first use and kept (suggesting an employer's job's occupation from its title). */
export const socClassifierContext = createContext<() => Promise<SocClassifier>>();
