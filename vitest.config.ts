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
          // Generous, so that a busy machine slows the suite down instead of failing it; a test that
          // hangs still fails. Under CI's load (three suites on two cores) a test takes 5 to 7 times as
          // long as alone: 60 s made CI red when a 5 s test took 38 (docs/testing.md). Tests set none
          // of their own below these.
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // Files share a worker's module cache (a quarter of the suite's time was imports). Workers are
          // processes (the default pool): in worker threads PGlite's WebAssembly crashed V8 (docs/testing.md).
          isolate: false,
        },
      },
      {
        // Against the production build (npm run build first), mostly in this process; see tests/http/harness.ts.
        extends: true,
        // Packages resolve as for `node server.js`, without the "development" condition Vitest adds
        // (which gave the test process React Router's development build).
        plugins: [
          {
            name: "production-conditions",
            configEnvironment(name, config) {
              if (name === "ssr") config.resolve = { ...config.resolve, conditions: ["node"] };
            },
          },
        ],
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          globalSetup: ["tests/http/server-template.ts"],
          // The build runs as `node server.js` runs it: loaded by Node itself, once, with production React.
          env: { NODE_ENV: "production" },
          server: { deps: { external: [/\/build\/server\//] } },
          // Each worker imports the build once; the apps it runs share nothing (server/services.server.ts).
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
