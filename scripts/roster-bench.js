// `npm run bench:roster`: a university's student records synced from a file of 50,000 lines on PGlite
// (an embedded database in a throwaway folder), in-process: the preview, the first sync (every
// student created and invited), the same file again (all unchanged), and a full sync with 10% of
// the lines changed and 1% of the students missing (marked as left). The baseline, measured in the
// same run, is writing as many rows plainly into a table shaped like the records.
// A measurement, not a test: it exits 0 when the target is missed, 1 when something broke.
// `--students N` makes a smaller run while working on it.
import { fail, runBench, throwawayDataDir } from "./bench-support.js";
import { ensureBuild, rootDir } from "./ensure-build.js";

const at = process.argv.indexOf("--students");
const STUDENTS = at < 0 ? 50_000 : Number(process.argv[at + 1]);
if (!Number.isInteger(STUDENTS) || STUDENTS < 100) {
  console.error("--students must be a whole number of at least 100");
  process.exit(2);
}
const TARGET_S = 30;

async function timed(fn) {
  const t = performance.now();
  const result = await fn();
  return { result, s: (performance.now() - t) / 1000 };
}

await runBench("bench:roster", async () => {
  ensureBuild();
  process.env.NODE_ENV = "production";
  process.env.DATA_DIR = throwawayDataDir("roster-bench");
  process.env.DATABASE_URL = "";
  const { withMigratedDatabase, rosterBench } = await import("../build/server/index.js");
  await withMigratedDatabase(rootDir, "bench:roster", async (database) => {
    const db = database.db;
    const { university, adminId } = await rosterBench.benchUniversity(db);
    const sync = (file, mode, dryRun) =>
      rosterBench.syncRoster(
        { db, outbox: rosterBench.benchOutbox(), now: new Date(), origin: "http://localhost" },
        university,
        { source: "upload", adminId },
        [file],
        { mode, dryRun },
      );
    const first = rosterBench.rosterFile(STUDENTS);
    const changed = rosterBench.rosterFile(STUDENTS, { changed: STUDENTS / 10, missing: STUDENTS / 100 });
    const baseline = await timed(() => rosterBench.plainInsert(db, STUDENTS));
    const runs = [
      ["preview of the first file (dry run)", first, "full", true],
      ["first sync: every student created and invited", first, "full", false],
      ["the same file again: all unchanged", first, "full", false],
      ["full sync: 10% changed, 1% missing (left)", changed, "full", false],
    ];
    const n = STUDENTS.toLocaleString("en-GB");
    console.log(
      `\n| ${n} students (PGlite, in-process) | created | updated | unchanged | left | seconds | / baseline | target < ${TARGET_S} s |\n| --- | --- | --- | --- | --- | --- | --- | --- |`,
    );
    console.log(`| baseline: ${n} rows inserted plainly | | | | | ${baseline.s.toFixed(1)} | 1× | |`);
    for (const [name, file, mode, dryRun] of runs) {
      const { result, s } = await timed(() => sync(file, mode, dryRun));
      if (result.status === "invalid")
        fail(`${name}: the file was refused: ${JSON.stringify(result.errors.slice(0, 3))}`);
      console.log(
        `| ${name} | ${result.created} | ${result.updated} | ${result.unchanged} | ${result.left} | ${s.toFixed(1)} | ${(s / baseline.s).toFixed(1)}× | ${s < TARGET_S ? "met" : "missed"} |`,
      );
    }
  });
});
