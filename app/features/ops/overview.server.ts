import { desc } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/db/context";
import { jobsPage, oldestWaitingJob } from "~/db/jobs.server";
import { sponsorSnapshots } from "~/db/schema";
import { requireStaff } from "~/features/access/index.server";
import { oldestQueuedEmail, outboxPage } from "~/features/email/index.server";
import { sourcesPage } from "~/features/job-sources/index.server";
import { registerFreshness } from "~/features/sponsors";
import { clockContext } from "~/lib/context";
import { todayInLondon } from "~/lib/dates";
import { readListQuery } from "~/lib/list-query";
import { enquiryList } from "./enquiries.server";
import { moderationQueue } from "./moderation.server";

type Context = Readonly<RouterContextProvider>;

/**
 * /ops: who is signed in, and what waits for the team, each section's own count (the same queries
 * as its page, asked for one row): items to moderate, enquiries not handled, failed emails and jobs
 * with the oldest waiting, job sources failing run after run, and the sponsor register's age.
 */
export async function loadOverview(url: URL, context: Context) {
  const staff = requireStaff(context);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  // One row of each list is enough: its total is the count.
  const firstOf = <Sort extends string>(sort: Sort) =>
    readListQuery(new URL("/", url), { sorts: [sort], sort, dir: "desc", pageSize: 1 });
  const [moderation, enquiries, failedEmails, oldestEmail, failedJobs, oldestJob, failingSources, [newest]] =
    await Promise.all([
      moderationQueue(db, firstOf("submitted"), ""),
      enquiryList(db, firstOf("date"), { kind: "", status: "open" }),
      outboxPage(db, { status: "failed", pattern: null, sort: "created", dir: "desc", offset: 0, limit: 1 }),
      oldestQueuedEmail(db),
      jobsPage(db, { now, state: "failed", kind: null, sort: "created", dir: "desc", offset: 0, limit: 1 }),
      oldestWaitingJob(db, now),
      sourcesPage(db, { failingOnly: true, pattern: null, sort: "added", dir: "asc", offset: 0, limit: 1 }),
      db
        .select({ date: sponsorSnapshots.registerDate })
        .from(sponsorSnapshots)
        .orderBy(desc(sponsorSnapshots.registerDate))
        .limit(1),
    ]);
  const age = (at: Date | null) => (at ? Math.max(0, now.getTime() - at.getTime()) : null);
  return {
    name: staff.name,
    waiting: {
      moderation: moderation.total,
      enquiries: enquiries.total,
      failedEmails: failedEmails.total,
      oldestEmailMs: age(oldestEmail),
      failedJobs: failedJobs.total,
      oldestJobMs: age(oldestJob),
      failingSources: failingSources.total,
      register: registerFreshness(newest?.date ?? null, todayInLondon(now)),
    },
  };
}

export type OverviewData = Awaited<ReturnType<typeof loadOverview>>;
