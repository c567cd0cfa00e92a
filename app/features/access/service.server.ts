import type { Db } from "~/db/client.server";
import type { Clock } from "~/lib/clock";
import { StartupError, provides } from "~/lib/service";
import { micrositesContext } from "./context";
import { MicrositeDirectory } from "./microsites.server";

export async function startAccess(db: Db, pinnedSlug: string | undefined, clock: Clock) {
  const microsites = new MicrositeDirectory(db, pinnedSlug, undefined, clock);
  if (pinnedSlug && !(await microsites.bySlugOrNull(pinnedSlug))) {
    throw new StartupError(
      `MICROSITE_UNIVERSITY: no university has the slug "${pinnedSlug}". Use the slug of an existing university, or unset it.`,
    );
  }
  return { microsites, service: provides(micrositesContext, microsites) };
}
