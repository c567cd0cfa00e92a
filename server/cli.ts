import path from "node:path";
import { formatReport } from "~/features/content/sync.server";
import { syncAllContent } from "./content.server";
import { htmlToText } from "~/lib/markdown.server";
import { linksIn } from "~/features/email/compose";
import { Outbox, emailById, recentEmails, senderDomain } from "~/features/email/outbox.server";
import { approveAdminByEmail, staffAwaitingApproval } from "~/features/accounts/approvals.server";
import { systemClock } from "~/lib/clock";
import { moderateStory, pendingStories } from "~/features/blog/index.server";
import { runSponsorsImport, runSponsorsRefresh } from "~/features/sponsors/cli.server";
import { recomputeJobVerdicts, runJobsImport, runJobsRecompute } from "~/features/jobs/cli.server";
import { SOC_UNIT_GROUPS_FILE } from "~/features/jobs/demo.server";
import { generateDemoActivity } from "~/features/analytics/demo.server";
import { generateDemoOutcomes } from "~/features/graduate-outcomes/demo.server";
import { generateDemoEmployers } from "~/features/applications/demo.server";
import { loadSocClassifier } from "~/features/jobs/index.server";
import { generateDemoJobs } from "~/features/jobs/service.server";
import { demoRegisterFile, importDemoRegisterIfEmpty } from "~/features/sponsors/source.server";
import type { Db } from "~/db/client.server";
import { withMigratedDatabase } from "~/db/open.server";
import { SYSTEM_ACTOR } from "~/db/audit.server";
import { seedDemoData } from "~/db/setup.server";
import { addStaff, resetAuthenticator, staffMembers } from "~/features/staff/index.server";
import { secretsKey } from "~/lib/secret-box.server";
import { checkEmployerLicences } from "~/features/employers/index.server";
import { runJobSourcesCommand } from "~/features/job-sources/index.server";
import { loadConfig } from "~/lib/env.server";
import { publicOrigin } from "~/lib/public-origin";
import { runBackup, runRestore } from "./backup-cli";

const USAGE = `Usage:
  npm run db:migrate             apply pending migrations and reference data
  npm run db:seed [-- --demo [--jobs N]]   reference data; with --demo also the demo universities, accounts, sponsor register and jobs (N, default DEMO_JOBS: 3,000; 0 for none)
  npm run db:backup [-- --out FILE]   a backup of the embedded database into one file, through the server while it runs
  npm run db:restore -- FILE [--data-dir DIR]   a backup into a new data folder, opened and its rows counted first
  npm run content:sync           bring the blog, success stories and case studies in line with content/
  npm run stories -- list        success stories sent through the form and waiting for moderation
  npm run stories -- approve ID  publish one (reject ID keeps it hidden for good) [--reason TEXT], emailed to its sender
  npm run sponsors:import -- <file or URL> [--date YYYY-MM-DD]
  npm run sponsors:refresh [-- --page URL]   import the newest register from GOV.UK's page, if newer
  npm run mail -- list           the newest 50 emails of the outbox, with their status
  npm run mail -- show ID        one email: its headers, links and plain text
  npm run jobs:import -- <file or URL> [--source NAME] [--skip-bad]   import a job feed (JSON Lines or CSV)
  npm run jobs:sources -- list | add KIND URL [--employer NAME] [--every 6h] | run ID | off ID | remove ID   the sources jobs are fetched from
  npm run jobs:recompute         judge every open job's sponsorship again (after new rules; an import of the register does it)
  npm run admins -- list         university staff accounts waiting for approval
  npm run admins -- approve EMAIL   approve one (a university's first administrator; later ones are approved by an administrator)
  npm run staff -- add EMAIL [--name NAME]   a platform staff account (the operations console), with a one-time link to choose its password
  npm run staff -- list          the platform staff accounts
  npm run staff -- reset-authenticator EMAIL   remove a staff member's authenticator and recovery codes (lost both): they enrol again at their next login`;

/**
 * The database commands of scripts/db.js (`npm run db:migrate`, `db:seed`, `content:sync`, `stories`,
 * `sponsors:import`, `sponsors:refresh`); on the embedded database only while the server is stopped,
 * but for `db:backup`, which the running server serves.
 */
