import { and, asc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { recordEvent } from "~/db/events.server";
import { type AlertFrequency, type AlertSearch, type JobAlert, jobAlerts, users } from "~/db/schema";
import { composeEmail, greetingFor } from "~/features/email";
import type { Outbox } from "~/features/email/index.server";
import type { Occupation } from "~/features/sponsorship";
import { audienceOf } from "~/features/university-employers";
import { employersHiddenFrom } from "~/features/university-employers/index.server";
import { formatUkDay } from "~/lib/dates";
import { ALERTS_MAX, FREQUENCY_DAYS, describeSearch, searchAddress } from "./alerts";
import { SPONSORSHIP_LABELS, salaryLabel } from "./labels";
import { readJobSearch } from "./search-params";
import { searchJobs } from "./search.server";
import type { NewsletterLinks } from "./unsubscribe.server";

const DAY = 86_400_000;
/** An email lists this many of the new jobs and links to the rest. */
export const ALERT_EMAIL_JOBS = 10;

const nextRun = (from: Date, frequency: AlertFrequency) => new Date(from.getTime() + FREQUENCY_DAYS[frequency] * DAY);

/**
 * Saves a search for email alerts. The jobs already listed are not news: the first email holds jobs
 * added after this moment. The same search saved again changes its frequency instead.
 */
export async function createAlert(
  db: Db,
  userId: number,
  search: AlertSearch,
  frequency: AlertFrequency,
  now: Date,
): Promise<"created" | "updated" | "full"> {
  return db.transaction(async (tx) => {
    const mine = await tx.select().from(jobAlerts).where(eq(jobAlerts.userId, userId));
    const same = mine.find((a) => a.search.list === search.list && sameParams(a.search.params, search.params));
    if (same) {
      await tx
        .update(jobAlerts)
        .set({ frequency, pausedAt: null, nextRunAt: nextRun(same.lastRunAt, frequency) })
        .where(eq(jobAlerts.id, same.id));
      return "updated";
    }
    if (mine.length >= ALERTS_MAX) return "full";
    await tx
      .insert(jobAlerts)
      .values({ userId, search, frequency, createdAt: now, lastRunAt: now, nextRunAt: nextRun(now, frequency) });
    return "created";
  });
}

function sameParams(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a[k] ?? "").toLowerCase() === (b[k] ?? "").toLowerCase());
}

export function alertsOf(db: Db, userId: number): Promise<JobAlert[]> {
  return db
    .select()
    .from(jobAlerts)
    .where(eq(jobAlerts.userId, userId))
    .orderBy(asc(jobAlerts.createdAt), asc(jobAlerts.id));
}

/** Changes how often an alert emails (and starts a paused one again); false when it is not the person's. */
export async function setAlertFrequency(
  db: Db,
  userId: number,
  id: number,
  frequency: AlertFrequency,
): Promise<boolean> {
  const changed = await db
    .update(jobAlerts)
    .set({
      frequency,
      pausedAt: null,
      nextRunAt: sql`${jobAlerts.lastRunAt} + ${`${FREQUENCY_DAYS[frequency]} days`}::interval`,
    })
    .where(and(eq(jobAlerts.id, id), eq(jobAlerts.userId, userId)))
    .returning({ id: jobAlerts.id });
  return changed.length > 0;
}

export async function deleteAlert(db: Db, userId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(jobAlerts)
    .where(and(eq(jobAlerts.id, id), eq(jobAlerts.userId, userId)))
    .returning({ id: jobAlerts.id });
  return gone.length > 0;
}

/**
 * Stops every job email to an address (the unsubscribe link); the searches stay saved, paused, for
 * the person to start again. An address with no account or no alert changes nothing, and the
 * answer is the same, so the link tells nobody who has an account.
 */
export async function pauseAlertsOf(db: Db, email: string, now: Date): Promise<void> {
  await db
    .update(jobAlerts)
    .set({ pausedAt: now })
    .where(
      and(
        isNull(jobAlerts.pausedAt),
        sql`${jobAlerts.userId} in (select id from users where lower(email) = ${email.trim().toLowerCase()})`,
      ),
    );
}

export type AlertRunDeps = {
  db: Db;
  outbox: Outbox;
  links: NewsletterLinks;
  /** Where the links in the emails point: the main site. */
  origin: string;
  occupations: ReadonlyMap<string, Occupation>;
};

/**
 * Sends each due alert's new jobs: those added since its last run that match its search now. The
 * email, the event and the alert's move to its next run are one transaction, so a job is sent once
 * even if the run stops half-way. An alert with nothing new moves on without an email. Alerts of
 * accounts that cannot log in (unconfirmed, awaiting approval, refused, expired) wait. A student's
 * alert leaves out the employers that do not reach their university, read once a university a run.
 */
