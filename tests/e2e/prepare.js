// The end-to-end tests' database, made before the server opens it (the server then holds it alone), in
// one process rather than one per step: a small job feed (with a job whose closing date has passed); the
// demo register, jobs and student activity, which a first start would otherwise make in the background
// while the first tests run (slowing their requests past their timeouts); and sessions for the demo
// accounts, opened with the server's own session store and secret, whose tokens go to a file the
// `loginAs` fixture hands them out from. A test thus logs in as a browser is after the login form,
// without the form and its argon2 check; nothing served gives a session without the password.
// `DATA_DIR=… node tests/e2e/prepare.js <tokens file> <sessions per account> <email>...`
import fs from "node:fs";
import path from "node:path";
import { ensureBuild, rootDir } from "../../scripts/ensure-build.js";

const [file, count, ...emails] = process.argv.slice(2);
if (!file || !(Number(count) > 0) || !emails.length) {
  console.error("Usage: DATA_DIR=… node tests/e2e/prepare.js <tokens file> <sessions per account> <email>...");
  process.exit(2);
}
process.env.NODE_ENV ??= "production";
ensureBuild();
const { runCli, startAuth, withMigratedDatabase } = await import("../../build/server/index.js");

for (const command of [
  ["jobs-import", "tests/e2e/jobs-feed.jsonl", "--source", "e2e"],
  ["seed", "--demo"],
]) {
  const code = await runCli(command, rootDir);
  if (code !== 0) process.exit(code);
}

const tokens = await withMigratedDatabase(rootDir, "end-to-end sessions", async (database, config) => {
  const { sessions } = startAuth(database.db, config, () => new Date());
  const accounts = await database.db.query.users.findMany({ columns: { id: true, email: true } });
  const byEmail = {};
  for (const email of emails) {
    const account = accounts.find((a) => a.email === email);
    if (!account) throw new Error(`No account has the email ${email}: the demo data has no such account.`);
    byEmail[email] = [];
    for (let i = 0; i < Number(count); i++) byEmail[email].push(await sessions.create(account.id));
  }
  return byEmail;
});
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, JSON.stringify(tokens));