export async function runCli(argv: string[], rootDir: string): Promise<number> {
  const [command, ...flags] = argv;
  if (command === "backup") return runBackup(flags);
  if (command === "restore") return runRestore(flags, rootDir);
  if (command === "stories") return moderate(flags, rootDir);
  if (command === "mail") return mail(flags, rootDir);
  if (command === "admins") return admins(flags, rootDir);
  if (command === "staff") return staff(flags, rootDir);
  if (command === "jobs-import") return runJobsImport(flags, rootDir);
  if (command === "jobs-recompute") return runJobsRecompute(flags, rootDir);
  if (command === "jobs-sources") return runJobSourcesCommand(flags, rootDir);
  if (command === "sponsors-import") return runSponsorsImport(flags, rootDir, judgeJobsAgain);
  if (command === "sponsors-refresh") return runSponsorsRefresh(flags, rootDir, process.env, judgeJobsAgain);
  if (command === "content-sync") {
    if (flags.length) return usage(`Unknown option ${flags[0]}`);
    return withMigratedDatabase(rootDir, "npm run content:sync", async ({ db }) => {
      const report = await syncAllContent(db, rootDir);
      console.log(formatReport(report));
      return report.problems.length ? 1 : 0;
    });
  }
  if (command !== "migrate" && command !== "seed") return usage();
  // `--jobs N` sizes the demo jobs (npm run bench:jobs seeds 100,000).
  const jobsAt = flags.indexOf("--jobs");
  const jobCount = jobsAt < 0 ? null : Number(flags[jobsAt + 1]);
  if (jobCount !== null && !(Number.isInteger(jobCount) && jobCount >= 0 && jobCount <= 1_000_000))
    return usage("--jobs must be a whole number from 0 to 1,000,000");
  const unknown = flags.filter((f, i) => f !== "--demo" && !(jobsAt >= 0 && (i === jobsAt || i === jobsAt + 1)));
  if (unknown.length || (command === "migrate" && flags.length))
    return usage(`Unknown option ${unknown[0] ?? flags[0]}`);
  if (jobsAt >= 0 && !flags.includes("--demo")) return usage("--jobs goes with --demo");
  return withMigratedDatabase(rootDir, `npm run db:${command}`, async (database, config) => {
    if (command === "seed" && flags.includes("--demo")) {
      await seedDemoData(database.db, secretsKey(config));
      const register = await importDemoRegisterIfEmpty(
        database.db,
        demoRegisterFile(rootDir, config.DEMO_SPONSOR_REGISTER),
      );
      const jobs = await generateDemoJobs(
        database.db,
        path.join(rootDir, SOC_UNIT_GROUPS_FILE),
        new Date(),
        jobCount ?? config.DEMO_JOBS,
      );
      const activity = await generateDemoActivity(database.db, new Date());
      const outcomes = await generateDemoOutcomes(database.db, new Date());
      const employers = await generateDemoEmployers(database.db, new Date(), () => loadSocClassifier(rootDir));
      console.log(
        `Demo universities and accounts are in place${register ? `, and the sponsor register of ${register.registerDate}` : ""}${jobs ? `, and ${jobs} demo jobs` : ""}${activity ? `, and ${activity} events of demo student activity` : ""}${outcomes ? ` with ${outcomes} graduate outcomes surveys` : ""}${employers.jobs ? `, and ${employers.jobs} jobs of the demo employers with ${employers.applications} applications` : ""}.`,
      );
    }
    console.log(
      `Database ready (${database.kind === "pglite" ? `embedded, ${config.DATA_DIR}` : "PostgreSQL server"}).`,
    );
    return 0;
  });
}

/**
 * A new register may license or drop employers of open jobs: employers whose entry left it lose their
 * badge (their people's emails wait in the outbox for the server), then the verdicts are judged again.
 */
async function judgeJobsAgain(db: Db): Promise<void> {
  const config = loadConfig();
  const outbox = new Outbox(systemClock, senderDomain(config.MAIL_FROM));
  const { lost } = await checkEmployerLicences({ db, outbox, now: systemClock(), origin: publicOrigin(config) });
  if (lost)
    console.log(
      `${lost} verified employer${lost === 1 ? "" : "s"} left the register and lost the licensed sponsor badge.`,
    );
  try {
    await recomputeJobVerdicts(db);
  } catch (e) {
    throw new Error(
      `the open jobs' sponsorship could not be judged again (run npm run jobs:recompute): ${(e as Error).message}`,
      { cause: e },
    );
  }
}

function usage(problem?: string): number {
  console.error(problem ? `${problem}\n${USAGE}` : USAGE);
  return 2;
}

async function moderate([action, id, ...rest]: string[], rootDir: string): Promise<number> {
  const reasonGiven =
    rest[0] === "--reason" ? rest[1] : rest[0]?.startsWith("--reason=") ? rest[0].slice(9) : undefined;
  const reason = reasonGiven?.trim() || null;
  const decides = (action === "approve" || action === "reject") && /^\d+$/.test(id ?? "");
  const valid =
    (action === "list" && !id && !rest.length) ||
    (decides && (!rest.length || (reason !== null && rest.length === (rest[0] === "--reason" ? 2 : 1))));
  if (!valid) return usage();
  return withMigratedDatabase(rootDir, "npm run stories", async ({ db }, config) => {
    if (action === "list") {
      const stories = await pendingStories(db);
      if (!stories.length) console.log("No stories are waiting.");
      for (const s of stories) {
        console.log(
          `#${s.id}  ${s.createdAt.toISOString().slice(0, 10)}  ${s.name} <${s.email}>, ${s.role} at ${s.employer} (${s.university})\n    ${htmlToText(s.storyHtml).slice(0, 300)}\n`,
        );
      }
      return 0;
    }
    const decision = action === "approve" ? "approved" : "rejected";
    // The email to the sender waits in the outbox; the server's worker sends it.
    const outbox = new Outbox(systemClock, senderDomain(config.MAIL_FROM));
    const origin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`;
    const deps = { db, outbox, now: systemClock(), origin };
    if (!(await moderateStory(deps, SYSTEM_ACTOR, Number(id), decision, reason))) {
      console.error(`No story waiting for moderation has the id ${id}. "npm run stories -- list" shows them.`);
      return 1;
    }
    console.log(
      `Story #${id} ${decision === "approved" ? "is published on /success-stories" : "is rejected and stays hidden"}.`,
    );
    return 0;
  });
}

