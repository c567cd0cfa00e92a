import path from "node:path";
import type { RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import { dbContext, rateLimiterContext } from "~/db/context";
import { openAppDatabase, readyForServing } from "~/db/open.server";
import { JobRunner } from "~/db/jobs.server";
import { RateLimiter } from "~/db/rate-limiter.server";
import type { MicrositeDirectory } from "~/features/access/microsites.server";
import { startAccess } from "~/features/access/service.server";
import type { SessionStore } from "~/features/auth/session.server";
import { accountDeletionHooksContext } from "~/features/accounts";
import { startAccounts } from "~/features/accounts/service.server";
import { tellOfAppointmentsOnDeletion } from "~/features/appointments/index.server";
import { startAppointments } from "~/features/appointments/service.server";
import { releasePlacesOnDeletion } from "~/features/career-fairs/index.server";
import { startAuth } from "~/features/auth/service.server";
import { startGraduateOutcomes } from "~/features/graduate-outcomes/service.server";
import { formatReport } from "~/features/content/sync.server";
import { syncAllContent } from "./content.server";
import { startEmail } from "~/features/email/service.server";
import { SOC_UNIT_GROUPS_FILE } from "~/features/jobs/demo.server";
import { socClassifierContext } from "~/features/jobs";
import { loadSocClassifier } from "~/features/jobs/index.server";
import { startDemoActivity } from "~/features/analytics/demo.server";
import { startDemoOutcomes } from "~/features/graduate-outcomes/demo.server";
import { startDemoEmployers } from "~/features/applications/demo.server";
import { startJobAlerts } from "~/features/jobs/alerts-service.server";
import { startJobSources } from "~/features/job-sources/service.server";
import { startRuleDayRecompute } from "~/features/jobs/rule-days.server";
import { startJobExpiry } from "~/features/jobs/maintenance.server";
import { startCvCleanup } from "~/features/cv/service.server";
import { startEbooks } from "~/features/ebooks/service.server";
import { startMeetings } from "~/features/meetings/service.server";
import { startRoster } from "~/features/roster/service.server";
import { startSso } from "~/features/sso/index.server";
import { startWorkshops } from "~/features/workshops/service.server";
import { startDemoJobs } from "~/features/jobs/service.server";
import { demoRegisterFile, startSponsors } from "~/features/sponsors/source.server";
import { startRegisterRefresh } from "~/features/sponsors/refresh-job.server";
import { OFFICIAL_REGISTER_URL } from "~/features/sponsors/freshness";
import { recomputeJobVerdicts } from "~/features/jobs/cli.server";
import { checkEmployerLicences } from "~/features/employers/index.server";
import { publicOrigin } from "~/lib/public-origin";
import { type Clock, systemClock } from "~/lib/clock";
import { clockContext, configContext, contentDirContext } from "~/lib/context";
import type { Config } from "~/lib/env.server";
import { type Service, provides } from "~/lib/service";

/**
 * The composition root: opens the database, starts each part of the app and hands every request
 * what the parts provide. The access checks served ahead of React Router use sessions and
 * microsites directly, so those two are kept here as well.
 */
export type Services = {
  config: Config;
  database: Database;
  sessions: SessionStore;
  microsites: MicrositeDirectory;
  /** Puts every part's values into one request's context. */
  provide(context: RouterContextProvider): void;
  /** Stops the job runner ahead of the rest (a shutdown): see JobRunner.stop. */
  stopJobs(graceMs: number): Promise<void>;
  close(): Promise<void>;
};

export async function createServices(
  config: Config,
  rootDir: string,
  {
    clock = systemClock,
    database: given,
    whenOpen,
  }: {
    clock?: Clock;
    database?: Database;
    /** Called once the database is open (the embedded one locked to this process), before the start's long steps. */
    whenOpen?: () => Promise<void>;
  } = {},
): Promise<Services> {
  // A database given is its giver's to close.
  const { database, release } = given
    ? { database: given, release: () => {} }
    : await openAppDatabase(config, "web server");
  const started: Service[] = [];
  const close = async () => {
    for (const service of started.reverse()) await service.close?.();
    if (!given) await database.close();
    release();
  };
  try {
    await whenOpen?.();
    await readyForServing(database, rootDir, config);
    const content = await syncAllContent(database.db, rootDir, { skipUnchanged: true });
    if (content.created || content.updated || content.unpublished || content.problems.length)
      console.log(formatReport(content));

    const auth = startAuth(database.db, config, clock);
    const access = await startAccess(database.db, config.MICROSITE_UNIVERSITY, clock);
    const jobs = new JobRunner(database.db, clock);
    // On a PostgreSQL server the demo register and jobs arrive with `npm run db:seed -- --demo` instead.
    const embedded = database.kind === "pglite" ? database.db : null;
    const sponsors = startSponsors(embedded, demoRegisterFile(rootDir, config.DEMO_SPONSOR_REGISTER));
    const email = startEmail(database.db, config, clock, jobs);
    const demoJobs = startDemoJobs(
      embedded,
      path.join(rootDir, SOC_UNIT_GROUPS_FILE),
      config.DEMO_JOBS,
      sponsors.imported,
      clock,
    );
    const demoEmployers = startDemoEmployers(embedded, demoJobs.generated, clock, () => loadSocClassifier(rootDir));
    const demoActivity = startDemoActivity(embedded, demoEmployers.posted, clock);
    started.push(
      provides(configContext, config),
      provides(contentDirContext, path.join(rootDir, "content")),
      provides(socClassifierContext, () => loadSocClassifier(rootDir)),
      provides(clockContext, clock),
      provides(dbContext, database.db),
      provides(rateLimiterContext, new RateLimiter(database.db, clock)),
      auth.service,
      access.service,
      // Before the register's service, so it stops after it: stopping aborts an import under way, which the demo jobs wait for.
      demoJobs,
      // After the demo jobs in this list, so it stops before them: it waits for them.
      demoEmployers,
      // After the demo employers' jobs: its counts include them.
      demoActivity,
      // After the demo activity in this list, so it stops before it: it waits for it.
      startDemoOutcomes(embedded, demoActivity.generated, clock),
      sponsors.service,
      // A new register may license or drop employers of open jobs: their verdicts are judged again, as after the
      // command, once the employers that left it have lost their badge.
      startRegisterRefresh(database.db, jobs, config.SPONSOR_REGISTER_PAGE ?? OFFICIAL_REGISTER_URL, async (db) => {
        await checkEmployerLicences({ db, outbox: email.outbox, now: clock(), origin: publicOrigin(config) });
        await recomputeJobVerdicts(db, clock());
      }),
      email.service,
      startAccounts(database.db, clock, jobs, email.outbox),
      startJobAlerts(database.db, config, clock, jobs, email.outbox),
      startJobSources(database.db, config, clock, jobs, rootDir),
      startRuleDayRecompute(database.db, clock, jobs),
      startJobExpiry(database.db, clock, jobs),
      startCvCleanup(database.db, clock, jobs),
      startMeetings(config),
      startRoster(config),
      startSso(database.db, config, clock, jobs),
      startEbooks(config),
      startWorkshops(database.db, config, clock, jobs, email.outbox),
      startAppointments(database.db, config, clock, jobs, email.outbox),
      // An account deleted: those who had appointments with it are told, and its places at fairs go to those waiting.
      provides(accountDeletionHooksContext, [
        tellOfAppointmentsOnDeletion(email.outbox, publicOrigin(config)),
        releasePlacesOnDeletion(email.outbox, publicOrigin(config)),
      ]),
      startGraduateOutcomes(database.db, config, clock, jobs, email.outbox),
      // Last, so it stops first: no job is cut off by the parts it uses closing.
      { provide: () => {}, close: () => jobs.stop() },
    );
    jobs.start();
    return {
      config,
      database,
      sessions: auth.sessions,
      microsites: access.microsites,
      provide: (context) => {
        for (const service of started) service.provide(context);
      },
      stopJobs: (graceMs) => jobs.stop(graceMs),
      close,
    };
  } catch (e) {
    await close().catch(() => {});
    throw e;
  }
}