export async function runDueAlerts(
  deps: AlertRunDeps,
  now: Date,
  batch = 100,
): Promise<{ checked: number; sent: number }> {
  const { db } = deps;
  let checked = 0;
  let sent = 0;
  const hidden = new Map<number, Promise<ReadonlySet<number>>>();
  const hiddenFrom = (universityId: number) => {
    if (!hidden.has(universityId)) hidden.set(universityId, employersHiddenFrom(db, universityId));
    return hidden.get(universityId)!;
  };
  for (;;) {
    const due = await db
      .select({
        alert: jobAlerts,
        email: users.email,
        name: users.name,
        role: users.role,
        universityId: users.universityId,
      })
      .from(jobAlerts)
      .innerJoin(users, eq(users.id, jobAlerts.userId))
      .where(
        and(
          isNull(jobAlerts.pausedAt),
          lte(jobAlerts.nextRunAt, now),
          eq(users.accessStatus, "active"),
          isNotNull(users.emailVerifiedAt),
          sql`(${users.accessExpiresAt} is null or ${users.accessExpiresAt} > ${now.toISOString()}::timestamptz)`,
        ),
      )
      .orderBy(asc(jobAlerts.nextRunAt), asc(jobAlerts.id))
      .limit(batch);
    for (const row of due) {
      checked++;
      const audience = audienceOf(row);
      if (await runAlert(deps, row, now, audience === null ? null : await hiddenFrom(audience))) sent++;
    }
    if (due.length < batch) break;
  }
  if (sent) deps.outbox.flush();
  return { checked, sent };
}

async function runAlert(
  deps: AlertRunDeps,
  row: { alert: JobAlert; email: string; name: string; universityId: number | null },
  now: Date,
  hiddenEmployers: ReadonlySet<number> | null,
): Promise<boolean> {
  const { db } = deps;
  const { alert } = row;
  const moveOn = { lastRunAt: now, nextRunAt: nextRun(now, alert.frequency) };
  const read = readJobSearch(new URLSearchParams(alert.search.params));
  const within = alert.search.list === "/part-time-jobs" ? (["part-time", "temporary"] as const) : undefined;
  const found = read.ok
    ? await searchJobs(
        db,
        { ...read.search, sort: "date", within, addedAfter: alert.lastRunAt, hiddenEmployers },
        now,
        deps.occupations,
      )
    : null;
  if (!found || found.total === 0) {
    await db.update(jobAlerts).set(moveOn).where(eq(jobAlerts.id, alert.id));
    return false;
  }
  const shown = found.results.slice(0, ALERT_EMAIL_JOBS);
  const what = describeSearch(alert.search);
  const unsubscribe = deps.links.url(deps.origin, row.email);
  const email = composeEmail({
    subject: `${found.total === 1 ? "1 new job" : `${found.total} new jobs`} for your saved search`,
    greeting: greetingFor(row.name),
    paragraphs: [
      `${found.total === 1 ? "A job matching" : `${found.total} jobs matching`} your saved search (${what}) ${found.total === 1 ? "has" : "have"} been added since ${formatUkDay(alert.lastRunAt.toISOString())}.`,
    ],
    items: shown.map((job) => ({
      label: job.title,
      url: `${deps.origin}${job.url}`,
      detail: [
        job.employer.name,
        job.location.town,
        salaryLabel(job.salary, job.salary.competitive),
        SPONSORSHIP_LABELS[job.sponsorship.status],
      ]
        .filter(Boolean)
        .join(" · "),
    })),
    // The list cannot show only what is new to this alert: it opens the search, newest first.
    action:
      found.total > shown.length
        ? { label: "See the search, newest first", url: `${deps.origin}${searchAddress(alert.search)}` }
        : undefined,
    after: [
      `You get this email ${alert.frequency === "daily" ? "each day" : "each week"} there are new jobs, because you saved this search. Change or delete your alerts: ${deps.origin}/my-saved-jobs`,
      `Stop all job alert emails: ${unsubscribe}`,
    ],
  });
  await db.transaction(async (tx) => {
    await deps.outbox.queue(tx, {
      kind: "job-alert",
      to: row.email,
      universityId: row.universityId,
      email,
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    await recordEvent(tx, {
      kind: "job_alert.sent",
      at: now,
      userId: alert.userId,
      universityId: row.universityId,
      data: { alertId: alert.id, jobs: found.total },
    });
    await tx.update(jobAlerts).set(moveOn).where(eq(jobAlerts.id, alert.id));
  });
  return true;
}