async function mail([action, id, ...rest]: string[], rootDir: string): Promise<number> {
  const valid = (action === "list" && !id) || (action === "show" && /^\d+$/.test(id ?? ""));
  if (!valid || rest.length) return usage();
  return withMigratedDatabase(rootDir, "npm run mail", async ({ db }) => {
    if (action === "list") {
      const emails = await recentEmails(db);
      if (!emails.length) console.log("The outbox is empty.");
      for (const e of emails)
        console.log(
          `#${e.id}  ${e.createdAt.toISOString().slice(0, 16).replace("T", " ")}  ${e.status.padEnd(6)}  ${e.toAddress}  ${e.subject}`,
        );
      return 0;
    }
    const e = await emailById(db, Number(id));
    if (!e) {
      console.error(`No email has the id ${id}. "npm run mail -- list" shows them.`);
      return 1;
    }
    const links = linksIn(e.textBody);
    console.log(
      [
        `#${e.id} ${e.kind}, ${e.status}${e.sentAt ? ` ${e.sentAt.toISOString()}` : ""}${e.lastError ? ` (last error: ${e.lastError})` : ""}`,
        `To: ${e.toAddress}`,
        `Subject: ${e.subject}`,
        `Message-ID: ${e.messageId}`,
        ...(links.length ? ["Links:", ...links.map((l) => `  ${l}`)] : []),
        "",
        e.textBody,
      ].join("\n"),
    );
    return 0;
  });
}

async function admins([action, email, ...rest]: string[], rootDir: string): Promise<number> {
  const valid = (action === "list" && !email) || (action === "approve" && !!email?.includes("@"));
  if (!valid || rest.length) return usage();
  return withMigratedDatabase(rootDir, "npm run admins", async ({ db }, config) => {
    if (action === "list") {
      const waiting = await staffAwaitingApproval(db);
      if (!waiting.length) console.log("No staff account is waiting for approval.");
      for (const a of waiting) {
        console.log(
          `${a.email}  ${a.name}${a.jobTitle ? `, ${a.jobTitle}` : ""} at ${a.university}${a.confirmedAt ? "" : "  (address not confirmed yet)"}`,
        );
      }
      return 0;
    }
    // The approval email waits in the outbox; the server's worker sends it (at once with PostgreSQL, at its next start on PGlite).
    const outbox = new Outbox(systemClock, senderDomain(config.MAIL_FROM));
    const origin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`;
    const outcome = await approveAdminByEmail({ db, outbox, now: systemClock(), origin }, SYSTEM_ACTOR, email!);
    if (!outcome.ok) {
      console.error(outcome.message);
      return 1;
    }
    console.log(`${outcome.name} (${email}) is approved and will be told by email.`);
    return 0;
  });
}

async function staff([action, email, ...rest]: string[], rootDir: string): Promise<number> {
  const name = rest[0] === "--name" && rest.length === 2 ? rest[1] : undefined;
  const valid =
    (action === "list" && !email) ||
    (action === "add" && !!email && (rest.length === 0 || name)) ||
    (action === "reset-authenticator" && !!email && rest.length === 0);
  if (!valid) return usage();
  return withMigratedDatabase(rootDir, "npm run staff", async ({ db }, config) => {
    if (action === "reset-authenticator") {
      const outcome = await resetAuthenticator(db, email!, systemClock());
      if (!outcome.ok) {
        console.error(outcome.message);
        return 1;
      }
      console.log(
        `${outcome.name}'s authenticator and recovery codes are removed and their sessions have ended: they set up a new authenticator at their next login.`,
      );
      return 0;
    }
    if (action === "list") {
      const members = await staffMembers(db);
      if (!members.length) console.log('No platform staff account yet: "npm run staff -- add EMAIL" makes one.');
      for (const m of members) {
        const state = !m.hasPassword
          ? "no password chosen yet"
          : m.enrolled
            ? "two-step login on"
            : "authenticator not enrolled yet";
        console.log(`${m.email}  ${m.name}  (${m.accessStatus === "active" ? state : m.accessStatus})`);
      }
      return 0;
    }
    const origin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`;
    const outcome = await addStaff(db, { email: email!, name }, origin, systemClock());
    if (!outcome.ok) {
      console.error(outcome.message);
      return 1;
    }
    console.log(
      `${outcome.created ? "Made a platform staff account for" : "A new link for"} ${outcome.name} (${email}). ` +
        `Give them this link, once, to choose a password (it works for ${outcome.hours} hour${outcome.hours === 1 ? "" : "s"}); ` +
        `at their first login they set up an authenticator app:\n${outcome.link}`,
    );
    return 0;
  });
}
