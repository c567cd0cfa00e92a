import { asc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { universities } from "~/db/schema";

/** Every university by name, for the main site's login page, where the visitor's is not known. */
export function universityChoices(db: Db): Promise<{ slug: string; name: string }[]> {
  return db
    .select({ slug: universities.slug, name: universities.name })
    .from(universities)
    .orderBy(asc(universities.name));
}
