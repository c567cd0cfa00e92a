import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import type { Limit } from "~/db/rate-limiter.server";
import { ALERT_FREQUENCIES } from "~/db/schema/job-posting-values";
import { requireUser } from "~/features/access/index.server";
import { todayInLondon } from "~/lib/dates";
import { ruleSets } from "~/features/sponsorship";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { dispatchIntent } from "~/lib/intent";
import { formOf } from "~/lib/request-body.server";
import { safeLocalPath } from "~/lib/safe-redirect";
import { ALERTS_MAX, describeSearch, readAlertForm, searchAddress } from "./alerts";
import { alertsOf, createAlert, deleteAlert, setAlertFrequency } from "./alerts.server";
import { closedOn } from "./page.server";
import { SAVED_JOBS_PATH } from "./paths";
import { SAVED_JOBS_MAX, saveJob, savedJobsOf, unsaveJob } from "./saved.server";
import { jobResult } from "./search.server";

/** Changes to saved jobs and alerts each person may make in an hour (the forms write). */
export const SAVED_JOBS_LIMIT: Limit = { max: 120, windowSeconds: 60 * 60 };

/** The saved jobs (closing soonest first) and the alerts, each alert described in words. */
export async function loadSavedJobs(context: Readonly<RouterContextProvider>) {
  const user = requireUser(context);
  const db = context.get(dbContext);
  const today = todayInLondon(context.get(clockContext)());
  const [[rules], saved, alerts] = await Promise.all([
    ruleSets(),
    savedJobsOf(db, user.id, today),
    alertsOf(db, user.id),
  ]);
  return {
    today,
    saved: saved.map(({ job, savedAt }) => ({
      ...jobResult(job, rules!.occupations),
      closed: closedOn(job, today) !== null,
      savedAt: savedAt.toISOString(),
    })),
    alerts: alerts.map((a) => ({
      id: a.id,
      description: describeSearch(a.search),
      address: searchAddress(a.search),
      frequency: a.frequency,
      pausedAt: a.pausedAt?.toISOString() ?? null,
    })),
    alertsMax: ALERTS_MAX,
  };
}

export type SavedJobsPageData = Awaited<ReturnType<typeof loadSavedJobs>>;

const problem = (message: string, status: number) => data({ error: message }, { status });

/**
 * Every change a person makes to their saved jobs and alerts, from this page and from the save
 * buttons and alert form of the job lists (they post here and come back, with a one-time message).
 */
export async function savedJobsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requireUser(context);
  const form = await formOf(request);
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const wait = await context.get(rateLimiterContext).spend(`saved-jobs:user:${user.id}`, SAVED_JOBS_LIMIT);
  if (wait)
    return data(
      { error: `Too many changes in a short time. Wait ${Math.ceil(wait / 60)} minutes and try again.` },
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  const back = safeLocalPath(String(form.get("back") ?? "")) ?? SAVED_JOBS_PATH;
  const done = (message: string) =>
    redirect(back, { status: 303, headers: { "Set-Cookie": flashCookie(context.get(configContext), message) } });
  const slug = String(form.get("slug") ?? "");
  const alertId = Number(form.get("id"));
  const frequency = String(form.get("frequency") ?? "");
  const validSlug = /^[a-z0-9-]{1,200}$/.test(slug);
  const validAlert = Number.isInteger(alertId) && alertId > 0;
  const validFrequency = (ALERT_FREQUENCIES as readonly string[]).includes(frequency);

  return dispatchIntent<Promise<Response | ReturnType<typeof problem>>>(
    form,
    {
      save: async () => {
        if (!validSlug) return problem("That job could not be found.", 400);
        const result = await saveJob(db, user, slug, now);
        if (result === "not-found") return problem("That job could not be found. It may have been removed.", 404);
        if (result === "full")
          return problem(`You can keep at most ${SAVED_JOBS_MAX} saved jobs. Remove some first.`, 409);
        return done("Job saved. Find it in My saved jobs.");
      },
      unsave: async () => {
        if (!validSlug) return problem("That job could not be found.", 400);
        await unsaveJob(db, user.id, slug);
        return done("Job removed from your saved jobs.");
      },
      "alert-create": async () => {
        const read = readAlertForm(form);
        if (!read.ok) return problem(read.error, 400);
        const result = await createAlert(db, user.id, read.search, read.frequency, now);
        if (result === "full") return problem(`You can keep at most ${ALERTS_MAX} job alerts. Delete one first.`, 409);
        return done(
          result === "created"
            ? `Alert created: we will email you ${read.frequency === "daily" ? "each day" : "each week"} there are new jobs like these.`
            : `You already had this alert: it now emails ${read.frequency}.`,
        );
      },
      "alert-frequency": async () => {
        if (!validAlert || !validFrequency)
          return problem("Choose daily or weekly emails for one of your alerts.", 400);
        if (!(await setAlertFrequency(db, user.id, alertId, frequency as (typeof ALERT_FREQUENCIES)[number])))
          return problem("That alert could not be found.", 404);
        return done(`Alert changed: it emails ${frequency}.`);
      },
      "alert-delete": async () => {
        if (!validAlert) return problem("That alert could not be found.", 400);
        if (!(await deleteAlert(db, user.id, alertId))) return problem("That alert could not be found.", 404);
        return done("Alert deleted.");
      },
    },
    async () => problem("That action is not known. Reload the page and try again.", 400),
  );
}
