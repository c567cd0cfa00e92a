import path from "node:path";
import type { Db } from "~/db/client.server";
import { syncBlog } from "~/features/blog/content-sync.server";
import { syncVideos } from "~/features/cih/content-sync.server";
import { syncCountryGuides } from "~/features/country-guides/content-sync.server";
import { syncCareers, syncFaq } from "~/features/help/content-sync.server";
import { syncJumpstart } from "~/features/jumpstart/content-sync.server";
import { syncWorkshops } from "~/features/workshops/content-sync.server";
import { type SyncReport, syncContent } from "~/features/content/sync.server";

/**
 * Every area of content/, synchronised together (content/README.md): by `npm run content:sync`, and on
 * start unless content/ is as it was at the last sync (`skipUnchanged`).
 */
export const syncAllContent = (
  db: Db,
  rootDir: string,
  options: { skipUnchanged?: boolean } = {},
): Promise<SyncReport> =>
  syncContent(
    db,
    path.join(rootDir, "content"),
    [syncBlog, syncVideos, syncJumpstart, syncCountryGuides, syncFaq, syncCareers, syncWorkshops],
    options,
  );
