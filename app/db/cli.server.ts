import path from "node:path";
import { formatReport, syncContent } from "~/features/blog/content-sync.server";
import { htmlToText } from "~/features/blog/markdown.server";
import { moderateStory, pendingStories } from "~/features/blog/stories.server";
import { loadConfig } from "~/lib/env.server";
import { openAppDatabase } from "~/lib/services.server";
import { importDemoRegisterIfEmpty } from "~/features/sponsors/source.server";
import { migrate, seedDemoData } from "./setup.server";

const USAGE = `Usage:
  npm run db:migrate             apply pending migrations and reference data
  npm run db:seed [-- --demo]    reference data; with --demo also the demo universities, accounts and sponsor register
  npm run content:sync           bring the blog, success stories and case studies in line with content/
  npm run stories -- list        success stories sent through the form and waiting for moderation
  npm run stories -- approve ID  publish one (reject ID keeps it hidden for good)`;

/** `npm run db:migrate` and `npm run db:seed`; on the embedded database only while the server is stopped. */
export async function runCli(argv: string[], rootDir: string): Promise<number> {
  const [command, ...flags] = argv;
  if (command === "stories") return moderate(flags, rootDir);
  if (command !== "migrate" && command !== "seed" && command !== "content-sync") {
    console.error(USAGE);
    return 2;
  }
  const unknown = flags.filter((f) => f !== "--demo");
  if (unknown.length || (command !== "seed" && flags.length)) {
    console.error(`Unknown option ${unknown[0] ?? flags[0]}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig(process.env);
  const { database, release } = await openAppDatabase(config, rootDir, `npm run db:${command}`);
  try {
    await migrate(database, rootDir);
    if (command === "content-sync") {
      const report = await syncContent(database.db, path.join(rootDir, "content"));
      console.log(formatReport(report));
      return report.problems.length ? 1 : 0;
    }
    if (command === "seed" && flags.includes("--demo")) {
      await seedDemoData(database.db);
      const register = await importDemoRegisterIfEmpty(database.db, rootDir);
      console.log(`Demo universities and accounts are in place${register ? `, and the sponsor register of ${register.registerDate}` : ""}.`);
    }
    console.log(`Database ready (${database.kind === "pglite" ? `embedded, ${config.DATA_DIR}` : "PostgreSQL server"}).`);
    return 0;
  } finally {
    await database.close();
    release();
  }
}

async function moderate([action, id, ...rest]: string[], rootDir: string): Promise<number> {
  const valid = (action === "list" && !id) || ((action === "approve" || action === "reject") && /^\d+$/.test(id ?? ""));
  if (!valid || rest.length) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  const { database, release } = await openAppDatabase(config, rootDir, "npm run stories");
  try {
    await migrate(database, rootDir);
    if (action === "list") {
      const stories = await pendingStories(database.db);
      if (!stories.length) console.log("No stories are waiting.");
      for (const s of stories) {
        console.log(`#${s.id}  ${s.createdAt.toISOString().slice(0, 10)}  ${s.name} <${s.email}>, ${s.role} at ${s.employer} (${s.university})\n    ${htmlToText(s.storyHtml).slice(0, 300)}\n`);
      }
      return 0;
    }
    const decision = action === "approve" ? "approved" : "rejected";
    if (!(await moderateStory(database.db, Number(id), decision))) {
      console.error(`No story waiting for moderation has the id ${id}. "npm run stories -- list" shows them.`);
      return 1;
    }
    console.log(`Story #${id} ${decision === "approved" ? "is published on /success-stories" : "is rejected and stays hidden"}.`);
    return 0;
  } finally {
    await database.close();
    release();
  }
}
