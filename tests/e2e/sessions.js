// Opens sessions for the end-to-end tests' demo accounts before the server starts (the server then holds
// the embedded database alone), with the server's own session store and secret, and writes their tokens
// to a file the `loginAs` fixture takes them from: `node tests/e2e/sessions.js <file> <count> <email>...`.
// A test thus logs in as a browser does after the login form, without the form and its argon2 check.
import fs from "node:fs";
import path from "node:path";
import { ensureBuild, rootDir } from "../../scripts/ensure-build.js";

const [file, count, ...emails] = process.argv.slice(2);
if (!file || !(Number(count) > 0) || !emails.length) {
  console.error("Usage: node tests/e2e/sessions.js <file> <count per account> <email>...");
  process.exit(2);
}
process.env.NODE_ENV ??= "production";
ensureBuild();
const { startAuth, withMigratedDatabase } = await import("../../build/server/index.js");
const tokens = await withMigratedDatabase(rootDir, "end-to-end sessions", async (database, config) => {
  const { sessions } = startAuth(database.db, config, () => new Date());
  const accounts = await database.db.query.users.findMany({ columns: { id: true, email: true } });
  const byEmail = {};
  for (const email of emails) {
    const account = accounts.find((a) => a.email === email);
    if (!account) throw new Error(`No account has the email ${email}: was the demo data seeded?`);
    byEmail[email] = [];
    for (let i = 0; i < Number(count); i++) byEmail[email].push(await sessions.create(account.id));
  }
  return byEmail;
});
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, JSON.stringify(tokens));
