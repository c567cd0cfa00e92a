import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

import { FRAMEWORK, FRONT_DOOR, JOB_CARDS, SHARED } from "./client-chunks";

export default defineConfig({
  // The server bundle's entry is our own app (JSON endpoints + React Router), so server.js
  // and the command-line tools load one module that holds the whole application.
  environments: {
    client: {
      build: {
        rollupOptions: {
          experimental: { lazyBarrel: true },
          treeshake: { moduleSideEffects: (id) => !FRONT_DOOR.test(id) },
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                { name: "shared", test: SHARED, priority: 1 },
                { name: "job-cards", test: JOB_CARDS, priority: 1 },
              ],
            },
          },
        },
      },
    },
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
