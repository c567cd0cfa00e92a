import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          globalSetup: ["tests/support/pglite-snapshot.ts"],
          environment: "node",
          // Generous, so that a busy machine slows the suite down instead of failing it (vitest's 5 s made
          // CI red once); a test that hangs still fails.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Against the real production server (npm run build first); see tests/http/harness.ts.
        extends: true,
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          globalSetup: ["tests/http/server-template.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
