import type { RouterContextProvider } from "react-router";
import { configContext } from "~/lib/context";
import { publicOrigin } from "~/lib/public-origin";
import { accessContext } from "./context";

/**
 * The origin this request's pages are published under (`publicOrigin`): the microsite's registered
 * host when the request is for one, else the main site. A deployment pinned to one university is
 * its main site: PUBLIC_URL is the university's own address there.
 */
export function siteOrigin(context: Readonly<RouterContextProvider>): string {
  const config = context.get(configContext);
  const microsite = config.MICROSITE_UNIVERSITY ? null : context.get(accessContext).microsite;
  return publicOrigin(config, microsite?.micrositeHost);
}
