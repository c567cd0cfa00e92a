import { sql } from "drizzle-orm";
import { check, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * What the last synchronisation of content/ read (app/features/content/sync.server.ts): one row, written
 * in the sync's transaction. A start that finds the same fingerprint skips the sync; a sync that left
 * problems keeps none, so the next start reads the files again and reports them again.
 */
export const contentSync = pgTable(
  "content_sync",
  {
    id: integer("id").primaryKey().default(1),
    fingerprint: text("fingerprint"),
  },
  (t) => [check("content_sync_one_row", sql`${t.id} = 1`)],
);
