import { and, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import { workshops } from "~/db/schema";
import { type ContentArea, changedEntries, readFolder } from "~/features/content/index.server";
import { zonedTime } from "~/lib/time-zones";
import { workshopFileSchema } from "./content-schema";

/**
 * The platform's own workshops from content/workshops/<slug>.md (a university's are added on the
 * workshops page and never touched here). A changed file changes its workshop and raises its
 * sequence, so calendars take the new time; a removed file, or `status: cancelled`, cancels it, and
 * the reminders job tells those registered.
 */
export const syncWorkshops: ContentArea = async (tx, dir, report) => {
  const folder = readFolder(dir, "workshops", workshopFileSchema, report.problems);
  const ours = and(isNull(workshops.universityId), isNotNull(workshops.sourceHash));
  const changed = await changedEntries(tx, report, folder.entries, workshops, ours);
  const universities = new Set(
    (await tx.select({ slug: workshops.slug }).from(workshops).where(isNotNull(workshops.universityId))).map(
      (w) => w.slug,
    ),
  );
  for (const e of changed) {
    if (universities.has(e.slug)) {
      report.problems.push({
        file: e.file,
        line: 1,
        message: `a university's workshop already has the address ${e.slug}: rename the file`,
      });
      continue;
    }
    const startsAt = zonedTime(e.data.day, e.data.time, e.data.timeZone);
    const values = {
      title: e.data.title,
      summary: e.data.summary,
      startsAt,
      endsAt: new Date(startsAt.getTime() + e.data.minutes * 60_000),
      timeZone: e.data.timeZone,
      format: e.data.format,
      joinUrl: e.data.format === "online" ? e.data.joinUrl! : null,
      venue: e.data.format === "in-person" ? e.data.venue! : null,
      capacity: e.data.capacity,
      recordingUrl: e.data.recording ?? null,
      status: e.data.status ?? "published",
      sourceHash: e.hash,
    };
    await tx
      .insert(workshops)
      .values({ slug: e.slug, ...values })
      .onConflictDoUpdate({ target: workshops.slug, set: { ...values, sequence: sql`${workshops.sequence} + 1` } });
  }
  const gone = await tx
    .update(workshops)
    .set({ status: "cancelled", sourceHash: "", sequence: sql`${workshops.sequence} + 1` })
    .where(
      and(
        ours,
        sql`${workshops.status} = 'published'`,
        folder.present.length ? notInArray(workshops.slug, folder.present) : sql`true`,
      ),
    )
    .returning({ id: workshops.id });
  report.unpublished += gone.length;
};
