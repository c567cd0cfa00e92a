import { defineConfig } from "drizzle-kit";

// Only `generate` uses this file; migrations are applied by the app (see app/db/migrate.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema/index.ts",
  out: "./drizzle",
});
